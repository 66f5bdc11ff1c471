import { and, eq, isNotNull } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import { cities, pages, serviceCityPages, type PageRow } from '../../db/schema/index.ts';
import type { SectionPrints } from '../pages/index.ts';
import { createVersionsRepo, type PageState, type VersionOwner } from '../pages/index.ts';

// The tables share the columns read and written here (id, status, content, meta tags).
const tableOf = (owner: VersionOwner) =>
  ('cityId' in owner
    ? cities
    : 'serviceCityId' in owner
      ? serviceCityPages
      : pages) as unknown as typeof pages;
const idOf = (owner: VersionOwner) =>
  'cityId' in owner ? owner.cityId : 'serviceCityId' in owner ? owner.serviceCityId : owner.pageId;

/** Page content writes and page versions: storage only, the rules live in the service. */
export function createEditorRepo(db: Db) {
  return {
    ...createVersionsRepo(db),

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

    /**
     * Writes a written page's content; false when it is (again) being generated. A hand edit
     * leaves the prints (what was generated) as they are; a regenerated page brings its own.
     */
    async write(
      owner: VersionOwner,
      state: PageState & { sectionPrints?: SectionPrints },
      tx: Executor,
    ): Promise<boolean> {
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
  };
}
export type EditorRepo = ReturnType<typeof createEditorRepo>;
