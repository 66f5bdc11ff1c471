/** Reads a JWT's payload without verifying it (the server verifies; the client only needs exp). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? (json as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The exp claim in milliseconds since the epoch, or null when the token can't be read. */
export function tokenExpiryMs(token: string | null | undefined): number | null {
  if (!token) return null;
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** Expiry comes from the exp claim; an unparsable token counts as expired. */
export function isTokenExpired(
  token: string | null | undefined,
  nowMs: number = Date.now(),
): boolean {
  const expiry = tokenExpiryMs(token);
  return expiry === null || expiry <= nowMs;
}

export type StartupAction = 'signed-out' | 'refresh' | 'load-user';

/**
 * What the app does with the stored tokens at startup: either is missing → clear both and
 * stay signed out; the access token has expired → refresh first; otherwise load the user.
 */
export function startupAction(
  tokens: { access: string | null; refresh: string | null },
  nowMs: number = Date.now(),
): StartupAction {
  if (!tokens.access || !tokens.refresh) return 'signed-out';
  return isTokenExpired(tokens.access, nowMs) ? 'refresh' : 'load-user';
}
