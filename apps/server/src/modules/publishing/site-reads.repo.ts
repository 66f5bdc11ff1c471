import { and, asc, count, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import type { Faq } from '@cityforge/shared/html';
import type { Db } from '../../db/client.ts';
import {
  cities,
  locationCounties,
  locationStates,
  pages,
  projectImages,
  projects,
  serviceCityPages,
  type PageRow,
} from '../../db/schema/index.ts';
import { imageFileOf } from '../../lib/image-names.ts';
import { factProjectsOf, heldSql, awaitingApprovalSql } from '../pages/index.ts';
import { citiesPastSeats } from '../locations/index.ts';

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
  /**
   * Below the quality gate, or awaiting the client's approval: published noindex, out of the
   * sitemap and the featured links.
   */
  held: boolean;
};

/** A homepage, main or service page as a build reads it. */
export type SitePage = PageRow & { held: boolean };
/** CityOwn as JSON: its dates as text. */
type CityOwnJson = Omit<CityOwn, 'updatedAt' | 'releasedAt'> & {
  updatedAt: string;
  releasedAt: string | null;
};
/** Every city as one JSON object of CityOwn's fields (`factProjects`: see heldSql). */
const cityOwnJson = (factProjects: readonly string[]) =>
  sql<string>`coalesce(json_agg(json_build_object('id', ${cities.id}, 'countyId', ${cities.countyId}, 'name', ${cities.name}, 'slug', ${cities.slug}, 'zips', ${cities.zips}, 'status', ${cities.status}, 'contentHash', ${cities.contentHash}, 'hasContent', ${cities.contentHtml} is not null, 'updatedAt', ${cities.updatedAt}, 'releasedAt', ${cities.releasedAt}, 'held', ${heldSql({ factProjects })} or ${awaitingApprovalSql('city')})), '[]')::text`;
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

/**
 * The site's content, read in the order the build writes it (site-build.ts). A site ZIP's
 * build process asks the API process for these by name (site-zip-worker.ts): their arguments
 * and answers cross a process channel.
 */
export function createSiteReadsRepo(db: Db) {
  return {
    /** The written pages; `held` while they await the client's approval (pages/client-approval.ts). */
    sitePages(projectId: string): Promise<SitePage[]> {
      return db
        .select({ ...getTableColumns(pages), held: awaitingApprovalSql('page') })
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
      const [row] = await db
        .select({ list: cityOwnJson(await factProjectsOf(db, [projectId])) })
        .from(cities)
        .innerJoin(projects, eq(projects.id, cities.projectId))
        .where(eq(cities.projectId, projectId));
      return fromCityOwnJson(row?.list ?? '[]');
    },
    /** Cities of these counties whose pages go one folder down (locations/city-seats.ts). */
    citiesPastSeats: (where: { countyIds: string[] }) => citiesPastSeats(db, where),
    /**
     * The cities of the project that have service-city pages, written or not: a build asks for
     * the pages of these alone. Most places of most sites have none, and a question about
     * cities without any still cost a query per batch (a fifth of an unchanged redeploy of
     * 10,000 cities).
     */
    async serviceCityIds(projectId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ cityId: serviceCityPages.cityId })
        .from(serviceCityPages)
        .where(eq(serviceCityPages.projectId, projectId));
      return rows.map((row) => row.cityId);
    },
    /**
     * The written service-city pages of these cities of the project, without their content: a
     * build reads them a batch of cities at a time, as it reads the cities' own pages, and lets
     * go of each batch once it is written.
     */
    async serviceCityStubs(projectId: string, cityIds: string[]): Promise<ServiceCityStub[]> {
      if (!cityIds.length) return [];
      const factProjects = await factProjectsOf(db, [projectId]);
      // By the city's index alone: with a condition on the page's project or status, a planner
      // without statistics of this table (the embedded database runs no autovacuum) takes the
      // project's index and reads every page of the project for each batch. So whether a page
      // is written is answered, not asked, and the project is the cities'.
      const rows = await db
        .select({
          id: serviceCityPages.id,
          cityId: serviceCityPages.cityId,
          servicePageId: serviceCityPages.servicePageId,
          contentHash: serviceCityPages.contentHash,
          updatedAt: serviceCityPages.updatedAt,
          held: sql<boolean>`(${heldSql({ factProjects }, serviceCityPages)} or ${awaitingApprovalSql('serviceCity')})`,
          written: sql<boolean>`(${serviceCityPages.status} = ${PAGE_STATUS.completed} and ${serviceCityPages.contentHtml} is not null)`,
        })
        .from(cities)
        .innerJoin(serviceCityPages, eq(serviceCityPages.cityId, cities.id))
        .innerJoin(projects, eq(projects.id, cities.projectId))
        .where(and(eq(cities.projectId, projectId), inArray(cities.id, cityIds)));
      return rows.filter((row) => row.written).map(({ written: _, ...stub }) => stub);
    },
    /** The content of these service-city pages (by primary key). */
    serviceCityContents(ids: string[]) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .select({
          id: serviceCityPages.id,
          contentHtml: serviceCityPages.contentHtml,
          metaTags: serviceCityPages.metaTags,
        })
        .from(serviceCityPages)
        .where(inArray(serviceCityPages.id, ids));
    },
    /** The content of these cities' pages (by primary key: no sort). */
    cityContents(ids: string[]) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .select({ id: cities.id, ...CITY_CONTENT })
        .from(cities)
        .where(inArray(cities.id, ids));
    },
  };
}

/**
 * A written service-city page without its content: which place and which service (its
 * identity, and the address the build gives it), and the digest of what it is made of.
 */
export type ServiceCityStub = {
  id: string;
  cityId: string;
  servicePageId: string;
  contentHash: string | null;
  updatedAt: Date;
  /** Below the quality gate: published noindex and out of the sitemap, as a city page. */
  held: boolean;
};

/** A city without its page's content, as a build walks it (with its county's state). */
export type CityStub = CityOwn & { stateId: string };
