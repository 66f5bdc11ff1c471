import type { TCityFact } from '@cityforge/shared';
import type { ScoringPage, ScoringPlace } from './page-scores.ts';

/** What the scoring process is given: the project whose written city pages it scores. */
export type ScoreJob = { projectId: string };

/**
 * The reads scoring makes, answered by the API process for the job's project only: the places
 * of its written pages from just after a place id, then the pages (with their places' facts)
 * of given ids. The API process answers these and no other call.
 */
export type ScoreReads = {
  places(after: string | null): Promise<ScoringPlace[]>;
  pages(ids: string[]): Promise<{ rows: ScoringPage[]; facts: Map<string, TCityFact[]> }>;
};
export const SCORE_READS = ['places', 'pages'] as const satisfies ReadonlyArray<keyof ScoreReads>;

/** Places answered per read: ids and names only. */
export const PLACES_PER_READ = 1000;
/** Pages answered per read (a few MB of HTML): each read holds the database briefly. */
export const PAGES_PER_READ = 250;
