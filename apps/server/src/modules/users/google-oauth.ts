import type { Config } from '../../config/env.ts';

/** Read-only access to the account's spreadsheets: all a linked sheet needs. */
export const GOOGLE_SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets.readonly';

/** One call to Google's OAuth endpoints answers within this long, or it failed. */
const OAUTH_TIMEOUT_MS = 15_000;

export type GoogleTokens = {
  accessToken: string;
  /** When the access token stops working, by Google's `expires_in`. */
  expiresAt: number;
  /** Only from the code's exchange (offline access); a refresh answers none. */
  refreshToken: string | null;
  /** The scopes granted, which the consent screen lets a person narrow. */
  scopes: string[];
};

/**
 * Google answered, but not with tokens: `error` is the OAuth error code (RFC 6749 §5.2), as
 * `invalid_grant` for a code used twice or a refresh token the person revoked.
 */
export class GoogleOAuthRefused extends Error {
  readonly error: string;
  constructor(error: string) {
    super(`Google refused the token request: ${error}`);
    this.name = 'GoogleOAuthRefused';
    this.error = error;
  }
}

/** Google could not be reached or answered something that is not OAuth. */
export class GoogleUnreachable extends Error {
  constructor(what: string) {
    super(`Google's ${what} did not answer as expected`);
    this.name = 'GoogleUnreachable';
  }
}

/** The endpoints: Google's own, or every one on GOOGLE_OAUTH_URL (a proxy or a local fake). */
function endpointsOf(base: string | undefined) {
  const at = (path: string, real: string) => (base ? `${base.replace(/\/+$/, '')}${path}` : real);
  return {
    authorize: at('/o/oauth2/v2/auth', 'https://accounts.google.com/o/oauth2/v2/auth'),
    token: at('/token', 'https://oauth2.googleapis.com/token'),
    revoke: at('/revoke', 'https://oauth2.googleapis.com/revoke'),
  };
}

async function postForm(url: string, form: Record<string, string>, what: string) {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(OAUTH_TIMEOUT_MS),
    });
  } catch {
    throw new GoogleUnreachable(what);
  }
}

function tokensOf(body: Record<string, unknown>): GoogleTokens {
  const { access_token: access, expires_in: expires, refresh_token: refresh, scope } = body;
  if (typeof access !== 'string' || !access) throw new GoogleUnreachable('token endpoint');
  const seconds = typeof expires === 'number' && expires >= 0 ? expires : 3600;
  return {
    accessToken: access,
    expiresAt: Date.now() + seconds * 1000,
    refreshToken: typeof refresh === 'string' && refresh ? refresh : null,
    scopes: typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [],
  };
}

/**
 * Google's OAuth 2.0 for a web server app: the consent screen's address, the code's exchange
 * for tokens, a refresh, and revocation. Null when the operator set no OAuth client.
 */
export function createGoogleOAuth(
  config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_OAUTH_URL'>,
) {
  const clientId = config.GOOGLE_CLIENT_ID;
  const clientSecret = config.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const endpoints = endpointsOf(config.GOOGLE_OAUTH_URL);

  async function tokenCall(form: Record<string, string>): Promise<GoogleTokens> {
    const res = await postForm(
      endpoints.token,
      { ...form, client_id: clientId!, client_secret: clientSecret! },
      'token endpoint',
    );
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') throw new GoogleUnreachable('token endpoint');
    if (!res.ok) {
      if (typeof body.error === 'string' && res.status < 500)
        throw new GoogleOAuthRefused(body.error);
      throw new GoogleUnreachable('token endpoint');
    }
    return tokensOf(body);
  }

  return {
    /** The consent screen: offline access (a refresh token), asked again each time. */
    authorizeUrl(redirectUri: string, state: string): string {
      const url = new URL(endpoints.authorize);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GOOGLE_SHEETS_SCOPE,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      }).toString();
      return url.toString();
    },
    exchange: (code: string, redirectUri: string) =>
      tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken: string) =>
      tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    /**
     * Revokes the grant (a refresh token revokes its access tokens with it). True when Google
     * took it or no longer knew it (400 invalid_token: revoked already).
     */
    async revoke(token: string): Promise<boolean> {
      const res = await postForm(endpoints.revoke, { token }, 'revocation endpoint');
      await res.body?.cancel();
      return res.ok || res.status === 400;
    },
  };
}
export type GoogleOAuth = NonNullable<ReturnType<typeof createGoogleOAuth>>;
