// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export { netlifyAppError } from './netlify-client.ts';
export { domainSettings, publishedUrl } from './netlify-site.ts';
export type { Netlify } from './netlify.ts';
export { createPublishingModule } from './publishing.module.ts';
