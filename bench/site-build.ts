import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { runMigrations } from '../apps/server/src/db/client.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { createFactsRepo } from '../apps/server/src/modules/locations/facts.repo.ts';
import { createServiceCityRepo } from '../apps/server/src/modules/pages/service-city.repo.ts';
import { createLocationsRepo } from '../apps/server/src/modules/locations/locations.repo.ts';
import { scoreProject } from '../apps/server/src/modules/locations/similarity.job.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/test/helpers/process.ts';
import type { PublishBenchJob } from './publish.ts';
import { seedSite, seedUser } from './site-build-data.ts';
import type { SeedPage } from './site-build-cities.ts';
import { createHugoSite, hugoVersion, runHugo } from './site-build-hugo.ts';
import {
  n,
  printBuild,
  printFloor,
  printGrowth,
  printHugo,
  printSeed,
  printVariant,
  siteLabel,
  type Line,
  type Prepared,
} from './site-build-report.ts';
import type { BuildJob, BuildReport } from './site-build-worker.ts';

// The budget: a static build of 10,000 pages under 10 s in under 512 MB, compared with Hugo.
// The smaller size shows that the build's memory does not grow with the number of pages.
const SIZES = [2_500, 10_000].map((cities) => ({ cities, services: 0 }));
// Service-city pages: every place's page for each of five services (50,000 of them), built at
// the same speed per page in the same memory, compared with Hugo on the same pages.
const WITH_SERVICES = { cities: 10_000, services: 5 };
// BENCH_SITE=cities or services runs one scenario of the group; both run by default.
const SCENARIOS = ['cities', 'services'] as const;
const SITE_URL = 'https://summit-plumbing.example';
// A RAM-backed folder, to tell the builder's own speed from the disk's (Linux only).
const TMPFS = '/dev/shm';

const tmp = (tag: string, root = os.tmpdir()) =>
  fs.mkdtempSync(path.join(root, `cityforge-bench-${tag}-`));
const dbEnv = () =>
  process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : ({} as const);

function hasTmpfs() {
  try {
    fs.accessSync(TMPFS, fs.constants.W_OK);
    return fs.statSync(TMPFS).isDirectory();
  } catch {
    return false;
  }
}

type Size = { cities: number; services: number };

/** Migrates a fresh database and seeds one project per size (and its Hugo twin). */
async function prepare(
  dataDir: string,
  account: { email: string; password: string },
  withHugo: boolean,
  sizes: Size[],
) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...dbEnv() });
  const handle = await openDatabase(config);
  try {
    await runMigrations(handle);
    const userId = await seedUser(handle.db, account.email, account.password);
    const sites: Prepared[] = [];
    for (const size of sizes) {
      const started = performance.now();
      const hugoDir = withHugo ? scratch('hugo') : null;
      const hugo = hugoDir ? createHugoSite(hugoDir) : null;
      const onPage = hugo ? (p: SeedPage) => hugo.add(p) : undefined;
      const seeded = await seedSite(handle.db, userId, size.cities, onPage, size.services);
      hugo?.finish();
      const seedMs = performance.now() - started;
      // Scored, as the server scores a project once a run's pages are written: the quality
      // gate's verdicts, and the FAQs a build takes from the rows instead of the markup.
      const scoring = performance.now();
      // The scoring runs beside the thread that answers requests: its longest stall is the
      // longest a request waits on a scoring.
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      await scoreProject(
        {
          locations: createLocationsRepo(handle.db),
          facts: createFactsRepo(handle.db),
          serviceCities: createServiceCityRepo(handle.db),
        },
        seeded.projectId,
      );
      const scoreMs = performance.now() - scoring;
      stalls.disable();
      const scoreStallMs = stalls.max / 1e6;
      sites.push({ ...seeded, size: size.cities, seedMs, scoreMs, scoreStallMs, hugoDir });
    }
    return { userId, sites };
  } finally {
    await handle.close();
  }
}

