import { describe, expect, it } from 'vitest';
import { GOOGLE_OUTCOME_MESSAGES } from '@cityforge/shared';
import { googleOutcome } from '../src/features/profile/google-outcome';

describe('googleOutcome', () => {
  it('shows a connection as success and every refusal as an error, in its own words', () => {
    expect(googleOutcome('connected')).toEqual({
      outcome: 'connected',
      variant: 'success',
      message: GOOGLE_OUTCOME_MESSAGES.connected,
    });
    for (const outcome of ['denied', 'expired', 'failed'] as const)
      expect(googleOutcome(outcome)).toEqual({
        outcome,
        variant: 'error',
        message: GOOGLE_OUTCOME_MESSAGES[outcome],
      });
  });

  it('says nothing for no outcome or one it does not know, never echoing the address', () => {
    expect(googleOutcome(null)).toBeNull();
    expect(googleOutcome('')).toBeNull();
    expect(googleOutcome('Your account is locked, call +1 555')).toBeNull();
    expect(googleOutcome('CONNECTED')).toBeNull();
  });
});
