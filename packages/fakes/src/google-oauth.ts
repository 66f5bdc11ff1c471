import { randomBytes } from 'node:crypto';

/** The OAuth side of the fake Google: codes, refresh and access tokens, revocation. */

export const SHEETS_READONLY = 'https://www.googleapis.com/auth/spreadsheets.readonly';
const SHEETS_SCOPES = new Set([SHEETS_READONLY, 'https://www.googleapis.com/auth/spreadsheets']);

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;

type Code = { redirectUri: string; scope: string; offline: boolean; used: boolean };
type Access = { refresh: string | null; scope: string; expiresAt: number };

/** An OAuth error as Google's token endpoint answers it (RFC 6749 §5.2). */
export class OAuthError extends Error {
  readonly status: number;
  readonly error: string;
  constructor(status: number, error: string, description: string) {
    super(description);
    this.status = status;
    this.error = error;
  }
}

export function createOAuthState(client: { id: string; secret: string }, lifetime: () => number) {
  const codes = new Map<string, Code>();
  const refreshTokens = new Map<string, { scope: string; revoked: boolean }>();
  const accessTokens = new Map<string, Access>();

  function issueAccess(refresh: string | null, scope: string) {
    const access = token('ya29.');
    const seconds = lifetime();
    accessTokens.set(access, { refresh, scope, expiresAt: Date.now() + seconds * 1000 });
    return { access_token: access, expires_in: seconds, scope, token_type: 'Bearer' };
  }

  function checkClient(form: URLSearchParams) {
    if (form.get('client_id') !== client.id || form.get('client_secret') !== client.secret)
      throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found.');
  }

  return {
    /** The consent screen granted: a one-time code for this redirect and scope. */
    issueCode(redirectUri: string, scope: string, offline: boolean): string {
      const code = token('4/0A');
      codes.set(code, { redirectUri, scope, offline, used: false });
      return code;
    },

    /** POST /token, by its grant_type. */
    grant(form: URLSearchParams): Record<string, unknown> {
      checkClient(form);
      const type = form.get('grant_type');
      if (type === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        if (!code || code.used || code.redirectUri !== form.get('redirect_uri'))
          throw new OAuthError(400, 'invalid_grant', 'Malformed auth code.');
        code.used = true;
        if (!code.offline) return issueAccess(null, code.scope);
        const refresh = token('1//0g');
        refreshTokens.set(refresh, { scope: code.scope, revoked: false });
        return { ...issueAccess(refresh, code.scope), refresh_token: refresh };
      }
      if (type === 'refresh_token') {
        const refresh = form.get('refresh_token') ?? '';
        const known = refreshTokens.get(refresh);
        if (!known || known.revoked)
          throw new OAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
        return issueAccess(refresh, known.scope);
      }
      throw new OAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${type ?? ''}`);
    },

    /** POST /revoke: a refresh token takes its access tokens with it; false when unknown. */
    revoke(value: string): boolean {
      const refresh = refreshTokens.get(value);
      if (refresh && !refresh.revoked) {
        refresh.revoked = true;
        for (const [key, access] of accessTokens)
          if (access.refresh === value) accessTokens.delete(key);
        return true;
      }
      return accessTokens.delete(value);
    },

    /** Whether a bearer token may read sheets now: a live access token with a sheets scope. */
    canRead(bearer: string): boolean {
      const access = accessTokens.get(bearer);
      if (!access || access.expiresAt <= Date.now()) return false;
      return access.scope.split(' ').some((s) => SHEETS_SCOPES.has(s));
    },

    /** Every access token issued so far stops working, as an hour passing does. */
    expireAccessTokens() {
      for (const access of accessTokens.values()) access.expiresAt = 0;
    },

    /** Refresh tokens issued and not revoked. */
    liveRefreshTokens: () =>
      [...refreshTokens].filter(([, t]) => !t.revoked).map(([value]) => value),
  };
}
