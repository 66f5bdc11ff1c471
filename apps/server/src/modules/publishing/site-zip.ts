import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import type { ProjectRow } from '../../db/schema/index.ts';
import { ChildJobError, createChildPool, type ChildBudget } from '../../lib/child-pool.ts';
import { AppError, type AppErrorCode } from '../../lib/errors.ts';
import { storeEnvironment, type StoreSettings } from '../../lib/storage/open-store.ts';
import type { SiteReads } from './site-build.ts';
import { SITE_READS } from './site-reads.ts';
import type { SiteZipAnswer, SiteZipJob } from './site-zip-worker.ts';

/**
 * How long and how much memory one site ZIP's build may take before it is stopped, and how
 * long a download waits for a build process (`queueMs`) before it is refused as busy.
 */
export type SiteZipBudget = ChildBudget & { queueMs: number };

// The defaults of SITE_ZIP_TIMEOUT_SECONDS and SITE_ZIP_MEMORY_MB: the build streams cities in
// batches and writes each page to disk as it is made, so memory stays flat whatever the size;
// the largest allowed site (50,000 city pages) builds in a few minutes on a small machine.
export const DEFAULT_SITE_ZIP_BUDGET: Readonly<SiteZipBudget> = {
  timeoutMs: 600_000,
  memoryMb: 512,
  queueMs: 15_000,
};

/** Build processes per API process; further downloads wait their turn (a user holds 2 at most). */
const PROCESSES = 2;

const tooSlow = () =>
  new AppError(
    'unprocessable',
    'The site took too long to build for a download. Try again later; if it keeps failing, contact support.',
  );
const tooBig = () =>
  new AppError(
    'unprocessable',
    'The site needs more memory to build than a download may use. Contact support.',
  );

// Both build processes are busy (another user's big site, say): better to say so than to keep
// the request waiting for minutes.
const busy = () =>
  new AppError('unavailable', 'Site downloads are busy right now. Try again in a minute.');

const WORKER_PATH = fileURLToPath(new URL('./site-zip-worker.ts', import.meta.url));
const pools = new Map<string, ReturnType<typeof createChildPool<SiteZipJob, SiteZipAnswer>>>();

function poolFor(budget: SiteZipBudget, store: StoreSettings) {
  // The child's environment has only what opening the store needs (see storeEnvironment).
  const env = storeEnvironment(store);
  const key = `${budget.timeoutMs}/${budget.memoryMb}/${JSON.stringify(env)}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = createChildPool<SiteZipJob, SiteZipAnswer>({
      workerPath: WORKER_PATH,
      budget,
      processes: PROCESSES,
      tooSlow,
      tooBig,
      busy,
      label: "site download's build",
      env,
    });
    pools.set(key, pool);
  }
  return pool;
}

/**
 * The built site as a ZIP, for hosting anywhere. It is built and zipped in a child process
 * with a heap cap and a deadline (the API process only answers the build's database reads),
 * into a temporary folder on this process's own disk (this request's alone); the ZIP is streamed
 * from disk and the folder removed when the stream ends or fails. Images come from the file
 * store, so any API process can build any project's ZIP.
 */
export async function siteZip(opts: {
  project: ProjectRow;
  siteUrl?: string;
  repo: SiteReads;
  store: StoreSettings;
  tmpRoot?: string;
  budget?: SiteZipBudget;
  /** The client left: the build stops (or never starts) and its folder goes. */
  signal?: AbortSignal;
}): Promise<{ stream: Readable; files: number; missing: string[] }> {
  const root = opts.tmpRoot ?? os.tmpdir();
  await fs.mkdir(root, { recursive: true });
  const dir = await fs.mkdtemp(path.join(root, 'site-'));
  const cleanup = () => void fs.rm(dir, { recursive: true, force: true });
  const reads = opts.repo as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  // The build's reads, and nothing else of the repo, are answered to the child.
  const calls = Object.fromEntries(
    SITE_READS.map((method) => [
      method,
      (...args: unknown[]) => reads[method]!.apply(opts.repo, args),
    ]),
  );
  const budget = opts.budget ?? DEFAULT_SITE_ZIP_BUDGET;
  try {
    const { files, missing } = await poolFor(budget, opts.store)(
      { project: opts.project, siteUrl: opts.siteUrl, dir, store: opts.store },
      calls,
      { signal: opts.signal, maxWaitMs: budget.queueMs },
    );
    const stream = createReadStream(path.join(dir, 'site.zip'));
    stream.once('close', cleanup);
    return { stream, files, missing };
  } catch (error) {
    cleanup();
    // A refusal of the build (nothing to publish) reaches the user as it would have in-process.
    if (error instanceof ChildJobError && error.code)
      throw new AppError(error.code as AppErrorCode, error.message);
    throw error;
  }
}
