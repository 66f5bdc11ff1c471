import { z } from 'zod';

/**
 * GET /api/me/google/: whether this server offers Google (its operator set an OAuth client)
 * and whether the account has connected it. Linked Google Sheets of the account's projects
 * are read through the Sheets API, as that Google account, while it is connected.
 */
export const ZGoogleStatus = z.object({
  available: z.boolean(),
  connected: z.boolean(),
  connectedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TGoogleStatus = z.infer<typeof ZGoogleStatus>;

/** GET /api/me/google/connect/: Google's consent screen, where the browser goes next. */
export const ZGoogleConnect = z.object({ url: z.url() });
export type TGoogleConnect = z.infer<typeof ZGoogleConnect>;

/**
 * What Google sends the browser back with (RFC 6749 §4.1.2): a code and our state, or an
 * error. Every field optional here so that a refusal, or a broken address, still lands the
 * browser on the profile with a reason instead of on a bare error.
 */
const short = z.string().max(2048).optional();
export const ZGoogleCallbackQuery = z.object({
  code: short,
  state: short,
  error: short,
  scope: short,
});

/** How a connection ended, as the profile's address says it (`?google=…`). */
export const GOOGLE_OUTCOMES = ['connected', 'denied', 'expired', 'failed'] as const;
export type TGoogleOutcome = (typeof GOOGLE_OUTCOMES)[number];

/** What the profile says for each outcome. */
export const GOOGLE_OUTCOME_MESSAGES: Record<TGoogleOutcome, string> = {
  connected: 'Google is connected: linked Google Sheets are read as your Google account.',
  denied: 'Google was not connected: access was not granted.',
  expired: 'Google was not connected: the connection request expired or was not yours. Try again.',
  failed: 'Google was not connected: Google did not confirm the connection. Try again.',
};
