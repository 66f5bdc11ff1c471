import { defineConfig } from 'vitest/config';

// Browser suite: each spec file starts the real built app as a child process (own DATA_DIR,
// own SMTP fake) and drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
  },
});
