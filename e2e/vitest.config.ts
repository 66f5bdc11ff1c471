import { defineConfig } from 'vitest/config';
import { CASE_MS, SETTLE_MS } from './helpers/waits.ts';

// Browser suite: each spec file starts the real built app as a child process (own DATA_DIR,
// own SMTP fake) and drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: CASE_MS,
    hookTimeout: CASE_MS,
    // Three on two cores: a spec waits on the product's timers and background jobs about half
    // its time, and a third overlaps those waits (392 s → 366 s here). A check that passes only
    // when the machine is slow (a second toast with the same title inside the first's 5 s) is a
    // defect of the spec, fixed there, not hidden by fewer workers.
    maxWorkers: 3,
    // Vitest's default poll gives up after one second; every poll here waits for something that
    // must happen, and a poll that gives up on a loaded machine is a red build, not a finding.
    expect: { poll: { timeout: SETTLE_MS, interval: 100 } },
  },
});
