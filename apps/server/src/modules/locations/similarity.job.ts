import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { QUEUES } from '../../jobs/boss.ts';
import { ZPageContent } from '../pages/content.ts';
import type { LocationsRepo } from './locations.repo.ts';
import { placeMasks, scoreSiblings, signatureOf } from './similarity.ts';

const ZScoreJob = z.object({ projectId: z.string() });

/** Asks for a project's city pages to be scored; repeated asks while one waits are one. */
export async function sendScoreJob(boss: PgBoss, projectId: string): Promise<void> {
  await boss.send(QUEUES.scoreSimilarity, { projectId }, { singletonKey: projectId });
}

/**
 * Scores every written city page of a project against all its siblings and stores each
 * page's highest score and the sibling it belongs to (see similarity.ts for the measure).
 */
export async function scoreProject(repo: LocationsRepo, projectId: string): Promise<number> {
  const rows = await repo.completedForScoring(projectId);
  const pages = rows.flatMap((row) => {
    const content = ZPageContent.safeParse(row.content);
    if (!content.success) return [];
    const masks = placeMasks({ ...row, stateId: row.stateCode });
    return [{ id: row.id, signature: signatureOf(content.data, masks) }];
  });
  const scores = scoreSiblings(pages);
  await repo.setSimilarity([...scores].map(([id, score]) => ({ id, ...score })));
  return pages.length;
}

export async function startScoreWorker(boss: PgBoss, repo: LocationsRepo): Promise<void> {
  let self: string | null = null;
  self = await boss.work(QUEUES.scoreSimilarity, async (jobs) => {
    try {
      for (const job of jobs) await scoreProject(repo, ZScoreJob.parse(job.data).projectId);
    } finally {
      // The queue is notify-driven, so its idle poll is a 30-second backstop, and a NOTIFY sent
      // while this worker was busy wakes nobody: when many projects finish together, the next
      // job would wait a whole poll. Fetch again at once; an empty fetch ends the run.
      if (self) boss.notifyWorker(self);
    }
  });
}
