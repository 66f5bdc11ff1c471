import type { TUser } from '@cityforge/shared';

export type PaymentOutcome = 'checking' | 'subscribed' | 'unsubscribed' | 'signed-out';

export interface PaymentFacts {
  /** The stored session is still being checked at startup. */
  sessionLoading: boolean;
  /** The signed-in user, or null once the session is known to be absent or has ended. */
  sessionUser: TUser | null;
  /** The fresh /auth/me/ read: its answer, or whether it failed. */
  status: { user?: TUser; failed: boolean };
}

/**
 * What /payment-success shows. Without a session there is nothing to confirm: the page goes
 * to the sign-in screen (the return may land on another origin than the one signed in, or a
 * read ends in a 401 whose refresh fails). The session is checked first because a lost session
 * clears the query cache, and a read dropped that way never reports success or failure. Any
 * other failed read is the spec's unsubscribed path.
 */
export function paymentOutcome({
  sessionLoading,
  sessionUser,
  status,
}: PaymentFacts): PaymentOutcome {
  if (sessionLoading) return 'checking';
  if (!sessionUser) return 'signed-out';
  if (status.failed) return 'unsubscribed';
  if (!status.user) return 'checking';
  return status.user.isSubscribed || status.user.adminBypass ? 'subscribed' : 'unsubscribed';
}
