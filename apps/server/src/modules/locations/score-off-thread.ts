import { fileURLToPath } from 'node:url';
import { createChildPool, type ChildBudget, type ChildCalls } from '../../lib/child-pool.ts';
import type { ServiceCityRepo } from '../pages/index.ts';
import type { FactsRepo } from './facts.repo.ts';
import type { LocationsRepo } from './locations.repo.ts';
import {
  PAGES_PER_READ,
  PLACES_PER_READ,
  SCORE_READS,
  type ScoreAnswer,
  type ScoreJob,
  type ScoreReads,
} from './score-reads.ts';

/** What scoring reads: the city pages, the service-city pages, and their places' facts. */
export type ScoringRepos = {
  locations: LocationsRepo;
  facts: FactsRepo;
  serviceCities: ServiceCityRepo;
};

// Generous: 5,000 pages score in seconds and the work grows with the square of the pages, so
// only a process that is stuck reaches these at the largest allowed project (50,000 cities).
const BUDGET: ChildBudget = { timeoutMs: 30 * 60_000, memoryMb: 1024 };

const WORKER_PATH = fileURLToPath(new URL('./score-worker.ts', import.meta.url));

// One process: this process's scoring jobs run one at a time anyway (one job per fetch).
let pool: ReturnType<typeof createChildPool<ScoreJob, ScoreAnswer>> | null = null;
const scoringPool = () =>
  (pool ??= createChildPool<ScoreJob, ScoreAnswer>({
    workerPath: WORKER_PATH,
    budget: BUDGET,
    processes: 1,
    tooSlow: () => new Error('scoring the project took longer than its budget'),
    tooBig: () => new Error('scoring the project needed more memory than its budget'),
    label: 'scoring',
  }));

/** The reads of one project's scoring, a slice at a time, and of that project only. */
function readsOf(repos: ScoringRepos, projectId: string): ScoreReads {
  return {
    places: (after) => repos.locations.scoringPlaces(projectId, after, PLACES_PER_READ),
    async pages(ids) {
      const rows = await repos.locations.scoringPages(projectId, ids.slice(0, PAGES_PER_READ));
      return { rows, facts: await repos.facts.ofCities(rows.map((r) => r.id)) };
    },
    serviceIds: () => repos.serviceCities.writtenIds(projectId),
    servicePlaces: () => repos.serviceCities.placeNames(projectId),
    async servicePages(ids) {
      const rows = await repos.serviceCities.forScoring(projectId, ids.slice(0, PAGES_PER_READ));
      return { rows, facts: await repos.facts.ofCities([...new Set(rows.map((r) => r.cityId))]) };
    },
  };
}

/**
 * The quality gate's measures of every written city page and service-city page of a project
 * (page-scores.ts, service-city-scoring.ts), computed in a process of its own: this thread only answers its reads, a slice of pages at a
 * time, so requests are answered between them however big the project is.
 */
export function scoreOffThread(repos: ScoringRepos, projectId: string): Promise<ScoreAnswer> {
  const reads = readsOf(repos, projectId) as unknown as ChildCalls;
  const calls: ChildCalls = Object.fromEntries(
    SCORE_READS.map((method) => [method, (...args: unknown[]) => reads[method]!(...args)]),
  );
  return scoringPool()({ projectId }, calls);
}
