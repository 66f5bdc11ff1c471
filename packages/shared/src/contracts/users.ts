import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ZSpendingCapInput } from './spending.ts';

const ZSubscriptionSummary = z.object({
  plan: z.object({ id: z.string(), name: z.string() }),
  status: z.string(),
  startDate: z.string(),
  currentPeriodEnd: z.string().nullable(),
});

/** The user as every answer shows it: keys and tokens only ever masked. */
export const ZUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  isActive: z.boolean(),
  isEmailVerified: z.boolean(),
  isSuperuser: z.boolean(),
  isSubscribed: z.boolean(),
  adminBypass: z.boolean(),
  joinedAt: z.string(),
  lastActivity: z.string().nullable(),
  subscription: ZSubscriptionSummary.nullable(),
  userOpenAiApiKey: z.string().nullable(),
  userOpenRouterApiKey: z.string().nullable(),
  userNetlifyAccessToken: z.string().nullable(),
  /** The most the account may spend on AI calls in a calendar month (UTC); null: none. */
  spendingCapUsd: z.number().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

const ZSecretField = z
  .string()
  .trim()
  .max(512, { error: 'Keys are at most 512 characters' })
  .nullable()
  .optional();

/**
 * PATCH /auth/me/. A key field sent as its masked value (unchanged in the form) keeps the
 * stored key; an empty string or null removes it. E-mail is not editable here.
 */
export const ZUpdateMe = z.strictObject({
  email: z.never({ error: MSG.emailNotEditable }).optional(),
  firstName: z.string().trim().max(150).optional(),
  lastName: z.string().trim().max(150).optional(),
  userOpenAiApiKey: ZSecretField,
  userOpenRouterApiKey: ZSecretField,
  userNetlifyAccessToken: ZSecretField,
  spendingCapUsd: ZSpendingCapInput.optional(),
});
export type TUpdateMe = z.infer<typeof ZUpdateMe>;

const MASK_CHAR = '•';
/** Shows enough of a key to recognise it, never enough to use it. */
export function maskSecret(secret: string | null | undefined): string | null {
  if (!secret) return null;
  if (secret.length <= 8) return MASK_CHAR.repeat(8);
  return `${secret.slice(0, 3)}${MASK_CHAR.repeat(8)}${secret.slice(-4)}`;
}
export function isMasked(value: string): boolean {
  return value.includes(MASK_CHAR);
}
