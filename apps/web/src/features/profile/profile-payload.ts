import { isMasked, MSG } from '@cityforge/shared';
import type { TUpdateMe, TUser } from '@cityforge/shared';
import { capText, parseCapText } from '../../lib/spending-cap';

export const KEY_NAMES = [
  'userNetlifyAccessToken',
  'userOpenRouterApiKey',
  'userOpenAiApiKey',
] as const;
export type KeyName = (typeof KEY_NAMES)[number];

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  userNetlifyAccessToken: string;
  userOpenRouterApiKey: string;
  userOpenAiApiKey: string;
  /** The account's monthly spending cap in dollars as typed; empty for none. */
  spendingCapUsd: string;
}

export function profileDefaults(user: TUser): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    userNetlifyAccessToken: user.userNetlifyAccessToken ?? '',
    userOpenRouterApiKey: user.userOpenRouterApiKey ?? '',
    userOpenAiApiKey: user.userOpenAiApiKey ?? '',
    spendingCapUsd: capText(user.spendingCapUsd),
  };
}

export interface ProfileUpdate {
  payload: TUpdateMe;
  /** Field → message for values the server could not use. */
  errors: Partial<Record<keyof ProfileFormValues, string>>;
}

/**
 * The PATCH body for the profile form: names always; a key or the spending cap only when it
 * changed (an untouched masked value is left out, so the stored key stays; an emptied field
 * sends "" to remove it). A key that still holds mask characters after editing is half a key:
 * reported, not sent. Superusers have no key fields.
 */
export function buildProfileUpdate(
  initial: ProfileFormValues,
  values: ProfileFormValues,
  includeKeys: boolean,
): ProfileUpdate {
  const payload: TUpdateMe = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
  };
  const errors: ProfileUpdate['errors'] = {};
  if (includeKeys) {
    for (const name of KEY_NAMES) {
      const next = values[name].trim();
      if (next === initial[name].trim()) continue;
      if (isMasked(next)) errors[name] = MSG.maskedKeyEdited;
      else payload[name] = next;
    }
  }
  // Sent only when changed: a cap change sends held pages on again.
  if (values.spendingCapUsd.trim() !== initial.spendingCapUsd.trim())
    payload.spendingCapUsd = parseCapText(values.spendingCapUsd);
  return { payload, errors };
}
