import { and, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { TSheetSyncReport } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import {
  cities,
  locationCounties,
  locationStates,
  sheetLinks,
  sheetSyncRuns,
  type SheetLinkRow,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';
import { createCityRowsRepo } from '../pages/index.ts';

/** Runs kept per project: an hourly sheet makes 8,760 a year; the list shows the newest. */
export const RUNS_KEPT = 200;

/** A sync lease older than this was left by a process that died mid-sync: it is taken over. */
const LEASE_MINUTES = 15;

export type NewRun = {
  projectId: string;
  trigger: 'manual' | 'scheduled' | 'confirm';
  status: 'applied' | 'stopped' | 'failed';
  message: string;
  report: TSheetSyncReport | null;
  removing?: string[] | null;
  startedAt: Date;
};

/** Linked sheets, their runs, and what a sync reads and removes of a project's places. */
export function createSheetLinksRepo(db: Db) {
  const cityRows = createCityRowsRepo(db);
  return {
    async find(projectId: string): Promise<SheetLinkRow | null> {
      const [row] = await db.select().from(sheetLinks).where(eq(sheetLinks.projectId, projectId));
      return row ?? null;
    },

    /** Links or re-links; a new address forgets what the last one read (its row count). */
    async upsert(
      projectId: string,
      values: { url: string; sourceUrl: string; schedule: string; nextSyncAt: Date | null },
    ): Promise<SheetLinkRow> {
      const [row] = await db
        .insert(sheetLinks)
        .values({ projectId, ...values })
        .onConflictDoUpdate({
          target: sheetLinks.projectId,
          set: {
            ...values,
            lastRows: sql`case when ${sheetLinks.sourceUrl} = ${values.sourceUrl} then ${sheetLinks.lastRows} end`,
            updatedAt: new Date(),
          },
        })
        .returning();
      return row!;
    },

    async remove(projectId: string): Promise<boolean> {
      const gone = await db
        .delete(sheetLinks)
        .where(eq(sheetLinks.projectId, projectId))
        .returning({ id: sheetLinks.projectId });
      return gone.length > 0;
    },

    /**
     * Takes the project's sync lease: answers the link when no other sync of it runs (in any
     * process), null when one does. One statement, so two takers never both win.
     */
    async takeLease(projectId: string): Promise<SheetLinkRow | null> {
      const [row] = await db
        .update(sheetLinks)
        .set({ syncStartedAt: sql`now()` })
        .where(
          and(
            eq(sheetLinks.projectId, projectId),
            or(
              isNull(sheetLinks.syncStartedAt),
              lt(sheetLinks.syncStartedAt, sql`now() - make_interval(mins => ${LEASE_MINUTES})`),
            ),
          ),
        )
        .returning();
      return row ?? null;
    },

    async releaseLease(projectId: string, patch: Partial<SheetLinkRow> = {}) {
      await db
        .update(sheetLinks)
        .set({ ...patch, syncStartedAt: null, updatedAt: new Date() })
        .where(eq(sheetLinks.projectId, projectId));
    },

    /** Scheduled links whose time has come. */
    async due(now: Date): Promise<string[]> {
      const rows = await db
        .select({ projectId: sheetLinks.projectId })
        .from(sheetLinks)
        .where(and(ne(sheetLinks.schedule, 'manual'), lte(sheetLinks.nextSyncAt, now)));
      return rows.map((r) => r.projectId);
    },

    /** Records a run, and forgets the project's runs past the newest RUNS_KEPT. */
    async addRun(run: NewRun) {
      const [row] = await db
        .insert(sheetSyncRuns)
        .values({ ...run, finishedAt: new Date() })
        .returning();
      await db.execute(sql`
        delete from ${sheetSyncRuns} where project_id = ${run.projectId} and id in (
          select id from ${sheetSyncRuns} where project_id = ${run.projectId}
          order by started_at desc offset ${RUNS_KEPT})`);
      return row!;
    },

    async runs(projectId: string, limit = 50) {
      return db
        .select()
        .from(sheetSyncRuns)
        .where(eq(sheetSyncRuns.projectId, projectId))
        .orderBy(desc(sheetSyncRuns.startedAt), desc(sheetSyncRuns.finishedAt))
        .limit(limit);
    },

    async findRun(projectId: string, runId: string) {
      if (!isUuid(runId)) return null;
      const [row] = await db
        .select()
        .from(sheetSyncRuns)
        .where(and(eq(sheetSyncRuns.projectId, projectId), eq(sheetSyncRuns.id, runId)));
      return row ?? null;
    },

    async waitingRun(projectId: string) {
      const [row] = await db
        .select()
        .from(sheetSyncRuns)
        .where(and(eq(sheetSyncRuns.projectId, projectId), eq(sheetSyncRuns.status, 'stopped')))
        .orderBy(desc(sheetSyncRuns.startedAt))
        .limit(1);
      return row ?? null;
    },

    /** Stopped runs of the project no longer wait: a later run confirmed or outdated them. */
    async settleStopped(projectId: string, status: 'confirmed' | 'superseded', runId?: string) {
      await db
        .update(sheetSyncRuns)
        .set({ status })
        .where(
          and(
            eq(sheetSyncRuns.projectId, projectId),
            eq(sheetSyncRuns.status, 'stopped'),
            ...(runId ? [eq(sheetSyncRuns.id, runId)] : []),
          ),
        );
    },

    /** Every city of the project by the place it stands for. */
    async places(projectId: string) {
      return db
        .select({ id: cities.id, placeKey: cities.placeKey, name: cities.name })
        .from(cities)
        .where(eq(cities.projectId, projectId));
    },

    /**
     * Removes these places' cities (their facts and page go with them), then the counties and
     * states they leave empty, as deleting a city by hand does; inside the sync's transaction.
     */
    async removePlaces(projectId: string, placeKeys: string[], tx: Executor) {
      if (!placeKeys.length) return;
      const gone = await cityRows.removePlaces(projectId, placeKeys, tx);
      const countyIds = [...new Set(gone.map((c) => c.countyId))];
      if (!countyIds.length) return;
      const counties = await tx
        .delete(locationCounties)
        .where(
          and(
            inArray(locationCounties.id, countyIds),
            sql`not exists (select 1 from ${cities} c where c.county_id = ${locationCounties.id})`,
          ),
        )
        .returning({ stateId: locationCounties.stateId });
      const stateIds = [...new Set(counties.map((c) => c.stateId))];
      if (!stateIds.length) return;
      await tx
        .delete(locationStates)
        .where(
          and(
            inArray(locationStates.id, stateIds),
            sql`not exists (select 1 from ${locationCounties} k where k.state_id = ${locationStates.id})`,
          ),
        );
    },
  };
}
export type SheetLinksRepo = ReturnType<typeof createSheetLinksRepo>;
