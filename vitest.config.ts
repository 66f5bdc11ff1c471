import { defineConfig } from 'vitest/config';

/**
 * Server test files that run in a fresh worker each (isolate: true), kept out of the shared
 * one: fault injection and fuzzing (long, and CI runs them beside the rest with
 * `--project server-slow`), real child processes and worker pools, and a module mock.
 */
const SERVER_SLOW = [
  'apps/server/test/faults.*.test.ts',
  'apps/server/test/*fuzz*.test.ts',
  'apps/server/test/generation.crash.test.ts',
  'apps/server/test/main.process.test.ts',
  'apps/server/test/storage.multi-process.test.ts',
  'apps/server/test/migrations.test.ts',
  'apps/server/test/*-thread.test.ts',
  // vi.mock of a module the other files import as it is.
  'apps/server/test/locations.spreadsheet.test.ts',
];

const server = {
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  fileParallelism: true,
  maxWorkers: 2,
  // As `npm start` runs the server: V8's baseline WASM compiler only. PGlite's 10 MB of WASM
  // otherwise gets an optimizing compile in every worker, seconds of CPU and ~500 MB at peak,
  // for queries no faster (docs/decisions.md, issue 23).
  execArgv: ['--liftoff-only'],
};

// One runner for the whole repo: shared contracts, web logic (node environment) and the
// server's integration suite. Server test files each get a database copied from one
// migrated once per run, the job queue installed (see apps/server/test/global-setup.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: SERVER_SLOW,
          // The files of a worker share one module graph: the app's imports are evaluated
          // and the geography index built once per worker, not once per file. Each file
          // still builds its own app, database and queue (createTestApp); nothing the tests
          // read is module state.
          isolate: false,
          ...server,
        },
      },
      {
        test: {
          name: 'server-slow',
          include: SERVER_SLOW,
          ...server,
        },
      },
    ],
  },
});
