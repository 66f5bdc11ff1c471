import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { jobsIn } from '../../jobs/in-transaction.ts';
import { scoreOffThread, type ScoringRepos } from './score-off-thread.ts';
import { workUntilEmpty } from '../../jobs/work.ts';

const ZScoreJob = z.object({ projectId: z.string() });

/**
 * Asks for a project's city pages to be scored; repeated asks while one waits are one. Given a
 * transaction, the ask commits with it.
 */
export async function sendScoreJob(boss: PgBoss, projectId: string, tx?: Executor): Promise<void> {
  await boss.send(
    QUEUES.scoreSimilarity,
    { projectId },
    { singletonKey: projectId, ...(tx ? { db: jobsIn(tx) } : {}) },
  );
}

/**
 * Scores every written city page and service-city page of a project: its highest similarity to a sibling (and which
 * one), and its local substance (its first-hand facts first, then its geography, and the
 * sentences that only list places), from the HTML that is published, so a hand edit is scored
 * as it reads. The quality gate's verdict follows from these and the project's thresholds
 * (pages/quality-gate.ts). The measuring runs in the scoring process (score-off-thread.ts);
 * the scores are stored from here.
 */
export async function scoreProject(repos: ScoringRepos, projectId: string): Promise<number> {
  const { cities, services } = await scoreOffThread(repos, projectId);
  await repos.locations.setQuality(cities);
  await repos.serviceCities.setQuality(services);
  return cities.length + services.length;
}

/** Scores each project asked for. */
export async function startScoreWorker(boss: PgBoss, repos: ScoringRepos): Promise<void> {
  await workUntilEmpty(boss, QUEUES.scoreSimilarity, {}, async (jobs) => {
    for (const job of jobs) {
      const { projectId } = ZScoreJob.parse(job.data);
      await scoreProject(repos, projectId);
    }
  });
}
