import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  PROJECT_STATUS,
  type TAdminUser,
  type TEstimate,
  type TProject,
  type TProjectDetail,
} from '@cityforge/shared';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { aiUsage, modelPrices } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { DEFAULT_PAGE_TOKENS } from '../src/modules/generation/estimate.ts';
import { OPENAI_PRICES } from '../src/modules/models/openai-prices.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { http } from './helpers/http.ts';

const CLAUDE = 'anthropic/claude-3.7-sonnet';
const CLAUDE_PRICE = { prompt: 0.000003, completion: 0.000015 };
/** Listed by the fake's OpenRouter without a price. */
const UNPRICED_LISTED = 'openai/gpt-4o';
/** In the catalogue, not in the fake's listing at all. */
const UNLISTED = 'meta-llama/llama-3.3-70b-instruct';

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi({
    models: [CLAUDE, UNPRICED_LISTED, 'google/gemini-2.5-flash'],
    prices: {
      [CLAUDE]: {
        prompt: String(CLAUDE_PRICE.prompt),
        completion: String(CLAUDE_PRICE.completion),
      },
      [UNPRICED_LISTED]: null,
    },
  });
  t = await createTestApp({ OPENROUTER_BASE_URL: ai.openRouterUrl, OPENAI_BASE_URL: ai.url });
  // The price check every worker sends at start has run: the counts below are the tests' own.
  await t.drainQueue(QUEUES.refreshPrices);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});

const { get } = http(() => t);

function estimateUrl(q: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
  return `/api/ai-models/estimate/?${query.toString()}`;
}

