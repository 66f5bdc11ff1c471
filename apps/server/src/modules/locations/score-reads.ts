import type { TCityFact } from '@cityforge/shared';
import type { PlacePageQuality, ServiceCityRepo } from '../pages/lean.ts';
import type { PageQuality } from './locations.repo.ts';
import type { ScoringPage, ScoringPlace } from './page-scores.ts';

/** What the scoring process is given: the project whose written pages it scores. */
export type ScoreJob = { projectId: string };

/** A written service-city page with its place, as scoring reads it. */
export type ServiceScoringPage = Awaited<ReturnType<ServiceCityRepo['forScoring']>>[number];
/** A service-city page's place, by name: city, county and state. */
export type ServiceScoringPlace = Awaited<ReturnType<ServiceCityRepo['placeNames']>>[number];

/**
 * The reads scoring makes, answered by the API process for the job's project only: the places
 * of its written city pages from just after a place id, then the pages (with their places'
 * facts) of given ids; the ids of its written service-city pages, their places' names, then
 * those pages (with their places' facts) of given ids. The API process answers these and no
 * other call.
 */
export type ScoreReads = {
  places(after: string | null): Promise<ScoringPlace[]>;
  pages(ids: string[]): Promise<{ rows: ScoringPage[]; facts: Map<string, TCityFact[]> }>;
  serviceIds(): Promise<string[]>;
  servicePlaces(): Promise<ServiceScoringPlace[]>;
  servicePages(
    ids: string[],
  ): Promise<{ rows: ServiceScoringPage[]; facts: Map<string, TCityFact[]> }>;
};
export const SCORE_READS = [
  'places',
  'pages',
  'serviceIds',
  'servicePlaces',
  'servicePages',
] as const satisfies ReadonlyArray<keyof ScoreReads>;

/** What scoring answers: the measures of the project's city pages and of its service-city pages. */
export type ScoreAnswer = { cities: PageQuality[]; services: PlacePageQuality[] };

/** Places answered per read: ids and names only. */
export const PLACES_PER_READ = 1000;
/** Pages answered per read (a few MB of HTML): each read holds the database briefly. */
export const PAGES_PER_READ = 250;
