import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { cities, projectImages, projects, type ProjectImageRow } from '../../db/schema/index.ts';

export type NewProjectImage = typeof projectImages.$inferInsert & { id: string };

export function createImagesRepo(db: Db) {
  return {
    async insert(row: NewProjectImage, tx: Executor = db): Promise<ProjectImageRow> {
      const [inserted] = await tx.insert(projectImages).values(row).returning();
      return inserted!;
    },

    /** Newest first, as the editor's image picker lists them (places' photos are not in it). */
    listOf(projectId: string, tx: Executor = db): Promise<ProjectImageRow[]> {
      return tx
        .select()
        .from(projectImages)
        .where(and(eq(projectImages.projectId, projectId), isNull(projectImages.sourceUrl)))
        .orderBy(desc(projectImages.createdAt), desc(projectImages.id));
    },

    /** How many images the project has. */
    async countOf(projectId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(projectImages)
        .where(eq(projectImages.projectId, projectId));
      return row?.n ?? 0;
    },

    /** The project's stored copy of the photo at this address, when it has one. */
    async photoFrom(projectId: string, url: string, tx: Executor = db) {
      const [row] = await tx
        .select({ file: projectImages.file })
        .from(projectImages)
        .where(and(eq(projectImages.projectId, projectId), eq(projectImages.sourceUrl, url)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The project's photos no place gives any more (an address replaced, a place deleted):
     * their rows go, so builds leave them out and the sweep removes their files.
     */
    async prunePhotos(projectId: string, tx: Executor = db): Promise<number> {
      const gone = await tx
        .delete(projectImages)
        .where(
          and(
            eq(projectImages.projectId, projectId),
            sql`${projectImages.sourceUrl} is not null`,
            sql`not exists (select 1 from ${cities} c where c.project_id = ${projectId} and c.photo_url = ${projectImages.sourceUrl})`,
          ),
        )
        .returning({ id: projectImages.id });
      return gone.length;
    },

    /** Every stored file of a project, or of every project of a user. */
    async filesOf(owner: { projectId: string } | { userId: string }, tx: Executor = db) {
      const where =
        'projectId' in owner
          ? eq(projectImages.projectId, owner.projectId)
          : inArray(
              projectImages.projectId,
              tx
                .select({ id: projects.id })
                .from(projects)
                .where(eq(projects.userId, owner.userId)),
            );
      const rows = await tx.select({ file: projectImages.file }).from(projectImages).where(where);
      return rows.map((r) => r.file);
    },

    /** Which of these ids still have a row. */
    async existing(ids: string[], tx: Executor = db): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await tx
        .select({ id: projectImages.id })
        .from(projectImages)
        .where(inArray(projectImages.id, ids));
      return new Set(rows.map((r) => r.id));
    },

    /** By its primary key (the name starts with the row id) and its whole stored name. */
    async findByFile(id: string, file: string, tx: Executor = db): Promise<ProjectImageRow | null> {
      const [row] = await tx
        .select()
        .from(projectImages)
        .where(and(eq(projectImages.id, id), eq(projectImages.file, file)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type ImagesRepo = ReturnType<typeof createImagesRepo>;
