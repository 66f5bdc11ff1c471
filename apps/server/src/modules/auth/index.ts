// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export { createAuthModule } from './auth.module.ts';
export { createJwt } from './jwt.ts';
