import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PAGE_STATUS, type TPageKind } from '@cityforge/shared';
import { rowsOf, type Db } from '../../db/client.ts';
import { cities, projects, serviceCityPages, users } from '../../db/schema/index.ts';
import { HELD_REASON } from '../pages/index.ts';

/** A page of a project, as far as what it costs goes. */
export type PriceablePage = { projectId: string; model: string; kind: TPageKind };

/**
 * What the AI calls of a project or an account cost since `since`, in USD (float8: a sum of
 * reals is a real, and a month of small costs would lose cents). Unpriced calls count nothing.
 */
const spentSince = (column: 'project_id' | 'user_id', id: string, since: Date) => sql`(
  select coalesce(sum(u.cost_usd::float8), 0)::float8 from ai_usage u
    where u.${sql.raw(column)} = ${id} and u.created_at >= ${since.toISOString()}::timestamptz
      and u.cost_usd is not null)`;

/** Reads of the spend the monthly caps count, and the caps' one-mail-a-month marks. */
export function createSpendRepo(db: Db) {
  return {
    /** What the AI calls of a project, or of an account across its projects, cost since `since`. */
    async spent(scope: { projectId: string } | { userId: string }, since: Date): Promise<number> {
      const spend =
        'projectId' in scope
          ? spentSince('project_id', scope.projectId, since)
          : spentSince('user_id', scope.userId, since);
      const found = await db.execute(sql`select ${spend} as usd`);
      return Number(rowsOf<{ usd: number }>(found)[0]?.usd ?? 0);
    },

    /**
     * What a cap check counts, read in one statement so that it sees one snapshot: the spend
     * since `since` of the project and of its owner's account, and the owner's pages and city
     * pages being written whose call is not recorded yet (no usage since their claim stamped
     * them), but `except`. Read apart, a page whose usage lands between the reads counts twice
     * (in flight, then spent) or not at all.
     */
    async standing(
      scope: { projectId: string; ownerId: string; except?: string | undefined },
      since: Date,
    ): Promise<{ project: number; account: number; flights: PriceablePage[] }> {
      const { projectId, ownerId, except } = scope;
      // A page of each table whose call is not recorded yet: its usage row would be as new as
      // its claim. A site page reports its kind, a city's or a service's in a city is a city's.
      const inFlight = (table: string, kind: SQL, usageColumn: 'page_id' | 'city_id') => sql`
        select t.project_id as "projectId", t.model, ${kind} as kind from ${sql.raw(table)} t
          join projects pr on pr.id = t.project_id
          where pr.user_id = ${ownerId} and t.status = ${PAGE_STATUS.inProgress}
            ${except ? sql`and t.id <> ${except}` : sql``}
            and not exists (select 1 from ai_usage u where u.project_id = t.project_id
              and u.created_at >= t.updated_at and u.${sql.raw(usageColumn)} = t.id)`;
      const found = await db.execute(sql`
        select ${spentSince('project_id', projectId, since)} as project,
          ${spentSince('user_id', ownerId, since)} as account,
          coalesce((select json_agg(f) from (
            ${inFlight('pages', sql`t.kind`, 'page_id')}
            union all
            ${inFlight('cities', sql`'city'`, 'city_id')}
            union all
            ${inFlight('service_city_pages', sql`'city'`, 'page_id')}
          ) f), '[]'::json) as flights`);
      // Both drivers hand json back parsed.
      const [row] = rowsOf<{ project: number; account: number; flights: PriceablePage[] }>(found);
      return {
        project: Number(row!.project),
        account: Number(row!.account),
        flights: row!.flights,
      };
    },

    /** One page of the project a cap holds (what the next one would cost), or null. */
    async firstHeld(projectId: string): Promise<PriceablePage | null> {
      const found = await db.execute(sql`
        (select project_id as "projectId", model, kind from pages
          where project_id = ${projectId} and status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON}
          order by sort_order limit 1)
        union all
        (select project_id, model, 'city' from cities
          where project_id = ${projectId} and status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON}
          limit 1)
        union all
        (select project_id, model, 'city' from service_city_pages
          where project_id = ${projectId} and status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON}
          limit 1)
        limit 1`);
      return rowsOf<PriceablePage>(found)[0] ?? null;
    },

    /** A city page's or service-city page's model (a site page's comes with its claim). */
    async cityModel(cityId: string): Promise<string | null> {
      const [row] = await db
        .select({ model: cities.model })
        .from(cities)
        .where(eq(cities.id, cityId))
        .limit(1);
      if (row) return row.model;
      const [other] = await db
        .select({ model: serviceCityPages.model })
        .from(serviceCityPages)
        .where(eq(serviceCityPages.id, cityId))
        .limit(1);
      return other?.model ?? null;
    },

    /**
     * Marks that the owner was mailed about this cap this month (YYYY-MM); true for the one
     * caller that set it, so several workers stopped by the same cap send one mail.
     */
    async claimCapMail(scope: 'project' | 'account', id: string, month: string): Promise<boolean> {
      const rows =
        scope === 'project'
          ? await db
              .update(projects)
              .set({ capMailedMonth: month })
              .where(
                and(eq(projects.id, id), sql`${projects.capMailedMonth} is distinct from ${month}`),
              )
              .returning({ id: projects.id })
          : await db
              .update(users)
              .set({ capMailedMonth: month })
              .where(and(eq(users.id, id), sql`${users.capMailedMonth} is distinct from ${month}`))
              .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}
export type SpendRepo = ReturnType<typeof createSpendRepo>;
