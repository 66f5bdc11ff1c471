import { createHook } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { clientNetwork } from '../src/lib/client-network.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser, uniqueEmail } from './helpers/factories.ts';

let t: TestApp;
let limited: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // RATE_LIMIT_AUTH_MAX 4: one network may fail 20 times (five times the limit) before it
  // pauses. The test apps' default (1000) keeps the per-minute limit out of the other tests.
  limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '4' });
});
afterAll(async () => {
  await limited.close();
  await t.close();
});

const NETWORK_FAILURES = 20;
let nextHost = 0;
/** A client network nobody used yet (an IPv4 address of TEST-NET-2 or -3). */
const freshAddress = () => {
  nextHost += 1;
  return `${nextHost < 250 ? '198.51.100' : '203.0.113'}.${nextHost % 250}`;
};

type Attempt = { email: string; password: string; from?: string; cookie?: string };
const signIn = (attempt: Attempt) => signInOn(t, attempt);
const signInOn = (app: TestApp, { email, password, from, cookie }: Attempt) =>
  app.app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { email, password },
    remoteAddress: from ?? freshAddress(),
    ...(cookie ? { headers: { cookie } } : {}),
  });
const answer = (res: Awaited<ReturnType<typeof signIn>>) => ({
  status: res.statusCode,
  body: res.json() as unknown,
});
const INVALID = { status: 401, body: { message: MSG.invalidCredentials } };
const PAUSED = { status: 429, body: { message: MSG.tooManyRequests } };

/** Ten wrong passwords for `email`, each from an address of its own: a spread-out guesser. */
async function guessTen(email: string) {
  const answers = [];
  for (let i = 0; i < 10; i++)
    answers.push(answer(await signIn({ email, password: `guess-${i}` })));
  return answers;
}

/** How many scrypt computations a call starts (Node names each one's async resource). */
async function scryptRuns(run: () => Promise<unknown>): Promise<number> {
  let runs = 0;
  const hook = createHook({
    init: (_id, type) => {
      if (type === 'SCRYPTREQUEST') runs += 1;
    },
  });
  hook.enable();
  try {
    await run();
  } finally {
    hook.disable();
  }
  return runs;
}

describe('sign-in answers the same for known and unknown addresses', () => {
  it('before and during a pause, right password or wrong, each after one password check', async () => {
    const { email, password } = await createUser(t);
    const unknown = uniqueEmail('nobody');
    const wrong = async (address: string, times: number) => {
      const answers = [];
      for (let i = 0; i < times; i++)
        answers.push(answer(await signIn({ email: address, password: `guess-${i}` })));
      return answers;
    };

    expect(answer(await signIn({ email: unknown, password }))).toEqual(INVALID);
    expect((await signIn({ email, password })).statusCode).toBe(200);
    // Ten wrong passwords each (the unknown address has one already): the same answers.
    const known = await wrong(email, 10);
    expect(await wrong(unknown, 9)).toEqual(known.slice(1));
    expect(known).toEqual(Array(10).fill(INVALID));

    // Paused alike, the right password from a client the account has not seen included.
    expect({
      knownWrong: answer(await signIn({ email, password: 'not-it-at-all' })),
      knownRight: answer(await signIn({ email, password })),
      unknownWrong: answer(await signIn({ email: unknown, password: 'not-it-at-all' })),
      unknownAny: answer(await signIn({ email: unknown, password })),
    }).toEqual({
      knownWrong: PAUSED,
      knownRight: PAUSED,
      unknownWrong: PAUSED,
      unknownAny: PAUSED,
    });

    // Every case pays for one password check, an unknown address's against a dummy hash.
    for (const attempt of [
      { email, password },
      { email, password: 'wrong-again' },
      { email: unknown, password: 'wrong-again' },
      { email: uniqueEmail('never'), password: 'wrong-again' },
      { email: (await createUser(t)).email, password: 'wrong-again' },
    ])
      expect(await scryptRuns(() => signIn(attempt)), attempt.email).toBe(1);
  });

  it('mails the owner when a pause starts', async () => {
    const { email } = await createUser(t);
    await guessTen(email);
    const mail = await t.smtp.waitFor(email, /paused/);
    expect(mail.text).toMatch(/15 minutes/);
    expect(mail.text).toMatch(/Where you signed in before, you can still sign in/);
  });
});

