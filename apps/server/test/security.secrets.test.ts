import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../src/db/schema/index.ts';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser, login } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import type { Headers } from './helpers/http.ts';

// Values that must never come back in an answer or reach a log line, however a flow ends.
const SECRETS = {
  password: 'Pw-9c1f-never-logged',
  openAiKey: 'sk-proj-OPENAI-7d41c0ffee5ecret',
  openRouterKey: 'sk-or-v1-OPENROUTER-51ab0bad5eed',
  netlifyToken: 'nfp_NETLIFY_3e9d7a11c0de',
  rejectedKey: 'bad-sk-or-v1-REJECTED-0f0f0f0f',
  appSecret: 'f'.repeat(16) + '0123456789abcdef'.repeat(3),
};

let ai: FakeAi;
let netlify: FakeNetlify;
let t: TestApp;
const logLines: string[] = [];
const answers: LightMyRequestResponse[] = [];

beforeAll(async () => {
  ai = await startFakeAi();
  netlify = await startFakeNetlify({ tokens: [SECRETS.netlifyToken] });
  t = await createTestApp(
    {
      LOG_LEVEL: 'debug',
      APP_SECRET: SECRETS.appSecret,
      OPENROUTER_BASE_URL: ai.openRouterUrl,
      OPENAI_BASE_URL: ai.url,
      NETLIFY_API_URL: netlify.url,
    },
    { logLines },
  );
});
afterAll(async () => {
  await t.close();
  await ai.close();
  await netlify.close();
});

async function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Headers,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers, ...(payload && { payload }) });
  answers.push(res);
  return res;
}

async function signedIn() {
  const u = await createUser(t, { password: SECRETS.password, plan: 'pro' });
  const session = await login(t, u.email, SECRETS.password);
  return { ...u, session, headers: { authorization: `Bearer ${session.access}` } };
}

describe('secrets', () => {
  it('never appear in an answer or a log line: keys, tokens, passwords, the app secret', async () => {
    const u = await signedIn();
    const keys = {
      userOpenAiApiKey: SECRETS.openAiKey,
      userOpenRouterApiKey: SECRETS.openRouterKey,
      userNetlifyAccessToken: SECRETS.netlifyToken,
    };
    expect((await call('PATCH', '/auth/me/', u.headers, keys)).statusCode).toBe(200);
    await call('GET', '/auth/me/', u.headers);
    // An over-long key is refused without echoing it.
    const tooLong = { userOpenAiApiKey: `${SECRETS.openAiKey}${'x'.repeat(600)}` };
    expect((await call('PATCH', '/auth/me/', u.headers, tooLong)).statusCode).toBe(400);

    // Generation with the OpenRouter key, an image with the OpenAI key, a deploy with the token.
    const created = await call('POST', '/api/projects/create/', u.headers, {
      name: 'Secret Keeping Plumbing',
      serviceType: 'Plumbing',
      model: 'openai/gpt-4o',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: { id: string } }).data.id;
    await settled(t, id, u.headers);
    await call('GET', `/api/projects/${id}/detail/`, u.headers);
    const image = await call('POST', `/api/projects/${id}/images/`, u.headers, {
      prompt: 'A clean white plumber van',
    });
    expect(image.statusCode, image.body).toBeLessThan(300);
    const deploy = await call('POST', `/api/projects/${id}/publish/`, u.headers);
    expect(deploy.statusCode, deploy.body).toBe(200);

    // The same flows failing: a key the provider rejects, a token Netlify rejects.
    const bad = await signedIn();
    await call('PATCH', '/auth/me/', bad.headers, {
      userOpenRouterApiKey: SECRETS.rejectedKey,
      userNetlifyAccessToken: `${SECRETS.netlifyToken}-revoked`,
    });
    const failing = await call('POST', '/api/projects/create/', bad.headers, {
      name: 'Rejected Key Roofing',
      serviceType: 'Roofing',
      model: 'openai/gpt-4o',
    });
    const failingId = (failing.json() as { data: { id: string } }).data.id;
    const detail = await settled(t, failingId, bad.headers);
    expect(detail.status).toBe('Error');
    await call('GET', `/api/projects/${failingId}/detail/`, bad.headers);
    await call('POST', `/api/projects/${failingId}/publish/`, bad.headers);
    await call('POST', '/auth/token/refresh/', {}, { refresh: u.session.refresh });

    // The secrets were really used (so their absence below means something).
    expect(ai.requests.some((r) => r.key === SECRETS.openRouterKey)).toBe(true);
    expect(ai.requests.some((r) => r.key === SECRETS.rejectedKey)).toBe(true);
    expect(ai.images.requests.some((r) => r.key === SECRETS.openAiKey)).toBe(true);
    // The fake Netlify accepts no token but this one, and it made a site.
    expect(netlify.sites.size).toBe(1);

    // Stored sealed, not as typed.
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.user.id));
    expect(JSON.stringify(row)).not.toContain(SECRETS.openAiKey.slice(8));

    const secrets = [
      ...Object.values(SECRETS),
      // Sessions: the access token travels in headers and the refresh token only in the
      // sign-in and refresh answers; neither may be logged.
      u.session.access,
      u.session.refresh,
    ];
    const answerText = answers.map((r) => `${JSON.stringify(r.headers)}\n${r.body}`).join('\n');
    const logText = logLines.join('');
    expect(logLines.length).toBeGreaterThan(20);
    for (const secret of Object.values(SECRETS)) {
      // Recognisable fragments too: the masked form keeps 3 + 4 characters, never a middle.
      const middle = secret.slice(6, -5);
      expect(answerText, `answer contains ${secret}`).not.toContain(middle);
    }
    for (const secret of secrets) {
      expect(logText, `log contains ${secret.slice(0, 12)}…`).not.toContain(secret.slice(6, -5));
    }
  });
});
