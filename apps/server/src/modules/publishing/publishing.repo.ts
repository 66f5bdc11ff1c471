import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { siteMemos } from '../../db/schema/index.ts';
import type { MemoFiles } from './build-memo.ts';
import { createDeploysRepo } from './deploys.repo.ts';
import { createSiteAddressesRepo } from './site-addresses.repo.ts';
import { createSiteReadsRepo } from './site-reads.repo.ts';

export type { DeployPatch } from './deploys.repo.ts';
export type { CityOwn, CityStub } from './site-reads.repo.ts';

/** What the last deploy of each project sent (build-memo.ts), kept for the next one. */
function createSiteMemoRepo(db: Db) {
  return {
    /** What the last deploy of the project sent, and to which Netlify site. */
    async siteMemo(projectId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(siteMemos)
        .where(eq(siteMemos.projectId, projectId))
        .limit(1);
      return row
        ? { siteId: row.siteId, files: JSON.parse(row.files) as MemoFiles, raw: row.files }
        : null;
    },
    /** `files` is the JSON of the memo's files (MemoFiles). */
    async saveSiteMemo(projectId: string, siteId: string, files: string, tx: Executor = db) {
      const now = new Date();
      await tx
        .insert(siteMemos)
        .values({ projectId, siteId, files, updatedAt: now })
        .onConflictDoUpdate({
          target: siteMemos.projectId,
          set: { siteId, files, updatedAt: now },
        });
    },
  };
}

/**
 * Publishing's tables: the deploys, the site's reads for a build, the deploys' memos, and the
 * addresses the site ever published.
 */
export function createPublishingRepo(db: Db) {
  return {
    ...createDeploysRepo(db),
    ...createSiteReadsRepo(db),
    ...createSiteMemoRepo(db),
    ...createSiteAddressesRepo(db),
  };
}
export type PublishingRepo = ReturnType<typeof createPublishingRepo>;
