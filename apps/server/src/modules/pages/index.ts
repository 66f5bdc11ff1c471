// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export { writtenCitySql } from './city-release.ts';
export {
  createCityRowsRepo,
  insertCityRows,
  mergeCityExtras,
  mergeCityZips,
  requeueRewrittenCities,
} from './city-rows.repo.ts';
export type { CityExtras } from './city-rows.repo.ts';
export { awaitingApprovalSql, latestDecisionSql, versionSql } from './client-approval.ts';
export { CONTENT_SHAPE, PARAGRAPHS_MAX, ZPageContent } from './content.ts';
export type { TPageContent, TSection } from './content.ts';
export { contentIdOf, contentTableOf, writePageContent } from './page-content.repo.ts';
export { editsOf, hasEdits, interleave, keepEdits, legacyPrints, NO_EDITS } from './page-edits.ts';
export { createPagesRepo, HELD_REASON } from './pages.repo.ts';
export type { JobRef, NewPage, PagesRepo, Target } from './pages.repo.ts';
export { factProjectsOf, gateOf, heldSql } from './quality-gate.ts';
export { printsOf } from './section-prints.ts';
export type { SectionPrints } from './section-prints.ts';
export { createServiceCityRepo, scoreColumns } from './service-city.repo.ts';
export type { NewServiceCityPage, PlacePageQuality, ServiceCityRepo } from './service-city.repo.ts';
export { createVersionsRepo } from './versions.repo.ts';
export type { PageState, VersionOwner } from './versions.repo.ts';
export { adoptProposal, keepVersion, MAX_VERSIONS, proposeVersion } from './versions.ts';
