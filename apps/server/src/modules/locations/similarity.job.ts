import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { faqsInHtml } from '@cityforge/shared/html';
import type { Executor } from '../../db/client.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { jobsIn } from '../../jobs/in-transaction.ts';
import type { LocationsRepo } from './locations.repo.ts';
import { localSubstance, phraseIndex, writtenPage } from './page-substance.ts';
import { placeMasks, scoreSiblings, signatureOfText } from './similarity.ts';

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
 * Scores every written city page of a project: its highest similarity to a sibling (and which
 * one), and its local substance (share of sentences stating a fact of its place, and its
 * words), from the HTML that is published, so a hand edit is scored as it reads. The quality
 * gate's verdict follows from these and the project's thresholds (pages/quality-gate.ts).
 */
export async function scoreProject(repo: LocationsRepo, projectId: string): Promise<number> {
  const rows = await repo.completedForScoring(projectId);
  const namesOfCounty = new Map<string, string[]>();
  for (const row of rows) {
    const names = namesOfCounty.get(row.countyId) ?? [];
    if (!names.length) namesOfCounty.set(row.countyId, names);
    names.push(row.name);
  }
  const countyIndex = new Map([...namesOfCounty].map(([id, names]) => [id, phraseIndex(names)]));
  const pages = rows.flatMap((row) => {
    if (!row.contentHtml) return [];
    const page = writtenPage(row.contentHtml);
    const masks = placeMasks({ ...row, stateId: row.stateCode });
    const substance = localSubstance(
      page.blocks,
      {
        county: row.county,
        otherCounties: row.otherCounties,
        zips: row.zips,
        neighbours: page.nearby,
        instructions: row.prompt,
        own: [row.name, row.stateName, row.stateCode],
      },
      countyIndex.get(row.countyId),
    );
    return [
      {
        id: row.id,
        signature: signatureOfText(page.blocks.join('\n'), masks),
        substance,
        // Read here, where every written page is read anyway: builds take them from the row.
        faqs: faqsInHtml(row.contentHtml),
        faqsHash: row.contentHash,
      },
    ];
  });
  const scores = scoreSiblings(pages);
  await repo.setQuality(
    pages.map((p) => ({
      id: p.id,
      ...scores.get(p.id)!,
      localShare: p.substance.localShare,
      wordCount: p.substance.words,
      faqs: p.faqs,
      faqsHash: p.faqsHash,
    })),
  );
  return pages.length;
}

/** Scores each project asked for. */
export async function startScoreWorker(boss: PgBoss, repo: LocationsRepo): Promise<void> {
  let self: string | null = null;
  self = await boss.work(QUEUES.scoreSimilarity, async (jobs) => {
    try {
      for (const job of jobs) {
        const { projectId } = ZScoreJob.parse(job.data);
        await scoreProject(repo, projectId);
      }
    } finally {
      // The queue is notify-driven, so its idle poll is a 30-second backstop, and a NOTIFY sent
      // while this worker was busy wakes nobody: when many projects finish together, the next
      // job would wait a whole poll. Fetch again at once; an empty fetch ends the run.
      if (self) boss.notifyWorker(self);
    }
  });
}
