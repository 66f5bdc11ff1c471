import { serveJobs, type CallParent } from '../../lib/child-job.ts';
import type { PageQuality } from './locations.repo.ts';
import {
  finishScores,
  measurePage,
  scoringIndexes,
  type MeasuredPage,
  type ScoringPlace,
} from './page-scores.ts';
import {
  PAGES_PER_READ,
  SCORE_READS,
  type ScoreAnswer,
  type ScoreJob,
  type ScoreReads,
} from './score-reads.ts';
import { scoreServiceCities } from './service-city-scoring.ts';

/** The parent's reads, called across the process boundary. */
function readsVia(call: CallParent): ScoreReads {
  return Object.fromEntries(
    SCORE_READS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as ScoreReads;
}

async function allPlaces(reads: ScoreReads): Promise<ScoringPlace[]> {
  const all: ScoringPlace[] = [];
  for (let after: string | null = null; ;) {
    const slice = await reads.places(after);
    if (!slice.length) return all;
    all.push(...slice);
    after = slice.at(-1)!.id;
  }
}

/**
 * Scores every written city page of the job's project. Pages are measured in the order of the
 * places (by id), so a tie between equally similar siblings always names the same one.
 */
async function scoreCities(reads: ScoreReads): Promise<PageQuality[]> {
  const places = await allPlaces(reads);
  const indexes = scoringIndexes(places);
  const measured: MeasuredPage[] = [];
  for (let i = 0; i < places.length; i += PAGES_PER_READ) {
    const ids = places.slice(i, i + PAGES_PER_READ).map((p) => p.id);
    const { rows, facts } = await reads.pages(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const row = byId.get(id);
      const page = row && measurePage(row, facts.get(id) ?? [], indexes);
      if (page) measured.push(page);
    }
  }
  return finishScores(measured);
}

/** Scores every written page of the job's project: its city pages, then its service-city pages. */
async function scorePages(_job: ScoreJob, call: CallParent): Promise<ScoreAnswer> {
  const reads = readsVia(call);
  const cities = await scoreCities(reads);
  return { cities, services: await scoreServiceCities(reads) };
}

// Runs in a child process of its own (see score-off-thread.ts): measuring thousands of pages
// and comparing each with every other (a service's pages in every place among themselves
// too) holds a thread for seconds, which must never be the
// thread that answers HTTP.
serveJobs(scorePages);
