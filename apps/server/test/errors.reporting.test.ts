import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createErrorReporter, reportCrashes } from '../src/lib/error-reporting.ts';
import { startFakeSentry, type FakeSentry } from '@cityforge/fakes/sentry';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser } from './helpers/factories.ts';

let sentry: FakeSentry;
let t: TestApp;
beforeAll(async () => {
  sentry = await startFakeSentry();
  // Its own database: the test breaks a table to make a real route fail unexpectedly.
  t = await createTestApp({ SENTRY_DSN: sentry.dsn }, { isolatedDatabase: true });
});
afterAll(async () => {
  await t.close();
  await sentry.close();
});

/** A route failing for a reason no code handles: its table is gone. */
async function withProjectsTableGone<T>(app: TestApp, run: () => Promise<T>): Promise<T> {
  await app.ctx.db.execute(sql.raw('alter table projects rename to projects_gone'));
  try {
    return await run();
  } finally {
    await app.ctx.db.execute(sql.raw('alter table projects_gone rename to projects'));
  }
}

describe('error reporting with SENTRY_DSN set', () => {
  it('reports an unhandled route error as production 0.0.1, inside its sampled trace, without secrets', async () => {
    const u = await signedInUser(t);
    const resetToken = 'rst_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
    const res = await withProjectsTableGone(t, () =>
      t.app.inject({
        method: 'GET',
        url: `/api/projects/?query=roof&token=${resetToken}`,
        headers: {
          ...u.headers,
          cookie: `refresh=${u.refresh}; theme=dark`,
          'x-api-key': 'sk-or-v1-abcdef0123456789abcdef',
        },
      }),
    );
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });

    const event = await sentry.waitForItem('event');
    expect(event).toMatchObject({ environment: 'production', release: '0.0.1', level: 'error' });
    const exception = (event.exception as { values: { value: string }[] }).values[0]!;
    expect(exception.value).toMatch(/projects/);
    expect(event.tags).toMatchObject({
      route: '/api/projects/',
      request_id: res.headers['x-request-id'],
    });
    expect(event.user).toEqual({ id: u.user.id });
    const request = event.request as {
      method: string;
      url: string;
      headers: Record<string, string>;
    };
    expect(request.method).toBe('GET');
    expect(request.url).toBe('/api/projects/?query=roof&token=[Filtered]');
    expect(request.headers.authorization).toBe('[Filtered]');
    expect(request.headers.cookie).toBe('[Filtered]');
    expect(request.headers['x-api-key']).toBe('[Filtered]');

    // The envelope names the trace and its sampling: 10% of traces, this one kept or not.
    const envelope = sentry.envelopes.find((e) => e.items.some((i) => i.header.type === 'event'))!;
    const trace = envelope.header.trace as Record<string, string>;
    expect(trace).toMatchObject({
      environment: 'production',
      release: '0.0.1',
      sample_rate: '0.1',
    });
    expect(['true', 'false']).toContain(trace.sampled);
    expect((event.contexts as { trace: { trace_id: string } }).trace.trace_id).toBe(trace.trace_id);

    for (const secret of [u.access, u.refresh, u.password, resetToken, 'sk-or-v1-abcdef']) {
      for (const sent of sentry.envelopes) expect(sent.body).not.toContain(secret);
    }
  });

  it('keeps about one trace in ten and reports no expected failure (4xx)', async () => {
    // Signed in first: the sign-in's own trace may be kept too, and is not what is counted.
    const u = await signedInUser(t);
    await t.ctx.errorReporter.flush(5000);
    sentry.reset();
    const requests = 120;
    for (let i = 0; i < requests; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/projects/', headers: u.headers });
      expect(res.statusCode).toBe(200);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/projects/nope/',
      headers: u.headers,
    });
    expect(missing.statusCode).toBe(404);
    await t.ctx.errorReporter.flush(5000);
    const kept = sentry.itemsOf('transaction');
    // Binomial(120, 0.1): outside 1..30 with a probability below one in ten thousand.
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThanOrEqual(30);
    expect(kept[0]).toMatchObject({
      environment: 'production',
      release: '0.0.1',
      transaction: 'GET /api/projects/',
    });
    expect(sentry.itemsOf('event')).toEqual([]);
    for (const sent of sentry.envelopes) expect(sent.body).not.toContain(u.access);
  });

  it('tells the web app the DSN and lets it post there', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client-config/' });
    expect(res.json()).toEqual({ sentryDsn: sentry.dsn });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${sentry.url}`);
    // The session replay's compression worker starts from a blob: URL.
    expect(csp).toContain("worker-src 'self' blob:");
  });
});

describe('crashes', () => {
  it('reports an uncaught exception, then ends the process with 1', async () => {
    await t.ctx.errorReporter.flush(5000);
    sentry.reset();
    const reporter = createErrorReporter(sentry.dsn);
    const proc = Object.assign(new EventEmitter(), { exit: (code: number) => exits.push(code) });
    const exits: number[] = [];
    const logged: string[] = [];
    reportCrashes(reporter, (_error, kind) => logged.push(kind), proc);
    proc.emit('uncaughtException', new Error('worker state lost: Bearer abc.def.ghi'));
    const event = await sentry.waitForItem('event');
    expect(event).toMatchObject({ environment: 'production', release: '0.0.1' });
    const value = (event.exception as { values: { value: string }[] }).values[0]!.value;
    expect(value).toBe('worker state lost: Bearer [Filtered]');
    await expect.poll(() => exits).toEqual([1]);
    expect(logged).toEqual(['uncaught exception']);
    await reporter.close();
  });

  it('leaves the process alone without a DSN', () => {
    const proc = new EventEmitter();
    reportCrashes(createErrorReporter(undefined), () => {}, Object.assign(proc, { exit() {} }));
    expect(proc.listenerCount('uncaughtException')).toBe(0);
    expect(proc.listenerCount('unhandledRejection')).toBe(0);
  });
});

describe('error reporting without SENTRY_DSN', () => {
  it('sends nothing, adds nothing to the policy and tells the web app it is off', async () => {
    await t.ctx.errorReporter.flush(5000);
    sentry.reset();
    const plain = await createTestApp({}, { isolatedDatabase: true });
    try {
      expect(plain.ctx.errorReporter.enabled).toBe(false);
      const u = await signedInUser(plain);
      const res = await withProjectsTableGone(plain, () =>
        plain.app.inject({ method: 'GET', url: '/api/projects/', headers: u.headers }),
      );
      expect(res.statusCode).toBe(500);
      const config = await plain.app.inject({ method: 'GET', url: '/api/client-config/' });
      expect(config.json()).toEqual({ sentryDsn: null });
      const csp = String(config.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self';");
      expect(csp).not.toContain('worker-src');
    } finally {
      await plain.close();
    }
    expect(sentry.envelopes).toEqual([]);
  });
});
