import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { siteAddresses } from '../../db/schema/index.ts';
import type { AddressChange, RememberedAddress } from './site-redirects.ts';

type AddressJson = Omit<RememberedAddress, 'redirectedAt'> & { redirectedAt: string | null };

// Written in batches: one statement per few thousand rows, each row one JSON object.
const WRITE_BATCH = 2_000;

/** The addresses every deploy of a project published, and where the gone ones lead. */
export function createSiteAddressesRepo(db: Db) {
  return {
    /**
     * Every address the project's deploys published. One JSON value, not a row per address:
     * a build reads it whole, and on the embedded database thousands of rows cost more than
     * the rest of an unchanged redeploy's build (as cityStubs found).
     */
    async siteAddresses(projectId: string): Promise<RememberedAddress[]> {
      const [row] = await db
        .select({
          list: sql<string>`coalesce(json_agg(json_build_object('path', ${siteAddresses.path}, 'kind', ${siteAddresses.kind}, 'cityId', ${siteAddresses.cityId}, 'serviceSlug', ${siteAddresses.serviceSlug}, 'redirectTo', ${siteAddresses.redirectTo}, 'redirectedAt', ${siteAddresses.redirectedAt})), '[]')::text`,
        })
        .from(siteAddresses)
        .where(eq(siteAddresses.projectId, projectId));
      return (JSON.parse(row?.list ?? '[]') as AddressJson[]).map((a) => ({
        ...a,
        redirectedAt: a.redirectedAt === null ? null : new Date(a.redirectedAt),
      }));
    },

    /** Stores what a live deploy changed of the project's addresses (new, gone, back, moved). */
    async saveSiteAddresses(projectId: string, changes: AddressChange[], tx: Executor = db) {
      for (let at = 0; at < changes.length; at += WRITE_BATCH) {
        const rows = changes.slice(at, at + WRITE_BATCH).map((c) => ({
          path: c.path,
          kind: c.kind,
          city_id: c.cityId,
          service_slug: c.serviceSlug,
          redirect_to: c.redirectTo ?? null,
          redirected_at: c.redirectedAt?.toISOString() ?? null,
        }));
        await tx.execute(sql`
          insert into site_addresses (project_id, path, kind, city_id, service_slug, redirect_to,
            redirected_at, updated_at)
          select ${projectId}, r.path, r.kind, r.city_id, r.service_slug, r.redirect_to,
            r.redirected_at, now()
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(path text, kind text,
            city_id uuid, service_slug text, redirect_to text, redirected_at timestamptz)
          on conflict (project_id, path) do update set
            kind = excluded.kind, city_id = excluded.city_id,
            service_slug = excluded.service_slug, redirect_to = excluded.redirect_to,
            redirected_at = excluded.redirected_at, updated_at = now()`);
      }
    },

    /** One page of the project's redirects, newest first, and how many there are. */
    async redirectsPage(projectId: string, page: number, size: number) {
      const gone = and(eq(siteAddresses.projectId, projectId), isNotNull(siteAddresses.redirectTo));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            from: siteAddresses.path,
            to: siteAddresses.redirectTo,
            since: siteAddresses.redirectedAt,
          })
          .from(siteAddresses)
          .where(gone)
          .orderBy(desc(siteAddresses.redirectedAt), asc(siteAddresses.path))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(siteAddresses).where(gone),
      ]);
      return { count: Number(total?.n ?? 0), rows };
    },
  };
}
