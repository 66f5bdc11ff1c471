// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export { estimateUsage, ProviderError, toProviderError } from './ai-client.ts';
export type { AiClient, CallUsage, ChatMessage, RemoteProvider } from './ai-client.ts';
export { createAiModule } from './ai.module.ts';
export type { AiModule } from './ai.module.ts';
export { createCallSlots } from './call-slots.ts';
export type { CallSlots } from './call-slots.ts';
export type { CapMail } from './cap-mail.ts';
export type { SpendingGate } from './spending-gate.ts';
export { dropNulls, PAGE_JSON_SCHEMA } from './structured-output.ts';
export type { OutputMode } from './structured-output.ts';
export type { NewUsage, UsageRepo } from './usage.repo.ts';
