// The narrow door, for code that runs in a worker thread or a child process: only what it
// uses of this module, so a thread does not load the whole module. Generated from its
// imports by scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export type { TPageContent, TSection } from './content.ts';
export type { PlacePageQuality, ServiceCityRepo } from './service-city.repo.ts';
