/** The "Offline draft" model's public face: site pages, city pages and the services it lists. */

export { writeOfflineCityContent } from './city/writer.ts';
export { offlineServices, type OfflineService } from './services.ts';
export { writeOfflineContent } from './site/writer.ts';
export type { OfflinePage } from './site/pages.ts';
export type { OfflineProject } from './voice.ts';
