import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSentry, type FakeSentry } from '@cityforge/fakes/sentry';
import { signIn } from './helpers/app.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'sentry-admin@example.com', password: 'sentry-admin-pass' };

let sentry: FakeSentry;
let stack: Stack;
beforeAll(async () => {
  sentry = await startFakeSentry();
  stack = await startStack({
    SENTRY_DSN: sentry.dsn,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
});
afterAll(async () => {
  await stack?.stop();
  await sentry?.close();
});

describe('error reporting in the browser', () => {
  it('loads the SDK from the runtime DSN and reports an uncaught error as production 0.0.1, scrubbed', async () => {
    const { page, context } = await stack.newPage();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    const throwUncaught = (message: string) =>
      page.evaluate((text) => {
        setTimeout(() => {
          throw new Error(text);
        });
      }, message);
    const reported = (message: string) =>
      sentry.waitForItem('event', (e) => JSON.stringify(e.exception ?? '').includes(message));

    // A guest on a page whose address carries a one-time token, then an error nothing catches.
    await page.goto('/reset-password?token=e2e-one-time-token-123');
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((r) => /\/assets\/sentry-/.test(r.name)),
    );
    await throwUncaught('Exploded while showing the reset form');
    const event = await reported('Exploded while showing the reset form');
    expect(event).toMatchObject({
      environment: 'production',
      release: '0.0.1',
      platform: 'javascript',
    });
    const request = event.request as { url: string };
    expect(request.url).toBe(`${stack.baseURL}/reset-password?token=[Filtered]`);
    const envelope = sentry.envelopes.find((e) => e.body.includes('Exploded while showing'))!;
    expect(envelope.header.trace).toMatchObject({ sample_rate: '0.1', environment: 'production' });

    // Signed in, with tokens in storage and on every API call, another one.
    await signIn(page, ADMIN.email, ADMIN.password);
    const stored = await page.evaluate(() =>
      Object.values({ ...localStorage, ...sessionStorage }).join(' '),
    );
    await throwUncaught('Exploded on the projects screen');
    await reported('Exploded on the projects screen');
    // Every session with an error is recorded: as 'buffer' (kept for its error) or, for the
    // one session in ten recorded whatever happens, as 'session'. Recording began only once
    // the address had no token in it.
    const replay = await sentry.waitForItem('replay_event', () => true, 20_000);
    expect(replay).toMatchObject({ environment: 'production', release: '0.0.1' });
    expect(['buffer', 'session']).toContain(replay.replay_type);
    await page.waitForTimeout(500);
    expect(sentry.envelopes.some((e) => e.items.some((i) => i.inflated))).toBe(true);

    const secrets = ['e2e-one-time-token-123', ADMIN.password, ...stored.match(/eyJ[\w-]+/g)!];
    expect(secrets.length).toBeGreaterThan(2);
    for (const sent of sentry.envelopes)
      for (const secret of secrets) expect(sent.body).not.toContain(secret);
    expect(blocked).toEqual([]);
    await context.close();
  });
});
