import { maskSecret, type TUser } from '@cityforge/shared';
import type { UserRow } from '../../db/schema/index.ts';
import type { Cipher } from '../../lib/crypto.ts';
import { capOf } from '../../lib/usd.ts';
import type { SubscriptionView } from './users.repo.ts';

// A subscription keeps its access while Stripe still retries a failed payment (past_due);
// see docs/decisions.md.
export const SUBSCRIBED_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

export function isSubscribed(sub: Pick<SubscriptionView, 'status'> | null): boolean {
  return Boolean(sub && SUBSCRIBED_STATUSES.has(sub.status));
}

export function fullName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

type SecretColumn = 'openAiKeyEnc' | 'openRouterKeyEnc' | 'netlifyTokenEnc';

function masked(cipher: Cipher, user: UserRow, field: SecretColumn): string | null {
  const sealed = user[field];
  if (!sealed) return null;
  try {
    return maskSecret(cipher.decrypt(sealed, { userId: user.id, field }));
  } catch {
    return null;
  }
}

export function toUserDto(user: UserRow, sub: SubscriptionView | null, cipher: Cipher): TUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: fullName(user),
    email: user.email,
    username: user.email,
    isActive: user.isActive,
    isEmailVerified: Boolean(user.emailVerifiedAt),
    isSuperuser: user.isSuperuser,
    isSubscribed: isSubscribed(sub),
    adminBypass: user.adminBypass,
    joinedAt: user.joinedAt.toISOString(),
    lastActivity: user.lastActivityAt?.toISOString() ?? null,
    subscription: sub
      ? {
          plan: { id: sub.planId, name: sub.planName },
          status: sub.status,
          startDate: sub.startedAt.toISOString(),
          currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
        }
      : null,
    userOpenAiApiKey: masked(cipher, user, 'openAiKeyEnc'),
    userOpenRouterApiKey: masked(cipher, user, 'openRouterKeyEnc'),
    userNetlifyAccessToken: masked(cipher, user, 'netlifyTokenEnc'),
    spendingCapUsd: capOf(user.spendingCapUsd),
  };
}
