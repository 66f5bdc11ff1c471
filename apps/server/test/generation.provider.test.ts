import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import { aiUsage } from '../src/db/schema/index.ts';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { giveKeys, signedInUser } from './helpers/factories.ts';
import { allPages, settled } from './helpers/generation.ts';
import { http } from './helpers/http.ts';

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi();
  t = await createTestApp({
    OPENROUTER_BASE_URL: ai.openRouterUrl,
    OPENAI_BASE_URL: ai.url,
    WORKER_CONCURRENCY: '4',
    GENERATION_CONCURRENCY_PER_KEY: '2',
  });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const { post } = http(() => t);

/** A subscribed user with their own OpenRouter key, creating a project on Claude. */
async function userProject(opts: { key?: string; servicePages?: boolean; model?: string } = {}) {
  const u = await signedInUser(t, { plan: 'free' });
  const key = opts.key ?? `sk-or-${u.user.id}`;
  await giveKeys(t, u.user.id, { openrouter: key, openai: `sk-${u.user.id}` });
  const res = await post('/api/projects/create/', u.headers, {
    name: 'Lone Star Plumbing',
    serviceType: 'Plumbing',
    model: opts.model ?? 'anthropic/claude-3.7-sonnet',
    prompt: 'Family plumbers in Austin, TX. Fast emergency repairs.',
    contactPhoneNumber: '512-555-0199',
    createServicePages: opts.servicePages ?? false,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...u, key, id: (res.json() as { data: { id: string } }).data.id };
}

const usageRows = (projectId: string) =>
  t.ctx.db.select().from(aiUsage).where(eq(aiUsage.projectId, projectId));

describe('generation through an OpenAI-compatible provider', () => {
  it('writes every page with the user key, streaming, one usage row per answer', async () => {
    const u = await userProject({ servicePages: true });
    const detail = await settled(t, u.id, u.headers);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    const pages = allPages(detail);
    // Homepage, About, Services, Contact, plus one service page per homepage service item.
    expect(detail.servicePages.length).toBeGreaterThan(0);
    expect(pages.every((p) => p.status === PAGE_STATUS.completed)).toBe(true);

    const calls = ai.requests.filter((r) => r.key === u.key);
    expect(calls).toHaveLength(pages.length);
    expect(calls.every((r) => r.stream && r.model === 'anthropic/claude-3.7-sonnet')).toBe(true);
    expect(calls.every((r) => r.path.startsWith('/api/v1/'))).toBe(true);
    // The long shared prompt is byte-identical across the project, so providers cache it.
    const systems = new Set(calls.map((r) => JSON.stringify(r.messages[0])));
    expect(systems.size).toBe(1);
    expect(JSON.stringify(calls[0]!.messages[0])).toContain('Lone Star Plumbing');

    const rows = await usageRows(u.id);
    const answers = ai.completions.filter((c) => c.key === u.key);
    expect(rows).toHaveLength(answers.length);
    expect(rows.reduce((n, r) => n + r.totalTokens, 0)).toBe(
      answers.reduce((n, c) => n + c.usage.total_tokens, 0),
    );
    // The service pages were written from the homepage's own service list.
    const home = answers.find((c) => c.content.includes('"Homepage'));
    expect(home).toBeDefined();
  });

  it('rides out a 429 storm honouring Retry-After: every page completes, no duplicate usage', async () => {
    ai.rateLimitFor(12, 1);
    const u = await userProject();
    const detail = await settled(t, u.id, u.headers);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    expect(allPages(detail).every((p) => p.status === PAGE_STATUS.completed)).toBe(true);
    const limited = ai.requests.filter((r) => r.key === u.key && r.status === 429);
    expect(limited.length).toBe(12);
    const rows = await usageRows(u.id);
    expect(rows).toHaveLength(ai.completions.filter((c) => c.key === u.key).length);
    expect(rows).toHaveLength(allPages(detail).length);
    // A page told to wait 1 s was not asked again sooner.
    const byPage = new Map<string, number[]>();
    for (const r of ai.requests.filter((r) => r.key === u.key)) {
      const page = JSON.stringify(r.messages.at(-1));
      byPage.set(page, [...(byPage.get(page) ?? []), r.at]);
    }
    for (const times of byPage.values())
      for (let i = 1; i < times.length; i++)
        expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(950);
  });

  it('fails fast on a rejected key with the reason, and a page retry recovers it', async () => {
    const u = await userProject({ key: 'bad-key-1' });
    const detail = await settled(t, u.id, u.headers);
    expect(detail.status).toBe(PROJECT_STATUS.error);
    for (const page of detail.pages) {
      expect(page.status).toBe(PAGE_STATUS.failed);
      expect(page.failureReason).toBe('OpenRouter rejected the API key.');
      expect(page.failedAt).not.toBeNull();
    }
    // No retries on 401: one request per page.
    expect(ai.requests.filter((r) => r.key === 'bad-key-1')).toHaveLength(detail.pages.length);

    await giveKeys(t, u.user.id, { openrouter: 'sk-or-fixed' });
    const home = detail.pages[0]!;
    const retry = await post(`/api/projects/${u.id}/page/${home.id}/retry/`, u.headers);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ data: { id: home.id, status: PAGE_STATUS.queued } });
    const after = await settled(t, u.id, u.headers);
    // Only the retried page ran again; the others still carry their failure.
    expect(after.pages[0]!.status).toBe(PAGE_STATUS.completed);
    expect(after.pages.slice(1).every((p) => p.status === PAGE_STATUS.failed)).toBe(true);
    expect(after.status).toBe(PROJECT_STATUS.error);

    const all = await post(`/api/projects/${u.id}/retry/`, u.headers);
    expect(all.statusCode).toBe(200);
    const done = await settled(t, u.id, u.headers);
    expect(done.status).toBe(PROJECT_STATUS.created);
    expect(ai.requests.filter((r) => r.key === 'sk-or-fixed')).toHaveLength(done.pages.length);
  });

  it('fails a page on 402 with the provider reason and never retries it', async () => {
    ai.script({ status: 402 });
    const u = await userProject();
    const detail = await settled(t, u.id, u.headers);
    const failed = detail.pages.filter((p) => p.status === PAGE_STATUS.failed);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.failureReason).toMatch(/^OpenRouter reports insufficient credits: /);
    expect(detail.status).toBe(PROJECT_STATUS.error);
    expect(ai.requests.filter((r) => r.key === u.key)).toHaveLength(detail.pages.length);
  });

  it('retries a 500 with backoff, and repairs one malformed answer with a second call', async () => {
    ai.script({ status: 500 }, { malformed: true });
    const u = await userProject();
    const detail = await settled(t, u.id, u.headers);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    const rows = await usageRows(u.id);
    expect(rows.filter((r) => r.callType.endsWith('_repair'))).toHaveLength(1);
    // Three pages, one repair call; the 500 produced no usage.
    expect(rows).toHaveLength(detail.pages.length + 1);
    const repair = ai.requests.find((r) => r.key === u.key && r.messages.length === 4);
    expect(JSON.stringify(repair?.messages.at(-1))).toContain('That answer cannot be used');
  });

  it('fails a page whose answers stay invalid after the repair, with the validation reason', async () => {
    // Every answer for the About page is invalid, first try and repair alike.
    ai.failWhile((call) => JSON.stringify(call.messages).includes('Page: About Us'), {
      invalid: true,
    });
    const u = await userProject();
    const detail = await settled(t, u.id, u.headers);
    const failed = detail.pages.filter((p) => p.status === PAGE_STATUS.failed);
    expect(failed.map((p) => p.slug)).toEqual(['about-us']);
    expect(failed[0]!.failureReason).toMatch(/^The model's answer was not usable page content: /);
    expect(failed[0]!.failureReason).toContain('hero');
    expect(detail.status).toBe(PROJECT_STATUS.error);
  });

  it('never runs more pages at once per key than GENERATION_CONCURRENCY_PER_KEY', async () => {
    // Long enough that calls overlap however slow the work between them: at 150 ms, on two
    // cores shared by eight test workers, a page's own writes outlasted the call and the four
    // slots were never busy at once.
    ai.setLatency(1_000);
    const [a, b] = await Promise.all([
      userProject({ servicePages: true }),
      userProject({ servicePages: true }),
    ]);
    await settled(t, a.id, a.headers);
    await settled(t, b.id, b.headers);
    expect(ai.maxConcurrentByKey.get(a.key)).toBe(2);
    expect(ai.maxConcurrentByKey.get(b.key)).toBe(2);
    // Two keys, two pages each: the workers (4) were all busy at once.
    expect(ai.maxConcurrent).toBe(4);
  });

  it('uses the OpenAI base URL and the user OpenAI key for OpenAI models', async () => {
    const u = await userProject({ model: 'gpt-4o-mini' });
    const detail = await settled(t, u.id, u.headers);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    const calls = ai.requests.filter((r) => r.key === `sk-${u.user.id}`);
    expect(calls).toHaveLength(detail.pages.length);
    expect(calls.every((r) => r.path.startsWith('/v1/') && r.model === 'gpt-4o-mini')).toBe(true);
  });
});