async function estimate(headers: Record<string, string>, q: Record<string, string | number>) {
  const res = await get(estimateUrl(q), headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TEstimate;
}

/** USD of `tokens` split into prompt and completion by `share`, at a per-token price. */
const usdOf = (tokens: number, share: number, price: { prompt: number; completion: number }) =>
  tokens * (share * price.prompt + (1 - share) * price.completion);

const makeStale = () =>
  t.ctx.db
    .update(modelPrices)
    .set({ fetchedAt: sql`now() - interval '2 days'` })
    .where(eq(modelPrices.source, 'openrouter'));

describe('GET /api/ai-models/estimate/', () => {
  it('prices the offline draft at $0, from the default tokens of the page kind', async () => {
    const u = await signedInUser(t);
    const e = await estimate(u.headers, { model: 'offline-draft', kind: 'city', pages: 12 });
    const city = DEFAULT_PAGE_TOKENS.city;
    expect(e).toEqual({
      model: 'offline-draft',
      kind: 'city',
      pages: 12,
      basis: 'defaults',
      tokens: { low: city.low * 12, high: city.high * 12 },
      usd: { low: 0, high: 0 },
      priced: true,
    });
  });

  it("prices an OpenRouter model from OpenRouter's listing: prompt and completion apart", async () => {
    const u = await signedInUser(t);
    const e = await estimate(u.headers, { model: CLAUDE, kind: 'homepage', pages: 3 });
    const home = DEFAULT_PAGE_TOKENS.homepage;
    expect(e.priced).toBe(true);
    expect(e.tokens).toEqual({ low: home.low * 3, high: home.high * 3 });
    expect(e.usd!.low).toBeCloseTo(usdOf(home.low * 3, home.promptShare, CLAUDE_PRICE), 6);
    expect(e.usd!.high).toBeCloseTo(usdOf(home.high * 3, home.promptShare, CLAUDE_PRICE), 6);
    expect(e.usd!.low).toBeLessThan(e.usd!.high);
    const [row] = await t.ctx.db.select().from(modelPrices).where(eq(modelPrices.model, CLAUDE));
    expect(row?.source).toBe('openrouter');
  });

  it('prices an OpenAI model from the table shipped with the code', async () => {
    const u = await signedInUser(t);
    const e = await estimate(u.headers, { model: 'gpt-4o-mini', kind: 'main', pages: 2 });
    const main = DEFAULT_PAGE_TOKENS.main;
    expect(e.usd!.high).toBeCloseTo(
      usdOf(main.high * 2, main.promptShare, OPENAI_PRICES['gpt-4o-mini']!),
      7,
    );
    const [row] = await t.ctx.db
      .select()
      .from(modelPrices)
      .where(eq(modelPrices.model, 'gpt-4o-mini'));
    expect(row?.source).toBe('table');
  });

  it('answers priced: false for a model no price is known for', async () => {
    const u = await signedInUser(t);
    for (const model of [UNPRICED_LISTED, UNLISTED]) {
      const e = await estimate(u.headers, { model, kind: 'service', pages: 5 });
      expect(e).toMatchObject({ model, priced: false, usd: null, basis: 'defaults' });
      expect(e.tokens.low).toBe(DEFAULT_PAGE_TOKENS.service.low * 5);
    }
  });

  it("takes the range from the project's own pages of that kind and model", async () => {
    const u = await signedInUser(t);
    const project = await createProject(t, u.user.id, { model: CLAUDE });
    const record = (callType: string, prompt: number, completion: number, model = CLAUDE) =>
      t.ctx.modules.ai.usageRepo.recordUsage({
        userId: u.user.id,
        projectId: project.id,
        cityId: crypto.randomUUID(),
        model,
        callType,
        promptTokens: prompt,
        completionTokens: completion,
        totalTokens: prompt + completion,
      });
    // Four written city pages (3,000 to 4,800 tokens) and one repair call of 600.
    for (const [p, c] of [
      [1000, 2000],
      [1200, 2400],
      [1400, 2800],
      [1600, 3200],
    ] as const)
      await record('city_page', p, c);
    await record('city_page_repair', 300, 300);
    // Neither another kind nor another model counts.
    await record('homepage', 50_000, 50_000);
    await record('city_page', 90_000, 90_000, 'offline-draft');

    const e = await estimate(u.headers, {
      model: CLAUDE,
      kind: 'city',
      pages: 2,
      project: project.id,
    });
    // Quartiles of 3,000 / 3,600 / 4,200 / 4,800, times the repairs' share on top.
    const overhead = (15_600 + 600) / 15_600;
    const share = (5_200 + 300) / 16_200;
    expect(e.basis).toBe('project');
    expect(e.tokens).toEqual({
      low: Math.round(3_450 * overhead * 2),
      high: Math.round(4_350 * overhead * 2),
    });
    expect(e.usd!.low).toBeCloseTo(usdOf(e.tokens.low, share, CLAUDE_PRICE), 6);

    // A kind the project has not written yet falls back to the defaults.
    const service = await estimate(u.headers, {
      model: CLAUDE,
      kind: 'service',
      pages: 1,
      project: project.id,
    });
    expect(service.basis).toBe('defaults');
  });

  it("reads a big project's latest thousand calls, not all of them", async () => {
    const u = await signedInUser(t);
    const project = await createProject(t, u.user.id, { model: CLAUDE });
    const row = (tokens: number, minutesAgo: number) => ({
      userId: u.user.id,
      projectId: project.id,
      cityId: crypto.randomUUID(),
      model: CLAUDE,
      callType: 'city_page',
      promptTokens: tokens / 2,
      completionTokens: tokens / 2,
      totalTokens: tokens,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    // Early pages were long; the latest thousand all took 3,000 tokens.
    await t.ctx.db
      .insert(aiUsage)
      .values(Array.from({ length: 300 }, (_, i) => row(90_000, 5000 + i)));
    await t.ctx.db.insert(aiUsage).values(Array.from({ length: 1000 }, (_, i) => row(3_000, i)));
    const e = await estimate(u.headers, {
      model: CLAUDE,
      kind: 'city',
      pages: 10,
      project: project.id,
    });
    expect(e.basis).toBe('project');
    expect(e.tokens).toEqual({ low: 30_000, high: 30_000 });
  });

  it("answers 404 for another user's project or a missing one, 400 for a malformed id, 401 without a session", async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const project = await createProject(t, owner.user.id);
    const q = { model: 'offline-draft', kind: 'city', pages: 1 };
    expect((await get(estimateUrl({ ...q, project: project.id }), other.headers)).statusCode).toBe(
      404,
    );
    const missing = crypto.randomUUID();
    expect((await get(estimateUrl({ ...q, project: missing }), owner.headers)).statusCode).toBe(
      404,
    );
    const malformed = await get(estimateUrl({ ...q, project: 'not-an-id' }), owner.headers);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ project: ['Not a valid project id'] });
    expect((await get(estimateUrl({ ...q, project: project.id }), owner.headers)).statusCode).toBe(
      200,
    );
    expect((await get(estimateUrl(q), {})).statusCode).toBe(401);
  });

  it('refuses a bad query with 400 naming the field', async () => {
    const u = await signedInUser(t);
    const cases: [Record<string, string | number>, string, RegExp][] = [
      [{ model: 'offline-draft', kind: 'city', pages: 0 }, 'pages', /whole number from 1/],
      [{ model: 'offline-draft', kind: 'city', pages: 1.5 }, 'pages', /whole number/],
      [{ model: 'offline-draft', kind: 'city', pages: 'many' }, 'pages', /whole number/],
      [{ model: 'offline-draft', kind: 'city', pages: 100_001 }, 'pages', /100,000/],
      [{ model: 'offline-draft', kind: 'blog', pages: 1 }, 'kind', /homepage, main, service, city/],
      [{ kind: 'city', pages: 1 }, 'model', /model is required/],
      [{ model: 'gpt-17', kind: 'city', pages: 1 }, 'model', /Unknown model "gpt-17"/],
    ];
    for (const [q, field, message] of cases) {
      const res = await get(estimateUrl(q), u.headers);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      const body = res.json() as { message: string; errors: Record<string, string[]> };
      expect(body.errors[field]?.[0], JSON.stringify(q)).toMatch(message);
      expect(body.message).toMatch(message);
    }
  });
});

