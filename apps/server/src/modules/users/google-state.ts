import type { Cipher } from '../../lib/crypto.ts';

/** How long a connection request stays good: the consent screen is a minute's work. */
export const GOOGLE_STATE_MINUTES = 10;

// The state is sealed as a secret is, in a place of its own: only this server made it.
const PLACE = { userId: 'google-oauth', field: 'state' };

export type GoogleState = {
  userId: string;
  /** Where the browser that asked comes back to: one of the app's own origins. */
  back: string;
};

/**
 * The OAuth `state`: who asked and where they came from, sealed with the app's key
 * (AES-GCM, so it can be neither read nor forged) and stamped to expire. The callback has no
 * session (it is Google sending the browser back), so this is what binds the code to the
 * account that asked.
 */
export function sealGoogleState(cipher: Cipher, state: GoogleState, now = Date.now()): string {
  const expires = now + GOOGLE_STATE_MINUTES * 60_000;
  return cipher.encrypt(JSON.stringify({ u: state.userId, b: state.back, e: expires }), PLACE);
}

/** The state's account and origin; null when it was not ours, was altered or has expired. */
export function openGoogleState(
  cipher: Cipher,
  sealed: string | undefined,
  now = Date.now(),
): GoogleState | null {
  if (!sealed) return null;
  try {
    const { u, b, e } = JSON.parse(cipher.decrypt(sealed, PLACE)) as Record<string, unknown>;
    if (typeof u !== 'string' || typeof b !== 'string' || typeof e !== 'number') return null;
    return e > now ? { userId: u, back: b } : null;
  } catch {
    return null;
  }
}
