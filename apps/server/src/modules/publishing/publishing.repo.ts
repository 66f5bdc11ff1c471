import { and, asc, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { PAGE_STATUS, type TDeployState } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import {
  cities,
  deploys,
  locationCounties,
  locationStates,
  pages,
  projectImages,
  projects,
  siteMemos,
  type DeployRow,
} from '../../db/schema/index.ts';
import { imageFileOf } from '../../lib/image-names.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { factProjectsOf, heldSql } from '../pages/quality-gate.ts';
import { citiesPastSeats } from '../locations/city-seats.ts';
import type { MemoFiles } from './build-memo.ts';
import type { Faq } from '@cityforge/shared/html';

const ACTIVE: TDeployState[] = ['queued', 'building', 'uploading', 'processing'];

export type DeployPatch = Partial<
  Pick<
    DeployRow,
    | 'state'
    | 'filesTotal'
    | 'filesToUpload'
    | 'filesUploaded'
    | 'error'
    | 'errorKind'
    | 'note'
    | 'indexNow'
    | 'netlifyDeployId'
    | 'siteUrl'
    | 'finishedAt'
  >
>;

/** A city without its page's content, as a build reads it. */
export type CityOwn = {
  id: string;
  countyId: string;
  name: string;
  slug: string;
  zips: string[];
  status: string;
  contentHash: string | null;
  hasContent: boolean;
  updatedAt: Date;
  /** Staged releases: a written page is on the site once released (site-locations.ts). */
  releasedAt: Date | null;
  /** Below the quality gate: published noindex, out of the sitemap and the featured links. */
  held: boolean;
};
/** CityOwn as JSON: its dates as text. */
type CityOwnJson = Omit<CityOwn, 'updatedAt' | 'releasedAt'> & {
  updatedAt: string;
  releasedAt: string | null;
};
/** Every city as one JSON object of CityOwn's fields (`factProjects`: see heldSql). */
const cityOwnJson = (factProjects: readonly string[]) =>
  sql<string>`coalesce(json_agg(json_build_object('id', ${cities.id}, 'countyId', ${cities.countyId}, 'name', ${cities.name}, 'slug', ${cities.slug}, 'zips', ${cities.zips}, 'status', ${cities.status}, 'contentHash', ${cities.contentHash}, 'hasContent', ${cities.contentHtml} is not null, 'updatedAt', ${cities.updatedAt}, 'releasedAt', ${cities.releasedAt}, 'held', ${heldSql({ factProjects })})), '[]')::text`;
const fromCityOwnJson = (list: string): CityOwn[] =>
  (JSON.parse(list) as CityOwnJson[]).map((city) => ({
    ...city,
    updatedAt: new Date(city.updatedAt),
    releasedAt: city.releasedAt === null ? null : new Date(city.releasedAt),
  }));
// What a city page is rendered from. Not the model's structured answer (`content`): the page
// follows its HTML (a user's edit may have changed it), and reading it doubled a build's reads.
const CITY_CONTENT = {
  contentHtml: cities.contentHtml,
  metaTags: cities.metaTags,
  // The FAQs the scoring read from this very content; null when it changed since.
  faqs: sql<
    Faq[] | null
  >`case when ${cities.faqsHash} = ${cities.contentHash} then ${cities.faqs} end`,
};

export function createPublishingRepo(db: Db) {
  return {
    /**
     * A new deploy, or null while another one of the project is still running. Inside a
     * transaction a null leaves it aborted: the caller must roll it back.
     */
    async startDeploy(projectId: string, tx: Executor = db): Promise<DeployRow | null> {
      try {
        const [row] = await tx.insert(deploys).values({ projectId }).returning();
        return row!;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },
    async findDeploy(id: string): Promise<DeployRow | null> {
      const [row] = await db.select().from(deploys).where(eq(deploys.id, id)).limit(1);
      return row ?? null;
    },
    /** Which of these deploys are still running (queued or under way). */
    async activeDeployIds(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: deploys.id })
        .from(deploys)
        .where(and(inArray(deploys.id, ids), inArray(deploys.state, ACTIVE)));
      return new Set(rows.map((r) => r.id));
    },
    async latestDeploy(projectId: string): Promise<DeployRow | null> {
      const [row] = await db
        .select()
        .from(deploys)
        .where(eq(deploys.projectId, projectId))
        .orderBy(desc(deploys.startedAt))
        .limit(1);
      return row ?? null;
    },
    /** Every write is also a heartbeat: the worker running the deploy is alive. */
    async updateDeploy(id: string, patch: DeployPatch): Promise<void> {
      await db
        .update(deploys)
        .set({ ...patch, heartbeatAt: new Date() })
        .where(eq(deploys.id, id));
    },
    /**
     * Running deploys of the project whose worker stopped beating before `before` end as
     * interrupted, so they no longer block the next publish.
     */
    async abandonStale(projectId: string, before: Date, message: string): Promise<number> {
      const rows = await db
        .update(deploys)
        .set({ state: 'error', error: message, errorKind: 'interrupted', finishedAt: new Date() })
        .where(
          and(
            eq(deploys.projectId, projectId),
            inArray(deploys.state, ACTIVE),
            lt(deploys.heartbeatAt, before),
          ),
        )
        .returning({ id: deploys.id });
      return rows.length;
    },

    /** The same for every project: the recovery sweep after a worker died. */
    async abandonAllStale(before: Date, message: string): Promise<number> {
      const rows = await db
        .update(deploys)
        .set({ state: 'error', error: message, errorKind: 'interrupted', finishedAt: new Date() })
        .where(and(inArray(deploys.state, ACTIVE), lt(deploys.heartbeatAt, before)))
        .returning({ id: deploys.id });
      return rows.length;
    },

    // The site's content, read in the order the build writes it.

    sitePages(projectId: string) {
      return db
        .select()
        .from(pages)
        .where(and(eq(pages.projectId, projectId), eq(pages.status, PAGE_STATUS.completed)))
        .orderBy(asc(pages.kind), asc(pages.sortOrder), asc(pages.name));
    },
    siteStates(projectId: string) {
      return db
        .select({
          id: locationStates.id,
          code: locationStates.code,
          name: locationStates.name,
          slug: locationStates.slug,
        })
        .from(locationStates)
        .where(eq(locationStates.projectId, projectId))
        .orderBy(asc(locationStates.name));
    },
    siteCounties(projectId: string) {
      return db
        .select({
          id: locationCounties.id,
          stateId: locationCounties.stateId,
          name: locationCounties.name,
          slug: locationCounties.slug,
          cities: count(cities.id),
        })
        .from(locationCounties)
        .leftJoin(cities, eq(cities.countyId, locationCounties.id))
        .where(eq(locationCounties.projectId, projectId))
        .groupBy(locationCounties.id)
        .orderBy(asc(locationCounties.name));
    },
    /**
     * The project's image files, which the build copies to images/{file} from the store: its
     * generated images and its places' photos (the sheet's `Photo`, stored the same way).
     */
    async siteImages(projectId: string): Promise<string[]> {
      const [images, photos] = await Promise.all([
        db
          .select({ file: projectImages.file })
          .from(projectImages)
          .where(eq(projectImages.projectId, projectId)),
        db
          .selectDistinct({ key: cities.photoKey })
          .from(cities)
          .where(and(eq(cities.projectId, projectId), isNotNull(cities.photoKey))),
      ]);
      const files = new Set(images.map((r) => r.file));
      for (const { key } of photos) {
        const file = imageFileOf(key);
        if (file) files.add(file);
      }
      return [...files].sort();
    },
    /**
     * Every city without its page's content, which a build reads a few hundred pages at a time
     * (a redeploy only where it changed): one query, no join, no sort — the build knows each
     * county's state and sorts them itself. Paging this query by a keyset re-joined and
     * re-sorted every remaining city for each page.
     */
    async cityStubs(projectId: string): Promise<CityOwn[]> {
      // One JSON value, not a row per city: on the embedded database reading 10,000 rows
      // cost more than the rest of an unchanged redeploy's build (docs/decisions.md).
      const factProjects = await factProjectsOf(db, [projectId]);
      const [row] = await db
        .select({ list: cityOwnJson(factProjects) })
        .from(cities)
        .innerJoin(projects, eq(projects.id, cities.projectId))
        .where(eq(cities.projectId, projectId));
      return fromCityOwnJson(row?.list ?? '[]');
    },
    /** Cities of these counties whose pages go one folder down (locations/city-seats.ts). */
    citiesPastSeats: (where: { countyIds: string[] }) => citiesPastSeats(db, where),
    /** The content of these cities' pages (by primary key: no sort). */
    cityContents(ids: string[]) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .select({ id: cities.id, ...CITY_CONTENT })
        .from(cities)
        .where(inArray(cities.id, ids));
    },
    /** What the last deploy of the project sent, and to which Netlify site. */
    async siteMemo(projectId: string) {
      const [row] = await db
        .select()
        .from(siteMemos)
        .where(eq(siteMemos.projectId, projectId))
        .limit(1);
      return row
        ? { siteId: row.siteId, files: JSON.parse(row.files) as MemoFiles, raw: row.files }
        : null;
    },
    /** Whether a deploy of the project went through (its memo is kept), without reading it. */
    async hasSiteMemo(projectId: string) {
      const [row] = await db
        .select({ projectId: siteMemos.projectId })
        .from(siteMemos)
        .where(eq(siteMemos.projectId, projectId))
        .limit(1);
      return Boolean(row);
    },
    /** `files` is the JSON of the memo's files (MemoFiles). */
    async saveSiteMemo(projectId: string, siteId: string, files: string) {
      const now = new Date();
      await db
        .insert(siteMemos)
        .values({ projectId, siteId, files, updatedAt: now })
        .onConflictDoUpdate({
          target: siteMemos.projectId,
          set: { siteId, files, updatedAt: now },
        });
    },
  };
}
export type PublishingRepo = ReturnType<typeof createPublishingRepo>;
/** A city without its page's content, as a build walks it (with its county's state). */
export type CityStub = CityOwn & { stateId: string };
