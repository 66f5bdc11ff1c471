// The front door: what other modules may use of this one. Generated from their imports by
// the front-doors codemod (docs/architecture.md); do not edit by hand.

export type { MailQueue } from './mail.jobs.ts';
export { createMailModule } from './mail.module.ts';
export {
  accountExistsMail,
  passwordResetMail,
  signInLockedMail,
  spendingCapMail,
  verificationMail,
} from './templates.ts';
