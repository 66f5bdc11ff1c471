import { defineConfig } from 'vitest/config';

// Browser suite: each spec file starts the real built app as a child process (own DATA_DIR,
// own SMTP fake) and drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Three on two cores: a spec waits on the product's timers and background jobs about half
    // its time, and a third overlaps those waits (392 s → 366 s here). A check that passes only
    // when the machine is slow (a second toast with the same title inside the first's 5 s) is a
    // defect of the spec, fixed there, not hidden by fewer workers.
    maxWorkers: 3,
    // Vitest's default poll gives up after one second; a screen that answers after a network
    // round trip on a loaded CI machine takes longer than that, and a poll that fails is a
    // flaky red build, not a finding. Every poll here waits for something that must happen.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
