import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { pageVersions } from '../../db/schema/index.ts';

/** Whose version a row is: a site page (homepage, main, service) or a city page. */
export type VersionOwner = { pageId: string } | { cityId: string } | { serviceCityId: string };
/** What an edit changes and a version keeps. */
export type PageState = { contentHtml: string; metaTags: string };
export type VersionSummary = {
  id: string;
  name: string;
  createdAt: Date;
  /** A regenerated page waiting for the owner to pick it or keep theirs. */
  proposed?: boolean;
};

const ownedBy = (owner: VersionOwner) =>
  'cityId' in owner
    ? eq(pageVersions.cityId, owner.cityId)
    : 'serviceCityId' in owner
      ? eq(pageVersions.serviceCityId, owner.serviceCityId)
      : eq(pageVersions.pageId, owner.pageId);
const newestFirst = [desc(pageVersions.createdAt), desc(pageVersions.id)];

/**
 * Saved states of a page (the editor's versions) and regenerated pages waiting beside it
 * (proposals): storage only, the rules live in versions.ts and the services.
 */
export function createVersionsRepo(db: Db) {
  return {
    versions(owner: VersionOwner, tx: Executor = db): Promise<Required<VersionSummary>[]> {
      return tx
        .select({
          id: pageVersions.id,
          name: pageVersions.name,
          createdAt: pageVersions.createdAt,
          proposed: pageVersions.proposed,
        })
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

    /** The page's versions with their content, newest first (the few a rule reads back). */
    async history(owner: VersionOwner, limit: number, tx: Executor = db) {
      return tx
        .select()
        .from(pageVersions)
        .where(ownedBy(owner))
        .orderBy(...newestFirst)
        .limit(limit);
    },

    async insert(
      values: {
        projectId: string;
        name: string;
        createdAt: Date;
        proposed?: boolean;
      } & VersionOwner &
        PageState,
      tx: Executor,
    ) {
      await tx.insert(pageVersions).values(values);
    },

    async remove(ids: string[], tx: Executor) {
      if (ids.length) await tx.delete(pageVersions).where(inArray(pageVersions.id, ids));
    },

    async find(projectId: string, versionId: string, owner: VersionOwner, tx: Executor = db) {
      const [row] = await tx
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

    /** The regenerated page waiting beside this one, if any (there is at most one). */
    async proposal(owner: VersionOwner, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(pageVersions)
        .where(and(ownedBy(owner), eq(pageVersions.proposed, true)))
        .orderBy(...newestFirst)
        .limit(1);
      return row ?? null;
    },

    /** The proposal picked: an ordinary version from now on, dated as the page's newest. */
    async adopt(versionId: string, createdAt: Date, tx: Executor) {
      await tx
        .update(pageVersions)
        .set({ proposed: false, createdAt })
        .where(eq(pageVersions.id, versionId));
    },

    /** Waiting proposals become ordinary versions: picked, set aside, or replaced by a newer one. */
    async settleProposals(owner: VersionOwner, tx: Executor) {
      await tx
        .update(pageVersions)
        .set({ proposed: false })
        .where(and(ownedBy(owner), eq(pageVersions.proposed, true)));
    },
  };
}
export type VersionsRepo = ReturnType<typeof createVersionsRepo>;
