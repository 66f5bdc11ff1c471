import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { TReviewPageKind } from '@cityforge/shared';
import { cities, pages, serviceCityPages } from '../../db/schema/index.ts';

/** The tables of the pages a client reviews, by the kind a review names. */
export const REVIEW_TABLES = { page: pages, city: cities, serviceCity: serviceCityPages } as const;
export type ReviewTable = (typeof REVIEW_TABLES)[TReviewPageKind];

/**
 * A page's version: the digest of what it publishes (content and meta tags). City and
 * service-city pages keep it as a generated column; homepage, main and service pages are
 * digested the same way here.
 */
export function versionSql(kind: TReviewPageKind): SQL<string> {
  if (kind === 'city') return sql<string>`${cities.contentHash}`;
  if (kind === 'serviceCity') return sql<string>`${serviceCityPages.contentHash}`;
  return sql<string>`md5(coalesce(${pages.contentHtml}, '') || chr(1) || ${pages.metaTags})`;
}

/**
 * A column of the page's table by its qualified name: inside a subquery an unqualified name
 * (as a query of one table writes its columns) would be read as the subquery's own.
 */
function outer(kind: TReviewPageKind, column: 'id' | 'project_id'): SQL {
  return sql.raw(`"${getTableName(REVIEW_TABLES[kind])}"."${column}"`);
}

/** The latest review of the page in the current row, or null: one probe of its index. */
function latestOf(kind: TReviewPageKind, column: string): SQL {
  return sql`(select r.${sql.raw(column)} from page_reviews r where r.page_id = ${outer(kind, 'id')}
    order by r.created_at desc, r.id desc limit 1)`;
}

/** The decision and the version of the page's latest review (null when never reviewed). */
export function latestDecisionSql(kind: TReviewPageKind) {
  return { decision: latestOf(kind, 'decision'), version: latestOf(kind, 'version') };
}

/** True when the page's latest review approved the version it now is. */
export function approvedSql(kind: TReviewPageKind): SQL<boolean> {
  const latest = latestDecisionSql(kind);
  return sql<boolean>`coalesce(${latest.decision} = 'approved' and ${latest.version} = ${versionSql(kind)}, false)`;
}

/**
 * True for a page a deploy holds back because its project requires the client's approval and
 * its current version has none. Held as the quality gate holds a page: published noindex and
 * left out of the sitemap.
 */
export function awaitingApprovalSql(kind: TReviewPageKind): SQL<boolean> {
  // CASE, not AND: a project without the setting never probes the reviews (a build of
  // thousands of pages would otherwise look up each page's latest review for nothing).
  return sql<boolean>`(case when exists (select 1 from projects p
    where p.id = ${outer(kind, 'project_id')} and p.require_client_approval)
    then not ${approvedSql(kind)} else false end)`;
}