describe("OpenRouter's prices", () => {
  it('are read once and kept: the next estimate does not ask again', async () => {
    const u = await signedInUser(t);
    await estimate(u.headers, { model: CLAUDE, kind: 'city', pages: 1 });
    const before = ai.modelListings;
    await estimate(u.headers, { model: CLAUDE, kind: 'city', pages: 1 });
    await estimate(u.headers, { model: 'gpt-4o', kind: 'main', pages: 4 });
    expect(ai.modelListings).toBe(before);
  });

  it('are read again once a day old, and the new price is used', async () => {
    const u = await signedInUser(t);
    await makeStale();
    const before = ai.modelListings;
    ai.setPrice(CLAUDE, { prompt: '0.000006', completion: '0.00003' });
    try {
      const e = await estimate(u.headers, { model: CLAUDE, kind: 'city', pages: 1 });
      expect(ai.modelListings).toBe(before + 1);
      const city = DEFAULT_PAGE_TOKENS.city;
      expect(e.usd!.low).toBeCloseTo(
        usdOf(city.low, city.promptShare, { prompt: 0.000006, completion: 0.00003 }),
        6,
      );
      // Fresh again: the next estimate does not ask.
      await estimate(u.headers, { model: CLAUDE, kind: 'city', pages: 1 });
      expect(ai.modelListings).toBe(before + 1);
    } finally {
      ai.setPrice(CLAUDE, {
        prompt: String(CLAUDE_PRICE.prompt),
        completion: String(CLAUDE_PRICE.completion),
      });
      await makeStale();
      await estimate(u.headers, { model: CLAUDE, kind: 'city', pages: 1 });
    }
  });

  it('keep their old values when the listing fails, and the estimate still answers', async () => {
    const u = await signedInUser(t);
    await makeStale();
    ai.setModelListingStatus(503);
    try {
      const before = ai.modelListings;
      const e = await estimate(u.headers, { model: CLAUDE, kind: 'city', pages: 1 });
      expect(ai.modelListings).toBe(before + 1);
      const city = DEFAULT_PAGE_TOKENS.city;
      expect(e.usd!.low).toBeCloseTo(usdOf(city.low, city.promptShare, CLAUDE_PRICE), 6);
      // Tried again within the hour, not on every estimate meanwhile.
      await estimate(u.headers, { model: CLAUDE, kind: 'city', pages: 1 });
      expect(ai.modelListings).toBe(before + 1);
      const [age] = await t.ctx.db
        .select({ hours: sql<number>`extract(epoch from now() - ${modelPrices.fetchedAt}) / 3600` })
        .from(modelPrices)
        .where(eq(modelPrices.model, CLAUDE));
      expect(Number(age!.hours)).toBeGreaterThan(22);
      expect(Number(age!.hours)).toBeLessThan(24);
    } finally {
      ai.setModelListingStatus(200);
    }
  });

  it('are checked by the hourly job too, which reads them when a day old', async () => {
    await makeStale();
    const before = ai.modelListings;
    await t.ctx.boss.send(QUEUES.refreshPrices, {});
    await t.drainQueue(QUEUES.refreshPrices);
    expect(ai.modelListings).toBe(before + 1);
    const [row] = await t.ctx.db
      .select({ fresh: sql<boolean>`${modelPrices.fetchedAt} > now() - interval '1 hour'` })
      .from(modelPrices)
      .where(eq(modelPrices.model, CLAUDE));
    expect(row?.fresh).toBe(true);
  });
});

