// The narrow door, for code that runs in a worker thread or a child process: only what it
// uses of this module, so a thread does not load the whole module. Generated from its
// imports by scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export {
  cityAreaServed,
  cityCrumbs,
  cityPageRef,
  serviceCityCrumbs,
  serviceCityRef,
} from './city-refs.ts';
export { escapeHtml } from './html.ts';
export { footerPages, pageDocument } from './page-document.ts';
export type { PageBody, SiteFrame } from './page-document.ts';
export { absoluteUrl, cityPath, pagePath } from './paths.ts';
export type { PageRef } from './paths.ts';
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
export { themeCss, themeFor } from './theme.ts';
