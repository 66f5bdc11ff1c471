import fs from 'node:fs/promises';
import path from 'node:path';
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
