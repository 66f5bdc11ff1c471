import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TGoogleConnect, TGoogleStatus } from '@cityforge/shared';
import { startFakeGoogle, type FakeGoogle } from '@cityforge/fakes/google';
import { users } from '../src/db/schema/index.ts';
import { sealGoogleState } from '../src/modules/users/google-state.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser } from './helpers/factories.ts';
import { connectGoogle, googleEnv } from './helpers/google.ts';
import { http } from './helpers/http.ts';

let t: TestApp;
let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
  t = await createTestApp(googleEnv(google));
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

const { get, del } = http(() => t);
const PROFILE = 'http://cityforge.test/profile';
const statusOf = async (headers: Record<string, string>) =>
  (await get('/api/me/google/', headers)).json<TGoogleStatus>();
const sealedOf = async (userId: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.googleRefreshTokenEnc;
const callback = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/google/callback/?${query}` });

describe('connecting Google', () => {
  it('sends the browser to the consent screen for offline, read-only access to sheets', async () => {
    const { headers } = await signedInUser(t);
    expect(await statusOf(headers)).toEqual({
      available: true,
      connected: false,
      connectedAt: null,
    });
    const res = await get('/api/me/google/connect/', headers);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json<TGoogleConnect>().url);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: google.clientId,
      redirect_uri: 'http://cityforge.test/api/google/callback/',
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/spreadsheets.readonly',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(url.searchParams.get('state')).toBeTruthy();
    expect((await get('/api/me/google/connect/', {})).statusCode).toBe(401);
  });

  it('stores the refresh token sealed to the account, and never answers it', async () => {
    const { headers, user } = await signedInUser(t);
    const before = google.liveRefreshTokens().length;
    const done = await connectGoogle(t, headers);
    expect(done).toMatchObject({ status: 302, location: `${PROFILE}?google=connected` });
    expect(google.grants().at(-1)).toBe('authorization_code');
    const refresh = google.liveRefreshTokens().slice(before)[0]!;
    const sealed = await sealedOf(user.id);
    expect(sealed).toMatch(/^v2\./);
    expect(sealed).not.toContain(refresh);
    const place = { userId: user.id, field: 'googleRefreshTokenEnc' };
    expect(t.ctx.cipher.decrypt(sealed!, place)).toBe(refresh);
    // Bound to its row: the same value does not open as another user's.
    expect(() =>
      t.ctx.cipher.decrypt(sealed!, { ...place, userId: crypto.randomUUID() }),
    ).toThrow();

    const status = await statusOf(headers);
    expect(status).toMatchObject({ available: true, connected: true });
    expect(Date.parse(status.connectedAt!)).not.toBeNaN();
    for (const url of ['/api/me/google/', '/auth/me/'])
      expect((await get(url, headers)).body).not.toContain(refresh);
  });

  it('refuses a state that was altered, missing or expired, or a code used twice: nothing stored', async () => {
    const { headers, user } = await signedInUser(t);
    const connect = await get('/api/me/google/connect/', headers);
    const consent = await fetch(connect.json<TGoogleConnect>().url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    const altered = `${state.slice(0, -2)}${state.endsWith('A') ? 'B' : 'A'}${state.at(-1)}`;
    const expired = sealGoogleState(
      t.ctx.cipher,
      { userId: user.id, back: 'http://cityforge.test' },
      Date.now() - 11 * 60_000,
    );
    for (const query of [
      `code=${code}&state=${encodeURIComponent(altered)}`,
      `code=${code}`,
      `code=${code}&state=${encodeURIComponent(expired)}`,
      `code=${code}&state=not-a-state`,
    ]) {
      const res = await callback(query);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${PROFILE}?google=expired`);
    }
    expect(await sealedOf(user.id)).toBeNull();

    // The real state works once; its code, used again, is refused by Google.
    const ok = await callback(`code=${code}&state=${encodeURIComponent(state)}`);
    expect(ok.headers.location).toBe(`${PROFILE}?google=connected`);
    const stored = await sealedOf(user.id);
    const again = await callback(`code=${code}&state=${encodeURIComponent(state)}`);
    expect(again.headers.location).toBe(`${PROFILE}?google=failed`);
    expect(await sealedOf(user.id)).toBe(stored);

    // A query that is not Google's at all is refused by its contract.
    expect((await callback(`state=${'x'.repeat(3000)}`)).statusCode).toBe(400);
  });

  it('stores nothing when the person declines or unticks the sheets', async () => {
    const { headers, user } = await signedInUser(t);
    try {
      google.consent('deny');
      expect((await connectGoogle(t, headers)).location).toBe(`${PROFILE}?google=denied`);
      google.consent({ scopes: ['openid'] });
      expect((await connectGoogle(t, headers)).location).toBe(`${PROFILE}?google=denied`);
    } finally {
      google.consent('grant');
    }
    expect(await sealedOf(user.id)).toBeNull();
    expect((await statusOf(headers)).connected).toBe(false);
  });

  it('disconnects: the grant is revoked at Google, then forgotten', async () => {
    const { headers, user } = await signedInUser(t);
    const before = google.liveRefreshTokens();
    await connectGoogle(t, headers);
    const refresh = google.liveRefreshTokens().find((r) => !before.includes(r))!;
    const res = await del('/api/me/google/', headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Google is disconnected; its access is revoked.' });
    expect(google.requests.at(-1)).toMatchObject({ method: 'POST', path: '/revoke', status: 200 });
    expect(google.liveRefreshTokens()).not.toContain(refresh);
    expect(await sealedOf(user.id)).toBeNull();
    expect(await statusOf(headers)).toEqual({
      available: true,
      connected: false,
      connectedAt: null,
    });
    const again = await del('/api/me/google/', headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Google is not connected.');
    expect(google.requests.at(-1)).toMatchObject({ path: '/revoke', status: 200 });
  });

  it("revokes the grant at Google when the person's account is deleted", async () => {
    const admin = await signedInUser(t, { superuser: true });
    const { headers, user } = await signedInUser(t);
    const before = google.liveRefreshTokens();
    await connectGoogle(t, headers);
    const refresh = google.liveRefreshTokens().find((r) => !before.includes(r))!;
    const res = await del(`/api/admin/users/${user.id}/`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(google.liveRefreshTokens()).not.toContain(refresh);
    expect(google.liveRefreshTokens()).toEqual(before);
  });

  it('deletes the account even when Google cannot be reached to revoke it', async () => {
    const admin = await signedInUser(t, { superuser: true });
    const { headers, user } = await signedInUser(t);
    await connectGoogle(t, headers);
    // A second server on the same database whose Google is a closed port.
    const cut = await createTestApp(
      { ...googleEnv(google), GOOGLE_OAUTH_URL: 'http://127.0.0.1:9' },
      { sameDatabaseAs: t },
    );
    try {
      const res = await cut.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${user.id}/`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await cut.close();
    }
    expect(await t.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it("keeps one account's connection its own", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    await connectGoogle(t, a.headers);
    expect((await statusOf(b.headers)).connected).toBe(false);
    expect((await del('/api/me/google/', b.headers)).json().message).toBe(
      'Google is not connected.',
    );
    expect((await statusOf(a.headers)).connected).toBe(true);
  });
});

describe('without an OAuth client', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('offers no Google: the status says so, connecting is refused, a callback lands on the profile', async () => {
    const { headers } = await signedInUser(bare);
    const status = await bare.app.inject({ method: 'GET', url: '/api/me/google/', headers });
    expect(status.json()).toEqual({ available: false, connected: false, connectedAt: null });
    const connect = await bare.app.inject({
      method: 'GET',
      url: '/api/me/google/connect/',
      headers,
    });
    expect(connect.statusCode).toBe(503);
    expect(connect.json().message).toBe('Google is not available on this server.');
    const res = await bare.app.inject({
      method: 'GET',
      url: '/api/google/callback/?code=x&state=y',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${PROFILE}?google=expired`);
  });
});