/** One cold build in a child process of its own (see site-build-worker.ts). */
function coldBuild(job: BuildJob, v8Flags = SERVER_NODE_FLAGS): Promise<BuildReport> {
  const child = fork(fileURLToPath(new URL('./site-build-worker.ts', import.meta.url)), [], {
    execArgv: ['--expose-gc', ...v8Flags],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (msg: { ok: boolean; report?: BuildReport; error?: string }) =>
      msg.ok ? resolve(msg.report!) : reject(new Error(`build failed: ${msg.error}`)),
    );
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`build worker exited with ${code}`)));
    child.send(job);
  });
}

/** The publish bench (publish.ts) in a child process of its own; its lines printed here. */
function publishInProcess(line: Line, job: PublishBenchJob): Promise<void> {
  const child = fork(fileURLToPath(new URL('./publish-process.ts', import.meta.url)), [], {
    execArgv: [...SERVER_NODE_FLAGS],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (msg: { line?: [string, string, string]; done?: true; error?: string }) => {
      if (msg.line) line(...msg.line);
      else if (msg.done) resolve();
      else reject(new Error(`publish bench failed: ${msg.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`publish bench exited with ${code}`)));
    child.send(job);
  });
}

// Output folders are removed at the very end: on ext4, creating files right after deleting
// thousands is much slower (inode allocation skips recently deleted inodes), and the bench
// should not slow its own later steps down.
const trash: string[] = [];
const scratch = (tag: string, root = os.tmpdir()) => {
  const dir = tmp(tag, root);
  trash.push(dir);
  return dir;
};

/** One cold build; `outDir` (kept until the end) is deployed again by netlify-cli in publish.ts. */
async function buildInto(
  root: string,
  dataDir: string,
  site: Prepared,
  v8Flags = SERVER_NODE_FLAGS,
) {
  const job = {
    dataDir,
    projectId: site.projectId,
    outDir: scratch('out', root),
    siteUrl: SITE_URL,
  };
  return { ...(await coldBuild(job, v8Flags)), outDir: job.outDir };
}

/** Writes as many plain files and bytes as the build did, the way SiteOutput writes them. */
async function diskFloor(r: BuildReport) {
  const dir = scratch('floor');
  const body = Buffer.alloc(Math.round(r.bytes / r.files), 'x');
  const perFolder = 4; // about a county's cities
  const pending = new Set<Promise<void>>();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < r.files; i++) {
    const folder = path.join(dir, `d${Math.floor(i / perFolder)}`);
    if (i % perFolder === 0) await fsp.mkdir(folder, { recursive: true });
    const task = fsp.writeFile(path.join(folder, `f${i}.html`), body).finally(() => {
      pending.delete(task);
    });
    pending.add(task);
    if (pending.size >= 16) await Promise.race(pending);
  }
  await Promise.all(pending);
  return { ms: performance.now() - started, sysMs: process.cpuUsage(cpu0).system / 1000 };
}

async function hugoPeer(line: Line, version: string, site: Prepared, ours: BuildReport[]) {
  const label = `hugo ${version}, ${siteLabel(site)}`;
  if (!site.hugoDir) return;
  const places: Array<[string, string]> = [[os.tmpdir(), 'on disk']];
  if (ours.length > 1 && hasTmpfs()) places.push([TMPFS, 'on tmpfs']);
  for (const [i, [root, where]] of places.entries()) {
    try {
      const run = await runHugo(site.hugoDir, scratch('hugo-out', root));
      printHugo(line, label, run, ours[i]!, where);
    } catch (error) {
      line(`${label}: time`, 'failed', String((error as Error).message).split('\n')[0]);
    }
  }
}

export async function siteBench(line: Line) {
  const [load1] = os.loadavg();
  line(
    'site: machine load (1-min average)',
    load1!.toFixed(2),
    `${os.cpus().length} cores; temp folders in ${os.tmpdir()} (TMPDIR)`,
  );
  const only = process.env.BENCH_SITE;
  if (only && !(SCENARIOS as readonly string[]).includes(only))
    throw new Error(`BENCH_SITE must be one of ${SCENARIOS.join(', ')}`);
  if (!only || only === 'cities') await inFreshDatabase(line, citySites);
  if (!only || only === 'services') await inFreshDatabase(line, serviceCitySite);
}

type Run = {
  line: Line;
  dataDir: string;
  account: { email: string; password: string; userId: string | null };
  version: string | null;
};

/** A scenario on a database of its own, its user removed and its folders gone after. */
async function inFreshDatabase(line: Line, scenario: (run: Run) => Promise<void>) {
  const dataDir = scratch('site');
  const email = `agency-${randomBytes(4).toString('hex')}@example.com`;
  const run: Run = {
    line,
    dataDir,
    account: { email, password: 'agency-pass-1', userId: null },
    version: hugoVersion(),
  };
  try {
    await scenario(run);
  } finally {
    const { userId } = run.account;
    if (userId && process.env.DATABASE_URL) {
      const handle = await openDatabase(loadConfig({ DATA_DIR: dataDir, ...dbEnv() }));
      await handle.db.delete(users).where(eq(users.id, userId));
      await handle.close();
    }
    for (const dir of trash.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * 10,000 places with five services each: 60,000 written pages built cold, Hugo on the same
 * pages, then deployed (first, unchanged, after one service's description changed) and the
 * same folder sent by netlify-cli.
 */
async function serviceCitySite({ line, dataDir, account, version }: Run) {
  const prepared = await prepare(dataDir, account, version !== null, [WITH_SERVICES]);
  account.userId = prepared.userId;
  const site = prepared.sites[0]!;
  printSeed(line, site);
  const report = await buildInto(os.tmpdir(), dataDir, site);
  printBuild(line, site, report);
  if (version) await hugoPeer(line, version, site, [report]);
  else line('hugo peer', 'skipped', 'hugo not installed, skipped (Debian: apt-get install hugo)');
  await publishInProcess(line, {
    dataDir,
    email: account.email,
    password: account.password,
    userId: prepared.userId,
    site,
    builtDir: report.outDir,
    edit: 'service',
  });
}

/** City pages only, at two sizes: growth, the disk's floor, tmpfs, V8 flags, Hugo, deploys. */
async function citySites({ line, dataDir, account, version }: Run) {
  const { email, password } = account;
  const prepared = await prepare(dataDir, account, version !== null, SIZES);
  const userId = prepared.userId;
  account.userId = userId;
  const reports: Array<BuildReport & { outDir: string }> = [];
  for (const site of prepared.sites) {
    printSeed(line, site);
    const report = await buildInto(os.tmpdir(), dataDir, site);
    printBuild(line, site, report);
    reports.push(report);
  }
  printGrowth(line, prepared.sites, reports);

  const many = prepared.sites.at(-1)!;
  const largest = reports.at(-1)!;
  const floor = await diskFloor(largest);
  printFloor(line, largest, floor.ms, floor.sysMs);
  const onLargest = [largest];
  if (hasTmpfs()) {
    const ram = await buildInto(TMPFS, dataDir, many);
    printVariant(line, many, 'on tmpfs', ram, `output in ${TMPFS}: the builder without the disk`);
    onLargest.push(ram);
    const optimizing = await buildInto(TMPFS, dataDir, many, []);
    printVariant(
      line,
      many,
      'V8 default flags',
      optimizing,
      'tmpfs, without --liftoff-only: V8 also compiles PGlite WASM with its optimizing tier',
    );
  } else line(`site build, ${n(many.cities)} cities, on tmpfs`, 'skipped', `no ${TMPFS}`);

  if (!version)
    line('hugo peer', 'skipped', 'hugo not installed, skipped (Debian: apt-get install hugo)');
  else
    for (const [i, site] of prepared.sites.entries())
      await hugoPeer(
        line,
        version,
        site,
        i === prepared.sites.length - 1 ? onLargest : [reports[i]!],
      );
  await publishInProcess(line, {
    dataDir,
    email,
    password,
    userId,
    site: many,
    builtDir: largest.outDir,
  });
}
