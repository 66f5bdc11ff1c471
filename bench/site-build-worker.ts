import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { projects } from '../apps/server/src/db/schema/index.ts';
import { createPublishingRepo } from '../apps/server/src/modules/publishing/publishing.repo.ts';
import { buildSite } from '../apps/server/src/modules/publishing/site-build.ts';
import { createSiteOutput } from '../apps/server/src/modules/publishing/site-output.ts';

/**
 * Runs in a child process of its own (forked by site-build.ts), so the memory figures are the
 * build's and nothing else's: the process opens the database, notes its memory, then builds
 * one project's site into `outDir`. The heap is sampled every 50 ms on this thread; RSS every
 * 10 ms from a sampler thread, which keeps sampling while this thread is busy (V8 compiling
 * PGlite's WASM in the background makes short RSS spikes). The kernel's own peak RSS of the
 * whole process life (resourceUsage().maxRSS) is reported too.
 */

/** Peak process RSS since the last message, sampled off the main thread. */
const RSS_SAMPLER = `
const { parentPort } = require('node:worker_threads');
let peak = 0;
setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 10);
parentPort.on('message', () => { parentPort.postMessage(peak); peak = 0; });
`;

export type BuildJob = { dataDir: string; projectId: string; outDir: string; siteUrl: string };
export type Memory = { rss: number; heapUsed: number; external: number };
export type BuildReport = {
  openMs: number;
  buildMs: number;
  pages: number;
  files: number;
  bytes: number;
  filesOnDisk: number;
  before: Memory;
  peak: Memory;
  /** Peak RSS of the whole process life, from the kernel (includes module loading, db open). */
  maxRss: number;
  samples: number;
  cpu: NodeJS.CpuUsage;
  /** Time waiting for city reads (stubs, then content in batches), and their number. */
  reads: { ms: number; batches: number };
};

function sample(): Memory {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
}

function countFiles(dir: string): number {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .length;
}

const NO_IMAGES = { open: async () => null };

async function run(job: BuildJob): Promise<BuildReport> {
  const opened = performance.now();
  const handle = await openDatabase(
    loadConfig({
      DATA_DIR: job.dataDir,
      LOG_LEVEL: 'silent',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    }),
  );
  try {
    const [project] = await handle.db
      .select()
      .from(projects)
      .where(eq(projects.id, job.projectId))
      .limit(1);
    if (!project) throw new Error(`no project ${job.projectId}`);
    // The city stream is most of the build's database time; time it on its own.
    const plain = createPublishingRepo(handle.db);
    const reads = { ms: 0, batches: 0 };
    const timed =
      <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const started = performance.now();
        try {
          return await read(...args);
        } finally {
          reads.ms += performance.now() - started;
          reads.batches += 1;
        }
      };
    const repo = {
      ...plain,
      cityStubs: timed(plain.cityStubs) as unknown as typeof plain.cityStubs,
      cityContents: timed(plain.cityContents) as unknown as typeof plain.cityContents,
    };
    const openMs = performance.now() - opened;

    globalThis.gc?.();
    const sampler = new Worker(RSS_SAMPLER, { eval: true });
    const peakRss = () =>
      new Promise<number>((resolve) => {
        sampler.once('message', resolve);
        sampler.postMessage('peak');
      });
    await peakRss();
    const before = sample();
    const peak = { ...before };
    let samples = 0;
    const take = () => {
      const now = sample();
      samples += 1;
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
      peak.external = Math.max(peak.external, now.external);
    };
    const timer = setInterval(take, 50);
    const started = performance.now();
    const cpu0 = process.cpuUsage();
    const out = createSiteOutput(job.outDir);
    // The bench's projects have pages and cities only, no images.
    const built = await buildSite({ project, siteUrl: job.siteUrl, repo, images: NO_IMAGES, out });
    const buildMs = performance.now() - started;
    const cpu = process.cpuUsage(cpu0);
    clearInterval(timer);
    take();
    peak.rss = Math.max(peak.rss, await peakRss());
    await sampler.terminate();
    return {
      openMs,
      buildMs,
      pages: built.pages,
      files: built.files,
      bytes: built.bytes,
      filesOnDisk: countFiles(job.outDir),
      before,
      peak,
      maxRss: process.resourceUsage().maxRSS * 1024,
      samples,
      cpu,
      reads,
    };
  } finally {
    await handle.close();
  }
}

process.once('message', (job: BuildJob) => {
  run(job).then(
    (report) => process.send!({ ok: true, report }, () => process.exit(0)),
    (error: unknown) =>
      process.send!({ ok: false, error: String((error as Error)?.stack ?? error) }, () =>
        process.exit(1),
      ),
  );
});
