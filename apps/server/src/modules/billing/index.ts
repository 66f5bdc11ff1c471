// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export { createBillingModule } from './billing.module.ts';
export type { BillingModule } from './billing.module.ts';
export type { BillingService } from './billing.service.ts';
export { seedPlans } from './plans.seed.ts';
export type { CancelSubscription } from './stripe-cancel.ts';
