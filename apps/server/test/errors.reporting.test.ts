import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createErrorReporter, reportCrashes } from '../src/lib/error-reporting.ts';
import { withoutQueryValues } from '../src/lib/pg-errors.ts';
import { startFakeSentry, type FakeSentry } from '@cityforge/fakes/sentry';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser } from './helpers/factories.ts';

let sentry: FakeSentry;
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  sentry = await startFakeSentry();
  // Its own database: the test breaks a table to make a real route fail unexpectedly.
  t = await createTestApp(
    { SENTRY_DSN: sentry.dsn, LOG_LEVEL: 'info' },
    { isolatedDatabase: true, logLines },
  );
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
    expect(request.url).toBe('/api/projects/?query=[Filtered]&token=[Filtered]');
    // Only the headers a report keeps: none of these.
    expect(Object.keys(request.headers)).not.toContain('authorization');
    expect(Object.keys(request.headers)).not.toContain('cookie');
    expect(Object.keys(request.headers)).not.toContain('x-api-key');

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
      url: '/api/projects/00000000-0000-4000-8000-000000000000/',
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

describe('personal data in reports and logs', () => {
  it('a failed write to users reaches neither with its values, the client address or the query', async () => {
    const u = await signedInUser(t);
    const [row] = (
      (await t.ctx.db.execute(
        sql`select password_hash from users where id = ${u.user.id}`,
      )) as unknown as { rows: Array<{ password_hash: string }> }
    ).rows;
    const canary = 'Jane Canary';
    // The database refuses the write; its error quotes the whole row (the password hash too)
    // and drizzle's message the query's values.
    await t.ctx.db.execute(
      sql.raw(`alter table users add constraint no_canary check (first_name <> '${canary}')`),
    );
    await t.ctx.errorReporter.flush(5000);
    sentry.reset();
    const linesBefore = logLines.length;
    let res;
    try {
      res = await t.app.inject({
        method: 'PATCH',
        url: '/auth/me/?email=jane.canary%40example.com&page=2',
        remoteAddress: '198.51.100.99',
        headers: {
          ...u.headers,
          'x-forwarded-for': '203.0.113.77',
          'x-real-ip': '203.0.113.78',
          forwarded: 'for=203.0.113.79',
          'user-agent': 'report-test/1.0',
          cookie: 'theme=dark',
        },
        payload: { firstName: canary },
      });
    } finally {
      await t.ctx.db.execute(sql.raw('alter table users drop constraint no_canary'));
    }
    expect(res.statusCode).toBe(500);

    const event = await sentry.waitForItem('event');
    const exception = (event.exception as { values: { value: string }[] }).values;
    expect(exception.map((e) => e.value).join('\n')).toContain('params: [redacted]');
    const request = event.request as { url: string; headers: Record<string, string> };
    expect(request.url).toBe('/auth/me/?email=[Filtered]&page=2');
    expect(request.headers).toEqual({
      'content-type': 'application/json',
      'content-length': expect.any(String),
      'user-agent': 'report-test/1.0',
    });
    const logged = logLines.slice(linesBefore).join('\n');
    expect(logged).toContain('Failed query');
    expect(logged).toContain('params: [redacted]');
    expect(logged).toContain('/auth/me/?email=[redacted]&page=2');
    const secrets = [
      canary,
      'jane.canary',
      row!.password_hash,
      '203.0.113.7',
      '198.51.100.99',
      'theme=dark',
    ];
    for (const secret of secrets) {
      for (const sent of sentry.envelopes) expect(sent.body, secret).not.toContain(secret);
      expect(logged, secret).not.toContain(secret);
    }
  });
});

describe("a failed query's values in any text", () => {
  it('are cut from a message copied into another error, up to its stack, in one pass', () => {
    const copied = new Error('build failed: Failed query: select 1\nparams: jane@example.com,x');
    expect(withoutQueryValues(copied.stack!)).toMatch(
      /^Error: build failed: Failed query: select 1\nparams: \[redacted\]\n {4}at /,
    );
    expect(withoutQueryValues(copied.message)).not.toContain('jane');
    // Hostile text: 200,000 "params:" lines with and without frames after them.
    const hostile = '\nparams: a\n    at x'.repeat(100_000) + '\nparams: b'.repeat(100_000);
    const cut = withoutQueryValues(hostile);
    expect(cut).not.toMatch(/params: [ab]/);
    expect(cut.split('[redacted]').length).toBe(100_002);
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
