import { dictionary } from '@zxcvbn-ts/language-common';
import { MSG } from '@cityforge/shared';
import { fieldError } from './errors.ts';

/**
 * The 10,000 most used passwords, from zxcvbn-ts's common dictionary (MIT; ranked by how
 * often each appeared in leaked password sets, most common first). Compared without case:
 * "Password" is guessed as early as "password".
 */
export const COMMON_PASSWORD_COUNT = 10_000;
const COMMON = new Set(
  dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** Refuses a new password that guessers try first, as a field error on `field`. */
export function refuseCommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw fieldError(field, MSG.passwordTooCommon);
}
