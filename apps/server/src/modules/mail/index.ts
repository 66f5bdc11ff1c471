// The front door: what other modules may use of this one. Generated from their imports by
// scripts/front-doors.ts (docs/architecture.md); do not edit by hand.

export { awaitingReviewMail, clientInvitationMail } from './branded-templates.ts';
export type { MailBrand } from './branded-templates.ts';
export type { MailQueue } from './mail.jobs.ts';
export { createMailModule } from './mail.module.ts';
export {
  clientReviewMail,
  deployFailedMail,
  runFinishedMail,
  syncWaitingMail,
} from './notification-templates.ts';
export {
  accountExistsMail,
  invitationMail,
  passwordResetMail,
  signInLockedMail,
  spendingCapMail,
  verificationMail,
} from './templates.ts';
