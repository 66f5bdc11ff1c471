import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { faqsInHtml } from '@cityforge/shared/html';
import type { Executor } from '../../db/client.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { jobsIn } from '../../jobs/in-transaction.ts';
import type { TCityFact } from '@cityforge/shared';
import type { FactsRepo } from './facts.repo.ts';
import type { LocationsRepo } from './locations.repo.ts';
import { localSubstance, nearbyIndex, placesIndex, writtenPage } from './page-substance.ts';
import { countyNames } from './place-mentions.ts';
import { placeMasks, scoreSiblings, signatureOfText } from './similarity.ts';
import { scoreServiceCities } from './service-city-scoring.ts';
import type { ServiceCityRepo } from '../pages/service-city.repo.ts';

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

/** What scoring reads: the pages (city and service-city pages), and their places' facts. */
export type ScoringRepos = {
  locations: LocationsRepo;
  facts: FactsRepo;
  serviceCities: ServiceCityRepo;
};

/** Cities whose facts are read per query: a big project's ids stay well under any bind limit. */
const FACTS_BATCH = 1000;

async function factsOf(facts: FactsRepo, ids: string[]): Promise<Map<string, TCityFact[]>> {
  const all = new Map<string, TCityFact[]>();
  for (let i = 0; i < ids.length; i += FACTS_BATCH)
    for (const [id, list] of await facts.ofCities(ids.slice(i, i + FACTS_BATCH))) all.set(id, list);
  return all;
}

/**
 * Scores every written city page of a project: its highest similarity to a sibling (and which
 * one), and its local substance (its first-hand facts first, then its geography, and the
 * sentences that only list places), from the HTML that is published, so a hand edit is scored
 * as it reads. The quality gate's verdict follows from these and the project's thresholds
 * (pages/quality-gate.ts).
 */
export async function scoreProject(repos: ScoringRepos, projectId: string): Promise<number> {
  const rows = await repos.locations.completedForScoring(projectId);
  const namesOfCounty = new Map<string, string[]>();
  for (const row of rows) {
    const names = namesOfCounty.get(row.countyId) ?? [];
    if (!names.length) namesOfCounty.set(row.countyId, names);
    names.push(row.name);
  }
  const countyIndex = new Map([...namesOfCounty].map(([id, names]) => [id, nearbyIndex(names)]));
  // Every place a sentence could list: the project's cities, counties and states.
  const places = placesIndex([
    ...new Set(rows.flatMap((r) => [r.name, ...countyNames(r.county), r.stateName])),
  ]);
  const facts = await factsOf(
    repos.facts,
    rows.map((r) => r.id),
  );
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
        firsthand: facts.get(row.id) ?? [],
      },
      { countyCities: countyIndex.get(row.countyId), places },
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
  await repos.locations.setQuality(
    pages.map((p) => ({
      id: p.id,
      ...scores.get(p.id)!,
      localShare: p.substance.localShare,
      wordCount: p.substance.words,
      factsStated: p.substance.factsStated,
      stuffing: p.substance.stuffing,
      faqs: p.faqs,
      faqsHash: p.faqsHash,
    })),
  );
  const services = await scoreServiceCities(repos, projectId, factsOf);
  return pages.length + services;
}

/** Scores each project asked for. */
export async function startScoreWorker(boss: PgBoss, repos: ScoringRepos): Promise<void> {
  let self: string | null = null;
  self = await boss.work(QUEUES.scoreSimilarity, async (jobs) => {
    try {
      for (const job of jobs) {
        const { projectId } = ZScoreJob.parse(job.data);
        await scoreProject(repos, projectId);
      }
    } finally {
      // The queue is notify-driven, so its idle poll is a 30-second backstop, and a NOTIFY sent
      // while this worker was busy wakes nobody: when many projects finish together, the next
      // job would wait a whole poll. Fetch again at once; an empty fetch ends the run.
      if (self) boss.notifyWorker(self);
    }
  });
}
