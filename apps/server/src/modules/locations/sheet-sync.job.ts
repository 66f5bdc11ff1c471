import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { QUEUES } from '../../jobs/boss.ts';
import type { SheetLinkService } from './sheet-link.service.ts';
import { workUntilEmpty } from '../../jobs/work.ts';

/**
 * Every five minutes (UTC), a check sends a sync job for each linked sheet whose time has
 * come; pg-boss sends one check per occurrence across machines. An hourly sheet is read
 * within five minutes of its hour.
 */
export const SHEETS_DUE_CRON = '*/5 * * * *';

const ZSheetJob = z.object({ projectId: z.string() });

/** The sync job's tries in all: a host that fails us is tried again with backoff. */
export const SHEET_SYNC_TRIES = 4;

/**
 * The scheduled syncs: the due check, and one job per project (its singleton key, so a project
 * has at most one waiting and one running sync job, however many checks send it).
 */
export async function startSheetSyncJobs(boss: PgBoss, service: SheetLinkService) {
  await boss.work(QUEUES.syncSheetsDue, { batchSize: 1 }, async () => {
    const due = await service.due();
    if (due.length)
      await boss.insert(
        QUEUES.syncSheet,
        due.map((projectId) => ({ data: { projectId }, singletonKey: projectId })),
      );
  });
  await workUntilEmpty(boss, QUEUES.syncSheet, { batchSize: 1 }, async ([job]) => {
    const { projectId } = ZSheetJob.parse(job!.data);
    await service.scheduled(projectId, job!.retryCount < SHEET_SYNC_TRIES - 1);
  });
  await boss.schedule(QUEUES.syncSheetsDue, SHEETS_DUE_CRON, null, { tz: 'UTC' });
}
