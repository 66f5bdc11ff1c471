import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import { cities, pageVersions, pages, type PageRow } from '../../db/schema/index.ts';

/** Whose version a row is: a site page (homepage, main, service) or a city page. */
export type VersionOwner = { pageId: string } | { cityId: string };
/** What an edit changes and a version keeps. */
export type PageState = { contentHtml: string; metaTags: string };
export type VersionSummary = { id: string; name: string; createdAt: Date };

// Both tables share the columns read and written here (id, status, content, meta tags).
const tableOf = (owner: VersionOwner) => ('cityId' in owner ? cities : pages) as typeof pages;
const idOf = (owner: VersionOwner) => ('cityId' in owner ? owner.cityId : owner.pageId);
const ownedBy = (owner: VersionOwner) =>
  'cityId' in owner ? eq(pageVersions.cityId, owner.cityId) : eq(pageVersions.pageId, owner.pageId);
const newestFirst = [desc(pageVersions.createdAt), desc(pageVersions.id)];

/** Page content writes and page versions: storage only, the rules live in the service. */
export function createEditorRepo(db: Db) {
  return {
    async homepage(projectId: string): Promise<PageRow | null> {
      const [row] = await db
        .select()
        .from(pages)
        .where(and(eq(pages.projectId, projectId), eq(pages.kind, 'homepage')))
        .limit(1);
      return row ?? null;
    },

    /** The page's row, locked until the transaction ends, so two saves take turns. */
    async lock(owner: VersionOwner, tx: Executor) {
      const table = tableOf(owner);
      const [row] = await tx
        .select({
          status: table.status,
          contentHtml: table.contentHtml,
          metaTags: table.metaTags,
          failureReason: table.failureReason,
        })
        .from(table)
        .where(eq(table.id, idOf(owner)))
        .for('update');
      return row ?? null;
    },

    /** Writes a written page's content; false when it is (again) being generated. */
    async write(owner: VersionOwner, state: PageState, tx: Executor): Promise<boolean> {
      const table = tableOf(owner);
      const rows = await tx
        .update(table)
        .set({ ...state, updatedAt: new Date() })
        .where(
          and(
            eq(table.id, idOf(owner)),
            eq(table.status, PAGE_STATUS.completed),
            isNotNull(table.contentHtml),
          ),
        )
        .returning({ id: table.id });
      return rows.length > 0;
    },

    versions(owner: VersionOwner, tx: Executor = db): Promise<VersionSummary[]> {
      return tx
        .select({ id: pageVersions.id, name: pageVersions.name, createdAt: pageVersions.createdAt })
        .from(pageVersions)
        .where(ownedBy(owner))
        .orderBy(...newestFirst);
    },

    async latest(owner: VersionOwner, tx: Executor) {
      const [row] = await tx
        .select()
        .from(pageVersions)
        .where(ownedBy(owner))
        .orderBy(...newestFirst)
        .limit(1);
      return row ?? null;
    },

    async insert(
      values: { projectId: string; name: string; createdAt: Date } & VersionOwner & PageState,
      tx: Executor,
    ) {
      await tx.insert(pageVersions).values(values);
    },

    async remove(ids: string[], tx: Executor) {
      if (ids.length) await tx.delete(pageVersions).where(inArray(pageVersions.id, ids));
    },

    async find(projectId: string, versionId: string, owner: VersionOwner) {
      const [row] = await db
        .select()
        .from(pageVersions)
        .where(
          and(
            eq(pageVersions.id, versionId),
            eq(pageVersions.projectId, projectId),
            ownedBy(owner),
          ),
        )
        .limit(1);
      return row ?? null;
    },
  };
}
export type EditorRepo = ReturnType<typeof createEditorRepo>;
