import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOAuthState, OAuthError } from './google-oauth.ts';
import {
  apiError,
  spreadsheetGet,
  valuesGet,
  type FakeSheetTab,
  type FakeSpreadsheet,
} from './google-sheets.ts';

export type { FakeSheetTab } from './google-sheets.ts';
export { SHEETS_READONLY } from './google-oauth.ts';

/** One request that reached the fake, for tests to see what the app asked. */
export type FakeGoogleRequest = {
  method: string;
  /** The path, decoded (a values.get range as the API reads it). */
  path: string;
  /** The token endpoint's grant_type. */
  grant?: string;
  /** What the fake answered. */
  status?: number;
};

export type FakeGoogle = {
  /** GOOGLE_OAUTH_URL and GOOGLE_API_URL alike: one server answers both. */
  url: string;
  clientId: string;
  clientSecret: string;
  requests: FakeGoogleRequest[];
  /** The token endpoint's grants, in order (authorization_code, refresh_token). */
  grants(): string[];
  /** A spreadsheet the signed-in Google account sees (`shared: false`: it may not open it). */
  setSheet(id: string, tabs: FakeSheetTab[], opts?: { shared?: boolean }): void;
  /**
   * What the consent screen does next: grant (the default), deny (the person clicks Cancel),
   * or grant only some scopes (the person unticks the sheets).
   */
  consent(answer: 'grant' | 'deny' | { scopes: string[] }): void;
  /** Every access token issued so far stops working, as an hour passing does. */
  expireAccessTokens(): void;
  /** The `expires_in` of access tokens issued from now on (Google's is 3599). */
  tokenLifetime(seconds: number): void;
  /** Refresh tokens issued and not revoked. */
  liveRefreshTokens(): string[];
  close(): Promise<void>;
};

function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify(body));

/**
 * Google as the app meets it, speaking its real protocol on one local server: the OAuth 2.0
 * consent screen (GET /o/oauth2/v2/auth, which signs in as a test account and redirects back
 * with a code, so a browser clicks through), the token endpoint (POST /token:
 * authorization_code and refresh_token grants, client authentication, one-time codes),
 * revocation (POST /revoke), and the Sheets API v4 (spreadsheets.get and values.get, each
 * checking its bearer token: 401 unknown or expired, 403 not shared, 404 no such sheet).
 */
export async function startFakeGoogle(
  options: { accessTokenSeconds?: number } = {},
): Promise<FakeGoogle> {
  const client = { id: 'fake-client.apps.googleusercontent.com', secret: 'GOCSPX-fake-secret' };
  let lifetime = options.accessTokenSeconds ?? 3599;
  const oauth = createOAuthState(client, () => lifetime);
  const sheets = new Map<string, FakeSpreadsheet>();
  const requests: FakeGoogleRequest[] = [];
  let answer: 'grant' | 'deny' | { scopes: string[] } = 'grant';

  function authorize(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const redirect = q.get('redirect_uri');
    if (q.get('client_id') !== client.id || !redirect || !URL.canParse(redirect))
      return void res
        .writeHead(400, { 'content-type': 'text/html' })
        .end('<h1>Error 400: invalid_request</h1>');
    const back = new URL(redirect);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    if (answer === 'deny' || q.get('response_type') !== 'code') {
      back.searchParams.set(
        'error',
        answer === 'deny' ? 'access_denied' : 'unsupported_response_type',
      );
    } else {
      const asked = (q.get('scope') ?? '').split(' ').filter(Boolean);
      const scope = (answer === 'grant' ? asked : answer.scopes).join(' ');
      const offline = q.get('access_type') === 'offline';
      back.searchParams.set('code', oauth.issueCode(redirect, scope, offline));
      back.searchParams.set('scope', scope);
    }
    res.writeHead(302, { location: back.toString() }).end();
  }

  async function tokenOrRevoke(
    record: FakeGoogleRequest,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    const path = record.path;
    const form = await readForm(req);
    if (path === '/revoke') {
      const value =
        form.get('token') ?? new URL(req.url ?? '/', 'http://x').searchParams.get('token');
      if (value && oauth.revoke(value)) return json(res, 200, {});
      return json(res, 400, {
        error: 'invalid_token',
        error_description: 'Token expired or revoked',
      });
    }
    record.grant = form.get('grant_type') ?? '';
    try {
      json(res, 200, oauth.grant(form));
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      json(res, error.status, { error: error.error, error_description: error.message });
    }
  }

  function sheetsApi(path: string, req: http.IncomingMessage, res: http.ServerResponse) {
    const [, , , id = '', values, range] = path.split('/').map(decodeURIComponent);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!oauth.canRead(bearer))
      return json(
        res,
        401,
        apiError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'),
      );
    const sheet = sheets.get(id);
    if (!sheet)
      return json(res, 404, apiError(404, 'NOT_FOUND', 'Requested entity was not found.'));
    if (!sheet.shared)
      return json(
        res,
        403,
        apiError(403, 'PERMISSION_DENIED', 'The caller does not have permission'),
      );
    if (values === 'values' && range !== undefined) {
      const [status, body] = valuesGet(sheet, range);
      return json(res, status, body);
    }
    if (values !== undefined) return json(res, 404, apiError(404, 'NOT_FOUND', 'Not found.'));
    json(res, 200, spreadsheetGet(id, sheet));
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-google');
    const path = url.pathname;
    const record: FakeGoogleRequest = { method: req.method ?? 'GET', path: decoded(path) };
    requests.push(record);
    res.on('finish', () => (record.status = res.statusCode));
    const fail = (error: unknown) => res.writeHead(500).end(String(error));
    if (req.method === 'GET' && path === '/o/oauth2/v2/auth') return authorize(url, res);
    if (req.method === 'POST' && (path === '/token' || path === '/revoke'))
      return void tokenOrRevoke(record, req, res).catch(fail);
    if (req.method === 'GET' && path.startsWith('/v4/spreadsheets/'))
      return sheetsApi(path, req, res);
    json(res, 404, apiError(404, 'NOT_FOUND', `No route for ${req.method} ${path}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId: client.id,
    clientSecret: client.secret,
    requests,
    grants: () => requests.flatMap((r) => (r.grant === undefined ? [] : [r.grant])),
    setSheet: (id, tabs, opts = {}) => void sheets.set(id, { tabs, shared: opts.shared ?? true }),
    consent: (next) => void (answer = next),
    expireAccessTokens: () => oauth.expireAccessTokens(),
    tokenLifetime: (seconds) => void (lifetime = seconds),
    liveRefreshTokens: () => oauth.liveRefreshTokens(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
