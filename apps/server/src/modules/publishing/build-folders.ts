import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../lib/logger.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PublishingRepo } from './publishing.repo.ts';

/** Where a deploy is built on this process's own disk: the folder is that deploy's alone. */
export const buildFolderOf = (dataDir: string, deployId: string) =>
  path.join(dataDir, 'deploys', deployId);

/**
 * A process killed mid-deploy leaves its build folder behind on its own disk. At a worker's
 * start every folder whose deploy is over (or unknown) goes; one whose deploy still runs is
 * left alone, since processes of one machine may share a DATA_DIR. Answers how many went.
 */
export async function sweepBuildFolders(
  dataDir: string,
  repo: Pick<PublishingRepo, 'activeDeployIds'>,
): Promise<number> {
  const root = path.join(dataDir, 'deploys');
  const names = await fs.readdir(root).catch(() => [] as string[]);
  const ids = names.filter(isUuid);
  const running = await repo.activeDeployIds(ids);
  let removed = 0;
  for (const id of ids.filter((i) => !running.has(i))) {
    await fs.rm(path.join(root, id), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * An earlier release built big sites ahead of their first deploy into `DATA_DIR/prebuilt/`
 * (160 MB each; docs/decisions.md, "Sites are not built ahead"): nothing reads them any more, so
 * they go at a worker's start. Answers how many files went.
 */
export async function sweepSitesBuiltAhead(dataDir: string): Promise<number> {
  const root = path.join(dataDir, 'prebuilt');
  const names = await fs.readdir(root).catch(() => [] as string[]);
  await fs.rm(root, { recursive: true, force: true });
  return names.length;
}

export type FolderBin = {
  /** A deploy starts on this process: removals wait until none runs. */
  started(): void;
  /** A deploy ended; its folder goes once this process has had no deploy for a moment. */
  finished(dir: string): void;
  /** Removes every waiting folder now (at shutdown). */
  empty(): void;
};

/**
 * Where finished deploys' build folders wait to be removed. Removing the 13,000 files of a big
 * site takes ~0.4 s of the disk's and the CPU's time; done at once, it ran beside the next
 * deploy, and an unchanged redeploy right after a first deploy took twice its time. So a folder
 * goes only once no deploy has run on this process for `settleMs`, or at once when more than
 * `maxWaiting` wait or the oldest has waited `maxWaitMs` (back-to-back deploys never starve the
 * disk). A folder left by a killed process goes at the next start (sweepBuildFolders).
 */
export function createFolderBin(
  logger: Pick<Logger, 'warn'>,
  opts: { settleMs?: number; maxWaiting?: number; maxWaitMs?: number } = {},
): FolderBin {
  const settleMs = opts.settleMs ?? 2_000;
  const maxWaiting = opts.maxWaiting ?? 4;
  const maxWaitMs = opts.maxWaitMs ?? 60_000;
  const waiting = new Map<string, number>();
  let running = 0;
  let timer: NodeJS.Timeout | null = null;

  const remove = (dir: string) => {
    waiting.delete(dir);
    fs.rm(dir, { recursive: true, force: true }).catch((err: unknown) =>
      logger.warn({ err, dir }, 'a build folder could not be removed'),
    );
  };
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    started() {
      running++;
      cancel();
    },
    finished(dir) {
      running = Math.max(0, running - 1);
      waiting.set(dir, Date.now());
      const now = Date.now();
      for (const [old, since] of waiting)
        if (waiting.size > maxWaiting || now - since >= maxWaitMs) remove(old);
      if (running > 0 || !waiting.size) return;
      cancel();
      timer = setTimeout(() => {
        timer = null;
        if (running === 0) for (const old of [...waiting.keys()]) remove(old);
      }, settleMs);
      timer.unref();
    },
    empty() {
      cancel();
      for (const dir of waiting.keys()) rmSync(dir, { recursive: true, force: true });
      waiting.clear();
    },
  };
}
