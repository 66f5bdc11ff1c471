// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export { citiesPastSeats, COUNTY_SEATS } from './city-seats.ts';
export { factTokens, occurrences, quotesOf, unstatedFacts, yesNoOf } from './fact-text.ts';
export type { FactsRepo } from './facts.repo.ts';
export { getGeoIndex } from './geography-index.ts';
export { createLocationsModule } from './locations.module.ts';
export type { CountyRow, LocationsRepo, StateRow } from './locations.repo.ts';
export { ZPhotoJob } from './photo.job.ts';
export type { TPhotoJob } from './photo.job.ts';
export type { PhotosRepo } from './photos.repo.ts';
export { offeredServices, serviceMatcher } from './service-match.ts';
export { sendScoreJob, startScoreWorker } from './similarity.job.ts';
export { visibleText } from './similarity.ts';
export type { CheckCityPageLimit } from './upload.service.ts';
