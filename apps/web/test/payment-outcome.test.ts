import { describe, expect, it } from 'vitest';
import type { TUser } from '@cityforge/shared';
import { paymentOutcome } from '../src/features/plans/payment-outcome';

const user = (over: Partial<TUser> = {}) =>
  ({ id: 'u1', isSubscribed: false, adminBypass: false, ...over }) as TUser;

describe('paymentOutcome', () => {
  it('waits while the session is checked and while the fresh read runs', () => {
    expect(
      paymentOutcome({ sessionLoading: true, sessionUser: null, status: { failed: false } }),
    ).toBe('checking');
    expect(
      paymentOutcome({ sessionLoading: false, sessionUser: user(), status: { failed: false } }),
    ).toBe('checking');
  });

  it('ends at sign-in without a session, even while a dropped read still looks pending', () => {
    expect(
      paymentOutcome({ sessionLoading: false, sessionUser: null, status: { failed: false } }),
    ).toBe('signed-out');
    expect(
      paymentOutcome({ sessionLoading: false, sessionUser: null, status: { failed: true } }),
    ).toBe('signed-out');
  });

  it('takes a failed read as the unsubscribed path', () => {
    expect(
      paymentOutcome({ sessionLoading: false, sessionUser: user(), status: { failed: true } }),
    ).toBe('unsubscribed');
  });

  it('reads the subscription (or the admin bypass) from the fresh answer', () => {
    const facts = (fresh: TUser) =>
      paymentOutcome({
        sessionLoading: false,
        sessionUser: user(),
        status: { user: fresh, failed: false },
      });
    expect(facts(user({ isSubscribed: true }))).toBe('subscribed');
    expect(facts(user({ adminBypass: true }))).toBe('subscribed');
    expect(facts(user())).toBe('unsubscribed');
  });
});
