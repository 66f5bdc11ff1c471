import {
  aliasedTable,
  and,
  type AnyColumn,
  asc,
  desc,
  eq,
  isNotNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import { PAGE_STATUS, type TReviewPageKind } from '@cityforge/shared';
import type { Db } from '../../db/client.ts';
import { withCityPlace } from '../../db/city-place.ts';
import {
  cities,
  locationStates,
  pageReviews,
  pages,
  serviceCityPages,
  users,
  type PageReviewRow,
} from '../../db/schema/index.ts';
import { latestDecisionSql, versionSql } from '../pages/index.ts';

/** A written page with its current version and its latest review's decision and version. */
export type ReviewPageRow = {
  pageKind: TReviewPageKind;
  pageId: string;
  name: string;
  cityId: string | null;
  service: string | null;
  version: string;
  decision: string | null;
  decidedVersion: string | null;
};

export type ReviewRow = PageReviewRow & { by: string };

type Written = { status: AnyColumn; contentHtml: AnyColumn };
const written = (t: Written) =>
  and(sql`${t.status} = ${PAGE_STATUS.completed}`, isNotNull(t.contentHtml));

export function createReviewRepo(db: Db) {
  const place = sql<string>`${cities.name} || ', ' || ${locationStates.code}`;
  const reviewer = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}, 'A former member')`;
  return {
    /** Every written page of the project, homepage first, then places by name. */
    async writtenPages(projectId: string): Promise<ReviewPageRow[]> {
      const own = (kind: TReviewPageKind) => ({
        version: versionSql(kind),
        decision: latestDecisionSql(kind).decision as SQL<string | null>,
        decidedVersion: latestDecisionSql(kind).version as SQL<string | null>,
      });
      const main = await db
        .select({ pageId: pages.id, name: pages.name, ...own('page') })
        .from(pages)
        .where(and(eq(pages.projectId, projectId), written(pages)))
        .orderBy(asc(pages.kind), asc(pages.sortOrder), asc(pages.name));
      const places = await withCityPlace(
        db
          .select({ pageId: cities.id, name: place, ...own('city') })
          .from(cities)
          .$dynamic(),
      )
        .where(and(eq(cities.projectId, projectId), written(cities)))
        .orderBy(asc(cities.name), asc(locationStates.code));
      const service = aliasedTable(pages, 'service');
      const serviceCities = await withCityPlace(
        db
          .select({
            pageId: serviceCityPages.id,
            cityId: serviceCityPages.cityId,
            service: service.slug,
            name: sql<string>`${service.name} || ' in ' || ${place}`,
            ...own('serviceCity'),
          })
          .from(serviceCityPages)
          .innerJoin(service, eq(service.id, serviceCityPages.servicePageId))
          .innerJoin(cities, eq(cities.id, serviceCityPages.cityId))
          .$dynamic(),
      )
        .where(and(eq(serviceCityPages.projectId, projectId), written(serviceCityPages)))
        .orderBy(asc(cities.name), asc(service.name));
      return [
        ...main.map((r) => ({ ...r, pageKind: 'page' as const, cityId: null, service: null })),
        ...places.map((r) => ({
          ...r,
          pageKind: 'city' as const,
          cityId: r.pageId,
          service: null,
        })),
        ...serviceCities.map((r) => ({ ...r, pageKind: 'serviceCity' as const })),
      ];
    },
    /** One written page's current version, or null when the project has no such page. */
    async versionOf(projectId: string, kind: TReviewPageKind, pageId: string) {
      const table = { page: pages, city: cities, serviceCity: serviceCityPages }[kind];
      const [row] = await db
        .select({ version: versionSql(kind) })
        .from(table as typeof pages)
        .where(and(eq(table.id, pageId), eq(table.projectId, projectId), written(table)))
        .limit(1);
      return row?.version ?? null;
    },
    async add(row: typeof pageReviews.$inferInsert): Promise<PageReviewRow> {
      const [added] = await db.insert(pageReviews).values(row).returning();
      return added!;
    },
    /** The project's reviews, newest first (of one page when named). */
    async list(projectId: string, pageId?: string): Promise<ReviewRow[]> {
      const rows = await db
        .select({ review: pageReviews, by: reviewer })
        .from(pageReviews)
        .leftJoin(users, eq(users.id, pageReviews.userId))
        .where(
          and(
            eq(pageReviews.projectId, projectId),
            pageId ? eq(pageReviews.pageId, pageId) : undefined,
          ),
        )
        .orderBy(desc(pageReviews.createdAt), desc(pageReviews.id))
        .limit(500);
      return rows.map((r) => ({ ...r.review, by: r.by }));
    },
  };
}
export type ReviewRepo = ReturnType<typeof createReviewRepo>;
