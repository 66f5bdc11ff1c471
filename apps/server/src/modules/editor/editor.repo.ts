import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { pages, type PageRow } from '../../db/schema/index.ts';
import {
  contentIdOf,
  contentTableOf,
  createVersionsRepo,
  writePageContent,
  type VersionOwner,
} from '../pages/index.ts';

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
      const table = contentTableOf(owner);
      const [row] = await tx
        .select({
          status: table.status,
          contentHtml: table.contentHtml,
          metaTags: table.metaTags,
          failureReason: table.failureReason,
        })
        .from(table)
        .where(eq(table.id, contentIdOf(owner)))
        .for('update');
      return row ?? null;
    },

    /**
     * Writes a written page's content; false when it is (again) being generated. A hand edit
     * leaves the prints (what was generated) as they are; a regenerated page brings its own.
     */
    write: writePageContent,
  };
}
export type EditorRepo = ReturnType<typeof createEditorRepo>;