describe('the owner during an attack', () => {
  it('signs in from a browser or network that signed in before; strangers stay paused', async () => {
    const { email, password } = await createUser(t);
    const home = freshAddress();
    const first = await signIn({ email, password, from: home });
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'cityforge_sign_in')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/login/' });

    // An attacker with many addresses uses up the address's budget and keeps at it.
    await guessTen(email);
    for (let i = 0; i < 30; i++)
      expect(answer(await signIn({ email, password: `more-${i}` }))).toEqual(PAUSED);

    // The owner's network, and the owner's browser on a network it never used, get through.
    expect((await signIn({ email, password, from: home })).statusCode).toBe(200);
    const away = await signIn({ email, password, cookie: `cityforge_sign_in=${cookie.value}` });
    expect(away.statusCode).toBe(200);
    // A new browser on a new network is a stranger: paused like the attacker.
    expect(answer(await signIn({ email, password }))).toEqual(PAUSED);

    // The mailed reset link ends the pause for everyone.
    await t.app.inject({
      method: 'POST',
      url: '/auth/request-password-reset/',
      payload: { email },
    });
    const link = (await t.smtp.waitFor(email, /Reset/)).links[0]!;
    const token = new URL(link).searchParams.get('token')!;
    const fresh = 'after-the-storm-7';
    const reset = await t.app.inject({
      method: 'POST',
      url: `/auth/reset-password/${token}/`,
      payload: { password: fresh, confirmPassword: fresh },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn({ email, password: fresh })).statusCode).toBe(200);
  });

  it('a proven client is trusted for ten wrong passwords in a row, not more', async () => {
    const { email, password } = await createUser(t);
    const home = freshAddress();
    expect((await signIn({ email, password, from: home })).statusCode).toBe(200);
    await guessTen(email);
    // Someone else on the owner's network: ten guesses there, then a stranger like any other.
    for (let i = 0; i < 10; i++)
      expect(answer(await signIn({ email, password: `home-${i}`, from: home }))).toEqual(INVALID);
    expect(answer(await signIn({ email, password, from: home }))).toEqual(PAUSED);
  });

  it('a good sign-in gives the client back its ten', async () => {
    const { email, password } = await createUser(t);
    const home = freshAddress();
    expect((await signIn({ email, password, from: home })).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await signIn({ email, password: `typo-${i}`, from: home });
    expect((await signIn({ email, password, from: home })).statusCode).toBe(200);
    for (let i = 0; i < 9; i++)
      expect(answer(await signIn({ email, password: `typo-${i}`, from: home }))).toEqual(INVALID);
    expect((await signIn({ email, password, from: home })).statusCode).toBe(200);
  });

  it('parallel guesses cannot overrun the budget', async () => {
    const { email, password } = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        signIn({ email, password: i === 24 ? password : `burst-${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // Every attempt is counted before its check: at most ten wrong ones checked, the rest
    // paused (a right one gives its count back, so it may let one more through).
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(14);
    expect(statuses.every((s) => [200, 401, 429].includes(s))).toBe(true);
  });
});

describe('one network across many accounts', () => {
  it('pauses after five times the per-minute limit of failures, known accounts or not', async () => {
    const from = freshAddress();
    const owner = await createUser(limited);
    const answers = [];
    for (let i = 0; i < NETWORK_FAILURES; i++) {
      const email = i % 2 ? uniqueEmail('spray') : (await createUser(limited)).email;
      answers.push(answer(await signInOn(limited, { email, password: 'Summer2024!', from })));
    }
    expect(answers.every((a) => a.status === 401)).toBe(true);
    // Paused for every address it did not sign in to, the right password included.
    expect(
      answer(
        await signInOn(limited, { email: uniqueEmail('next'), password: 'x'.repeat(8), from }),
      ),
    ).toEqual(PAUSED);
    expect(answer(await signInOn(limited, { ...owner, from }))).toEqual(PAUSED);
    // Other networks are not affected.
    expect((await signInOn(limited, { ...owner })).statusCode).toBe(200);
  });

  it('lets an account that signed in from that network through', async () => {
    const from = freshAddress();
    const owner = await createUser(limited);
    expect((await signInOn(limited, { ...owner, from })).statusCode).toBe(200);
    for (let i = 0; i < NETWORK_FAILURES; i++)
      await signInOn(limited, { email: uniqueEmail('spray'), password: 'Summer2024!', from });
    expect(
      answer(await signInOn(limited, { email: uniqueEmail('next'), password: 'any-pass', from })),
    ).toEqual(PAUSED);
    expect((await signInOn(limited, { ...owner, from })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('192.0.2.7')).toBe('192.0.2.7');
    const answers = [];
    for (let i = 0; i < NETWORK_FAILURES + 1; i++)
      answers.push(
        answer(
          await signInOn(limited, {
            email: uniqueEmail('v6'),
            password: 'Summer2024!',
            from: `2001:db8:77:1::${(i + 1).toString(16)}`,
          }),
        ),
      );
    expect(answers.at(-2)).toEqual(INVALID);
    expect(answers.at(-1)).toEqual(PAUSED);
  });
});

describe('pauses', () => {
  it('end, then double with each round, and are forgotten a day after the last', async () => {
    const { email, password } = await createUser(t);
    await guessTen(email);
    expect(answer(await signIn({ email, password }))).toEqual(PAUSED);
    const pausedFor = async () => {
      const { rows } = (await t.ctx.db.execute(
        sql`select rounds, extract(epoch from paused_until - last_failure_at)::int as seconds
              from sign_in_throttles where key like 'email:%'
              order by last_failure_at desc limit 1`,
      )) as unknown as { rows: Array<{ rounds: number; seconds: number }> };
      return rows;
    };
    expect(await pausedFor()).toEqual([{ rounds: 1, seconds: 15 * 60 }]);
    // The pause ends (moved into the past rather than waited for): ten more, then twice as long.
    await t.ctx.db.execute(
      sql`update sign_in_throttles set paused_until = now() - interval '1 second',
            last_failure_at = now() - interval '15 minutes' where paused_until > now()`,
    );
    expect((await signIn({ email, password })).statusCode).toBe(200);
    const second = await guessTen(email);
    expect(second.at(-1)).toEqual(INVALID);
    expect(answer(await signIn({ email, password: 'one-more' }))).toEqual(PAUSED);
    expect(await pausedFor()).toEqual([{ rounds: 2, seconds: 30 * 60 }]);
    // A day after the pause ended nothing is remembered: the next pause is 15 minutes again.
    await t.ctx.db.execute(
      sql`update sign_in_throttles set paused_until = now() - interval '25 hours',
            last_failure_at = now() - interval '26 hours' where rounds = 2`,
    );
    await guessTen(email);
    expect(await pausedFor()).toEqual([{ rounds: 1, seconds: 15 * 60 }]);
  });
});
