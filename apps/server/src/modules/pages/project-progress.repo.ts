import { eq, sql } from 'drizzle-orm';
import { PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import { rowsOf, type Db, type Executor } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { HELD_REASON, unsettled } from './page-targets.ts';

/** Where a project's generation stands: in progress, settled, or waiting on a spending cap. */
export function createProjectProgressRepo(db: Db) {
  return {
    async setProjectInProgress(projectId: string, tx: Executor = db): Promise<void> {
      await tx
        .update(projects)
        .set({ status: PROJECT_STATUS.inProgress, updatedAt: new Date() })
        .where(eq(projects.id, projectId));
    },

    /**
     * In progress → Created (or Error when a page failed) once nothing is left to write; pages
     * held by a spending cap wait without keeping it In progress. Run after the page's own
     * write has committed, so of two pages finishing together the later one always sees both
     * and settles the project.
     */
    async settleProject(
      projectId: string,
      tx: Executor = db,
    ): Promise<{ status: string; hasCities: boolean } | null> {
      const result = await tx.execute(sql`
        update projects set
          status = case when exists (
            select 1 from pages where project_id = ${projectId} and status = ${PAGE_STATUS.failed}
            union all
            select 1 from cities where project_id = ${projectId} and status = ${PAGE_STATUS.failed}
            union all
            select 1 from service_city_pages where project_id = ${projectId} and status = ${PAGE_STATUS.failed}
          ) then ${PROJECT_STATUS.error} else ${PROJECT_STATUS.created} end,
          updated_at = now()
        where id = ${projectId}
          and lower(status) = 'in progress'
          and not exists (
            select 1 from pages p where p.project_id = ${projectId} and ${unsettled('p')}
            union all
            select 1 from cities c where c.project_id = ${projectId} and ${unsettled('c')}
            union all
            select 1 from service_city_pages s where s.project_id = ${projectId} and ${unsettled('s')}
          )
        returning status,
          exists (select 1 from cities where project_id = ${projectId}) as "hasCities"`);
      return rowsOf<{ status: string; hasCities: boolean }>(result)[0] ?? null;
    },

    /** Projects with pages held by a spending cap: all of them, or one owner's. */
    async heldProjects(ownerId?: string): Promise<string[]> {
      const owner = ownerId
        ? sql`and t.project_id in (select id from projects where user_id = ${ownerId})`
        : sql``;
      const found = await db.execute(sql`
        select distinct t.project_id as id from (
          select project_id from pages where status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON}
          union all
          select project_id from cities where status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON}
          union all
          select project_id from service_city_pages where status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON}
        ) t where true ${owner}`);
      return rowsOf<{ id: string }>(found).map((r) => r.id);
    },

    /** How many pages and city pages a spending cap holds, of one project or one owner's. */
    async heldCount(scope: { projectId: string } | { ownerId: string }): Promise<number> {
      const of =
        'projectId' in scope
          ? sql`project_id = ${scope.projectId}`
          : sql`project_id in (select id from projects where user_id = ${scope.ownerId})`;
      const found = await db.execute(sql`
        select (select count(*) from pages where ${of} and status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON})
             + (select count(*) from cities where ${of} and status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON})
             + (select count(*) from service_city_pages where ${of} and status = ${PAGE_STATUS.queued} and failure_reason = ${HELD_REASON}) as n`);
      return Number(rowsOf<{ n: number | string }>(found)[0]?.n ?? 0);
    },

    /** Projects that say In progress, which settleProject may find have nothing left to write. */
    async inProgressProjects(): Promise<string[]> {
      const busy = await db.execute(
        sql`select id from projects where lower(status) = ${PROJECT_STATUS.inProgress.toLowerCase()}`,
      );
      return rowsOf<{ id: string }>(busy).map((r) => r.id);
    },
  };
}
