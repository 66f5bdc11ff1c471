// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export { keyAccess, keyGroup, keySource, requireUsableModel, resolveApiKey } from './keys.ts';
export type { ServerKeys } from './keys.ts';
export { canUse, findModel, MODELS, providerLabel } from './models.ts';
export type { ModelProvider, ModelSpec } from './models.ts';
export { fetchOpenRouterListing } from './openrouter-listing.ts';
export { createPricesRepo } from './prices.repo.ts';
export { createPricesService } from './prices.service.ts';
export type { PricesService } from './prices.service.ts';
