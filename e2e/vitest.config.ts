import { defineConfig } from 'vitest/config';

// Browser suite: each spec file starts the real built app as a child process (own DATA_DIR,
// own SMTP fake) and drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Three on two cores: a spec mostly waits (for the app's polls, its queue, its mail), so a
    // third overlaps those waits (22 files: 305 s with two, 278 s with three, here).
    maxWorkers: 3,
    // Vitest's default poll gives up after one second; a screen that answers after a network
    // round trip on a loaded CI machine takes longer than that, and a poll that fails is a
    // flaky red build, not a finding. Every poll here waits for something that must happen.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
