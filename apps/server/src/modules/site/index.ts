// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export {
  cityAreaServed,
  cityCrumbs,
  cityPageFrame,
  cityPageRef,
  serviceCityCrumbs,
  serviceCityFrame,
  serviceCityRef,
} from './city-refs.ts';
export { escapeAttr, escapeHtml } from './html.ts';
export { overrideMetaTags, renderMetaTags, trimToWords } from './meta.ts';
export { footerPages, pageDocument } from './page-document.ts';
export type { PageBody, SiteFrame } from './page-document.ts';
export { absoluteUrl, cityPath, countyPath, pagePath, statePath, STATES_PATH } from './paths.ts';
export type { Crumb, PageRef } from './paths.ts';
export { placePhotoOf } from './place-photo.ts';
export { PREVIEW_SCRIPT_SHA256 } from './preview-script.ts';
export { renderContent } from './render-content.ts';
export { cityLocalSections } from './render-locations.ts';
export { cityServicesBlock, whereWeOfferBlock } from './service-links.ts';
export type { OfferedIn, SiteLink } from './service-links.ts';
export {
  countyHub,
  hubBody,
  notFoundHub,
  servicesHub,
  stateHub,
  statesHub,
  zipCodesHub,
} from './site-hubs.ts';
export type { HubCity, HubPage, ZipEntry } from './site-hubs.ts';
export { createSiteModule } from './site.module.ts';
export { themeCss, themeFor } from './theme.ts';
