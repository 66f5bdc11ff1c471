import type { TGoogleConnect } from '@cityforge/shared';
import type { TestApp } from './app.ts';
import type { Headers } from './http.ts';

/** The app's environment for a fake Google: an OAuth client and both of its addresses. */
export const googleEnv = (google: { url: string; clientId: string; clientSecret: string }) => ({
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_OAUTH_URL: google.url,
  GOOGLE_API_URL: google.url,
});

/**
 * The browser's round trip: asks the app for the consent screen, follows it (the fake signs
 * in and answers with a redirect back to the app), and lands on the app's callback. Answers
 * the callback's redirect (the profile with its outcome) and the address Google sent it to.
 */
export async function connectGoogle(t: TestApp, headers: Headers) {
  const connect = await t.app.inject({ method: 'GET', url: '/api/me/google/connect/', headers });
  if (connect.statusCode !== 200) throw new Error(`connect answered ${connect.statusCode}`);
  const consent = await fetch(connect.json<TGoogleConnect>().url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const landed = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
  return { back, status: landed.statusCode, location: landed.headers.location as string };
}
