import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminApi, editorApi, MSG, projectsApi } from '@cityforge/shared';
import { createApiClient, buildUrl } from '../src/lib/api-client';
import { ApiError } from '../src/lib/api-errors';
import { createTokenStore } from '../src/lib/token-store';
import type { TokenStore } from '../src/lib/token-store';
import { memoryStorage } from './helpers';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function authOf(init: RequestInit): string | undefined {
  return (init.headers as Record<string, string>).Authorization;
}

let tokens: TokenStore;
let sessionEnds: string[];
let calls: { url: string; init: RequestInit }[];

function client(handler: Handler) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return handler(String(input), init ?? {});
  });
  return createApiClient({ fetch, tokens, onSessionEnd: (reason) => sessionEnds.push(reason) });
}

beforeEach(() => {
  tokens = createTokenStore(memoryStorage(), memoryStorage());
  tokens.set({ access: 'a1', refresh: 'r1' }, true);
  sessionEnds = [];
  calls = [];
});

describe('api client', () => {
  it('sends the bearer token and JSON body, and parses the answer', async () => {
    const api = client(() => json(200, { ok: true }));
    await expect(api.post('/api/x/', { a: 1 })).resolves.toEqual({ ok: true });
    expect(authOf(calls[0]!.init)).toBe('Bearer a1');
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });

  it('sends no token when auth is false', async () => {
    const api = client(() => json(200, {}));
    await api.post('/auth/login/', {}, { auth: false });
    expect(authOf(calls[0]!.init)).toBeUndefined();
  });

  it('normalises error bodies into ApiError', async () => {
    const api = client(() => json(400, { message: 'Nope', errors: { email: ['Bad', 'Worse'] } }));
    const error = await api.get('/api/x/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Nope',
      fieldErrors: { email: 'Bad, Worse' },
    });
  });

  it('turns a network failure into ApiError status 0', async () => {
    const api = client(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/api/x/')).rejects.toMatchObject({
      status: 0,
      message: MSG.anErrorOccurred,
    });
  });

  it('on a 401 refreshes once, stores both rotated tokens and retries once', async () => {
    const api = client((url, init) => {
      if (url === '/auth/token/refresh/') return json(200, { access: 'a2', refresh: 'r2' });
      return authOf(init) === 'Bearer a2'
        ? json(200, { me: 1 })
        : json(401, { message: 'expired' });
    });
    await expect(api.get('/auth/me/')).resolves.toEqual({ me: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/auth/me/', '/auth/token/refresh/', '/auth/me/']);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ refresh: 'r1' });
    expect(tokens.get()).toEqual({ access: 'a2', refresh: 'r2' });
    expect(sessionEnds).toEqual([]);
  });

  it('shares one refresh between concurrent 401s', async () => {
    let refreshes = 0;
    const api = client(async (url, init) => {
      if (url === '/auth/token/refresh/') {
        refreshes += 1;
        await new Promise((r) => setTimeout(r, 5));
        return json(200, { access: 'a2', refresh: 'r2' });
      }
      return authOf(init) === 'Bearer a2' ? json(200, { url }) : json(401, {});
    });
    const results = await Promise.all([api.get('/a/'), api.get('/b/'), api.get('/c/')]);
    expect(results).toEqual([{ url: '/a/' }, { url: '/b/' }, { url: '/c/' }]);
    expect(refreshes).toBe(1);
  });

  it('retries without refreshing when another request already rotated the token', async () => {
    const api = client((url, init) =>
      authOf(init) === 'Bearer a2' ? json(200, {}) : json(401, {}),
    );
    const pending = api.get('/x/');
    tokens.set({ access: 'a2', refresh: 'r2' });
    await pending;
    expect(calls.map((c) => c.url)).toEqual(['/x/', '/x/']);
  });

  it('clears both tokens and ends the session when the refresh fails', async () => {
    const api = client((url) => (url === '/auth/token/refresh/' ? json(401, {}) : json(401, {})));
    await expect(api.get('/auth/me/')).rejects.toMatchObject({
      status: 401,
      message: MSG.refreshFailed,
    });
    expect(tokens.get()).toEqual({ access: null, refresh: null });
    expect(sessionEnds).toEqual([MSG.refreshFailed]);
    expect(calls).toHaveLength(2);
  });

  it('ends the session with "No refresh token available" when there is none', async () => {
    tokens.clear();
    const api = client(() => json(401, {}));
    await expect(api.get('/auth/me/')).rejects.toMatchObject({ message: MSG.noRefreshToken });
    expect(sessionEnds).toEqual([MSG.noRefreshToken]);
    expect(calls).toHaveLength(1);
  });

  it('ends the session when the retry is refused again', async () => {
    const api = client((url) =>
      url === '/auth/token/refresh/' ? json(200, { access: 'a2', refresh: 'r2' }) : json(401, {}),
    );
    await expect(api.get('/x/')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(3);
    expect(sessionEnds).toEqual([MSG.refreshFailed]);
  });

  it('does not refresh on a 401 from a call without auth (wrong password)', async () => {
    const api = client(() => json(401, { message: MSG.invalidCredentials }));
    await expect(api.post('/auth/login/', {}, { auth: false })).rejects.toMatchObject({
      message: MSG.invalidCredentials,
    });
    expect(calls).toHaveLength(1);
    expect(sessionEnds).toEqual([]);
    expect(tokens.get().refresh).toBe('r1');
  });

  it('rejects a refresh answer without both tokens', async () => {
    const api = client((url) =>
      url === '/auth/token/refresh/' ? json(200, { access: 'a2' }) : json(401, {}),
    );
    await expect(api.get('/x/')).rejects.toMatchObject({ message: MSG.refreshFailed });
  });

  it('builds query strings, skipping empty values', () => {
    expect(buildUrl('', '/api/invoices/', { page: 2, q: '', user_id: undefined })).toBe(
      '/api/invoices/?page=2',
    );
    expect(buildUrl('http://h', '/p/', {})).toBe('http://h/p/');
  });
});

describe('file downloads', () => {
  it('answers the file and its name, with the bearer token', async () => {
    const api = client(
      () =>
        new Response('city,state\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="cityforge-sample.csv"',
          },
        }),
    );
    const file = await api.download('/api/projects/sample-file/', { query: { file_type: 'csv' } });
    expect(await file.blob.text()).toBe('city,state\n');
    expect(file.filename).toBe('cityforge-sample.csv');
    expect(calls[0]!.url).toBe('/api/projects/sample-file/?file_type=csv');
    expect(authOf(calls[0]!.init)).toBe('Bearer a1');
  });

  it('refreshes once on 401 like any call, and throws ApiError on failure', async () => {
    let n = 0;
    const api = client((url) => {
      if (url === '/auth/token/refresh/') return json(200, { access: 'a2', refresh: 'r2' });
      n += 1;
      return n === 1 ? json(401, {}) : json(500, { message: 'Broken' });
    });
    const error = await api.download('/api/projects/sample-file/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, message: 'Broken' });
    expect(authOf(calls.at(-1)!.init)).toBe('Bearer a2');
  });
});

describe('calls by contract', () => {
  it('fills and encodes the path, and sends the method, query and body the contract names', async () => {
    const api = client(() => json(200, { id: 'u1' }));
    await api.call(adminApi.updateUser, { params: { id: 'a b/c' }, body: { firstName: 'Ann' } });
    expect(calls[0]!.url).toBe('/api/admin/users/a%20b%2Fc/');
    expect(calls[0]!.init.method).toBe('PATCH');
    expect(calls[0]!.init.body).toBe('{"firstName":"Ann"}');

    await api.call(editorApi.view, { params: { id: 'p1' }, query: { page_id: 'pg' } });
    expect(calls[1]!.url).toBe('/api/projects/p1/homepage/view/?page_id=pg');
    expect(calls[1]!.init.method).toBe('GET');
  });

  it('needs no options when the contract has neither params nor a body', async () => {
    const api = client(() => json(200, []));
    await expect(api.call(projectsApi.models)).resolves.toEqual([]);
    expect(calls[0]!.url).toBe('/api/ai-models/');
  });
});