describe('usage in dollars', () => {
  it('records what each call cost: tokens × the price, 0 offline', async () => {
    // A superuser: no plan limit on projects to get in the way of two of them.
    const u = await signedInUser(t, { superuser: true });
    await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
    // Prices are in before the run (the screen asks for the estimate first).
    await estimate(u.headers, { model: CLAUDE, kind: 'homepage', pages: 1 });
    const ids: string[] = [];
    for (const model of [CLAUDE, 'offline-draft']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/projects/create/',
        headers: u.headers,
        payload: { name: 'Lone Star Plumbing', serviceType: 'Plumbing', model },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { data: { id: string } }).data.id;
      expect((await settled(t, id, u.headers)).status).toBe(PROJECT_STATUS.created);
      ids.push(id);
    }
    const [claude, offline] = ids as [string, string];
    const rows = await t.ctx.db.select().from(aiUsage).where(eq(aiUsage.projectId, claude));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows)
      expect(r.costUsd).toBeCloseTo(
        r.promptTokens * CLAUDE_PRICE.prompt + r.completionTokens * CLAUDE_PRICE.completion,
        6,
      );
    const offlineRows = await t.ctx.db
      .select()
      .from(aiUsage)
      .where(and(eq(aiUsage.projectId, offline), eq(aiUsage.model, 'offline-draft')));
    expect(offlineRows.length).toBeGreaterThan(0);
    expect(offlineRows.every((r) => r.costUsd === 0)).toBe(true);

    // Superusers see the dollars beside the tokens: per call, per card, per user.
    const spent = rows.reduce((n, r) => n + r.costUsd!, 0);
    const detail = (await get(`/api/projects/${claude}/detail/`, u.headers)).json() as {
      data: TProjectDetail;
    };
    const perCall = detail.data.usage.map((e) => e.costUsd);
    expect(perCall.every((c) => c !== null && c > 0)).toBe(true);
    expect(perCall.reduce<number>((n, c) => n + c!, 0)).toBeCloseTo(spent, 6);
    expect(detail.data.pages[0]!.usage[0]!.costUsd).toBeGreaterThan(0);
    const list = (await get(`/api/projects/?user_id=${u.user.id}`, u.headers)).json() as {
      results: TProject[];
    };
    const card = list.results.find((p) => p.id === claude)!;
    expect(card.usage.reduce((n, e) => n + e.costUsd!, 0)).toBeCloseTo(spent, 6);
    const offlineCard = list.results.find((p) => p.id === offline)!;
    expect(offlineCard.usage.length).toBeGreaterThan(0);
    expect(offlineCard.usage.every((e) => e.costUsd === 0)).toBe(true);

    // A call made while its model had no price counts apart, not as $0.
    await t.ctx.modules.ai.usageRepo.recordUsage({
      userId: u.user.id,
      projectId: claude,
      model: UNLISTED,
      callType: 'regenerate',
      promptTokens: 10,
      completionTokens: 10,
      totalTokens: 20,
    });
    const admin = (await get(`/api/admin/users/?search=${u.email}`, u.headers)).json() as {
      results: TAdminUser[];
    };
    expect(admin.results[0]!.usage.costUsd).toBeCloseTo(spent, 6);
    expect(admin.results[0]!.usage.unpricedCalls).toBe(1);
  });
});
