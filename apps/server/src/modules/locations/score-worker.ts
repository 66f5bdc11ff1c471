import { serveJobs, type CallParent } from '../../lib/child-job.ts';
import type { PageQuality } from './locations.repo.ts';
import {
  finishScores,
  measurePage,
  scoringIndexes,
  type MeasuredPage,
  type ScoringPlace,
} from './page-scores.ts';
import { PAGES_PER_READ, type ScoreJob, type ScoreReads } from './score-reads.ts';

async function allPlaces(call: CallParent): Promise<ScoringPlace[]> {
  const all: ScoringPlace[] = [];
  for (let after: string | null = null; ;) {
    const slice = (await call('places', [after])) as ScoringPlace[];
    if (!slice.length) return all;
    all.push(...slice);
    after = slice.at(-1)!.id;
  }
}

/**
 * Scores every written city page of the job's project. Pages are measured in the order of the
 * places (by id), so a tie between equally similar siblings always names the same one.
 */
async function scorePages(_job: ScoreJob, call: CallParent): Promise<PageQuality[]> {
  const places = await allPlaces(call);
  const indexes = scoringIndexes(places);
  const measured: MeasuredPage[] = [];
  for (let i = 0; i < places.length; i += PAGES_PER_READ) {
    const ids = places.slice(i, i + PAGES_PER_READ).map((p) => p.id);
    const { rows, facts } = (await call('pages', [ids])) as Awaited<
      ReturnType<ScoreReads['pages']>
    >;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const row = byId.get(id);
      const page = row && measurePage(row, facts.get(id) ?? [], indexes);
      if (page) measured.push(page);
    }
  }
  return finishScores(measured);
}

// Runs in a child process of its own (see score-off-thread.ts): measuring thousands of pages
// and comparing each with every other holds a thread for seconds, which must never be the
// thread that answers HTTP.
serveJobs(scorePages);
