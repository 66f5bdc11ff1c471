import { defineConfig } from 'vitest/config';

/**
 * Server test files that are slow by their subject, run by `npm run test:slow` and not by
 * `npm test`: fault injection and fuzzing, real child processes and worker pools, a site of
 * 60,000 cities, a ZIP of 65,540 entries, Netlify's rate windows waited out for real, and a
 * module mock. Each runs in a fresh worker (isolate: true). Two projects, by what the
 * database has to do with them:
 */
/**
 * `server-slow-processes`: the database shared by several processes or left behind by a killed
 * one (migrations at boot, two servers on one store, a deploy, an upload or a generation
 * killed midway and recovered). PGlite and PostgreSQL do this differently (one process's own
 * store, recovered at its next boot; a shared server, swept by the survivors), so `.ci/slow`
 * runs these on both databases.
 */
const SERVER_SLOW_PROCESSES = [
  'apps/server/test/migrations.test.ts',
  'apps/server/test/migrations.workspaces.test.ts',
  'apps/server/test/storage.multi-process.test.ts',
  'apps/server/test/faults.deploy-kill.test.ts',
  'apps/server/test/faults.upload-kill.test.ts',
  'apps/server/test/faults.workers.test.ts',
  'apps/server/test/generation.crash.test.ts',
];
/**
 * `server-slow`: the rest, whose subject is not the database (hostile input, an external
 * service failing, worker threads, a big build, rate windows; main.process only ever boots
 * the embedded one). The database is the same engine on both sides (PGlite is PostgreSQL), and
 * `npm test` runs every route and repo on both, so `.ci/slow` runs these once, on the default.
 */
const SERVER_SLOW = [
  'apps/server/test/faults.flaky-services.test.ts',
  'apps/server/test/*fuzz*.test.ts',
  'apps/server/test/main.process.test.ts',
  'apps/server/test/backup.process.test.ts',
  'apps/server/test/*-thread.test.ts',
  'apps/server/test/publishing.scale.test.ts',
  'apps/server/test/publishing.rate-limits.test.ts',
  'apps/server/test/zip-writer.zip64.test.ts',
  // vi.mock of a module the other files import as it is.
  'apps/server/test/locations.spreadsheet.test.ts',
];

// Three on two cores: a file waiting on its timers, its mail or a child process leaves its core
// to another file (npm test 162 s → 137 s with 2 → 4 here), and with the queues woken rather
// than polled a fourth only adds contention (113–117 s with three against 122–129 s with four,
// quiet, one after the other).
const SERVER_WORKERS = 3;

const server = {
  globalSetup: ['apps/server/test/global-setup.ts'],
  // Hang guards, not speed checks: the same case takes three to four times longer on a loaded CI
  // machine than on an idle one (the longest, 5–9 s idle), and speed is `npm run bench`'s.
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // Vitest's default poll gives up after a second; a poll here waits for something that must
  // happen (a job's retry, a request's end), and a minute stops only a hang.
  expect: { poll: { timeout: 60_000 } },
  fileParallelism: true,
  // As `npm start` runs the server: V8's baseline WASM compiler only. PGlite's 10 MB of WASM
  // otherwise gets an optimizing compile in every worker, seconds of CPU and ~500 MB at peak,
  // for queries no faster (docs/decisions.md, "V8's baseline WASM compiler only"). And the
  // server's resolve hooks, as main.ts loads them: drizzle-orm's files found without re-reading
  // its package.json each.
  execArgv: ['--liftoff-only', '--import', './apps/server/src/resolve-hooks.ts'],
};

// One runner for the whole repo: shared contracts, web logic (node environment) and the
// server's integration suite. Server test files each get a database of their own, from one
// migrated once per run with the job queue installed (see apps/server/test/global-setup.ts);
// on PGlite a worker's files take turns on one, emptied between them (helpers/app.ts).
export default defineConfig({
  test: {
    projects: [
      // Pure logic with no module mocks or globals: a worker's files share its imports (the
      // two projects 9.5 s → 2.1 s of their own, 12 → 3.5 s of CPU). Files that share workers
      // run in one group with the `server` files, so they take as many workers.
      {
        test: {
          name: 'shared',
          include: ['packages/shared/test/**/*.test.ts'],
          isolate: false,
          maxWorkers: SERVER_WORKERS,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.ts'],
          isolate: false,
          maxWorkers: SERVER_WORKERS,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [...SERVER_SLOW, ...SERVER_SLOW_PROCESSES],
          // The files of a worker share one module graph: the app's imports are evaluated
          // and the geography index built once per worker, not once per file. Each file
          // still builds its own app, database and queue (createTestApp); nothing the tests
          // read is module state.
          isolate: false,
          ...server,
          maxWorkers: SERVER_WORKERS,
        },
      },
      // Their files wait on child processes, killed servers and rate windows: three overlap
      // those waits (153 s → 134 s with 2 → 3 here).
      { test: { name: 'server-slow', include: SERVER_SLOW, ...server, maxWorkers: 3 } },
      {
        test: {
          name: 'server-slow-processes',
          include: SERVER_SLOW_PROCESSES,
          ...server,
          maxWorkers: 3,
        },
      },
    ],
  },
});
