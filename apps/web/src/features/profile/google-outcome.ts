import { GOOGLE_OUTCOMES, GOOGLE_OUTCOME_MESSAGES, type TGoogleOutcome } from '@cityforge/shared';

/**
 * What the profile says after Google sent the browser back (`?google=outcome`): a banner of
 * the right kind with the outcome's own wording. Any other value says nothing: the address
 * may be typed, and its text is never shown.
 */
export function googleOutcome(
  value: string | null,
): { outcome: TGoogleOutcome; variant: 'success' | 'error'; message: string } | null {
  const outcome = GOOGLE_OUTCOMES.find((o) => o === value);
  if (!outcome) return null;
  return {
    outcome,
    variant: outcome === 'connected' ? 'success' : 'error',
    message: GOOGLE_OUTCOME_MESSAGES[outcome],
  };
}
