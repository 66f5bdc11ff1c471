// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export { resealLegacySecrets } from './reseal-secrets.ts';
export { createUsersModule } from './users.module.ts';
export type { UsersModule } from './users.module.ts';
export { fullName, isSubscribed, SUBSCRIBED_STATUSES, toUserDto } from './users.presenter.ts';
export { subscriptionViewColumns } from './users.repo.ts';
export type { SubscriptionView, UserPatch, UsersRepo } from './users.repo.ts';
export type { UsersService } from './users.service.ts';
