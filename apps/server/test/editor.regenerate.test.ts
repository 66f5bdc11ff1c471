import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@cityforge/shared';
import { aiUsage } from '../src/db/schema/index.ts';
import { startFakeAi, type FakeAi, type FakeAiCall } from '@cityforge/fakes/openai';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { editorApi, viewOf } from './helpers/editor.ts';
import { giveKeys } from './helpers/factories.ts';
import { detailOf } from './helpers/generation.ts';
import { citiesOf } from './helpers/locations.ts';
import { siteProject } from './helpers/publishing.ts';

const CLAUDE = 'anthropic/claude-3.7-sonnet';
const FRAGMENT =
  '<section class="section" id="about"><div class="wrap"><h2>About us</h2></div></section>';
const REWRITE =
  '<section class="section" id="about"><div class="wrap"><h2>Family plumbers since 1998</h2></div></section>';

let t: TestApp;
let ai: FakeAi;
let reply: (call: FakeAiCall) => string;
let site: Awaited<ReturnType<typeof siteProject>>;
beforeAll(async () => {
  ai = await startFakeAi({ respond: (call) => reply(call) });
  t = await createTestApp({ OPENROUTER_BASE_URL: ai.openRouterUrl, OPENAI_BASE_URL: ai.url });
  site = await siteProject(t, { token: null });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => {
  ai.reset();
  reply = () => JSON.stringify({ html: REWRITE });
});

const api = editorApi(() => t);
const regenerate = (body: Record<string, unknown>, headers = site.headers, id = site.id) =>
  api.regenerate(id, headers, {
    html: FRAGMENT,
    prompt: 'Mention that we started in 1998',
    ...body,
  });
const usage = (target: { pageId: string } | { cityId: string }) =>
  t.ctx.db
    .select()
    .from(aiUsage)
    .where(
      and(
        eq(aiUsage.callType, 'regenerate'),
        'pageId' in target ? eq(aiUsage.pageId, target.pageId) : eq(aiUsage.cityId, target.cityId),
      ),
    );

describe('regenerating a selected component', () => {
  it('rewrites the fragment through the model, records usage and leaves the page as it was', async () => {
    const before = await viewOf(t, site.id, site.headers);
    const res = await regenerate({ model: CLAUDE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, html: REWRITE });

    const [call] = ai.requests;
    expect(call).toMatchObject({ model: CLAUDE, stream: false, key: `sk-or-${site.user.id}` });
    expect(call!.responseFormat).toEqual({ type: 'json_object' });
    expect(String(call!.messages[0]!.content)).toContain('Rewrite ONLY that fragment');
    const prompt = String(call!.messages.at(-1)!.content);
    expect(prompt).toContain('Business: Lone Star Plumbing');
    expect(prompt).toContain(FRAGMENT);
    expect(prompt.endsWith('Instruction: Mention that we started in 1998')).toBe(true);

    const rows = await usage({ pageId: before.page.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: site.user.id,
      projectId: site.id,
      model: CLAUDE,
      totalTokens: ai.completions[0]!.usage.total_tokens,
    });
    const after = await viewOf(t, site.id, site.headers);
    expect(after.page.content_html).toBe(before.page.content_html);
    expect(after.versions).toEqual([]);
  });

  it('keeps the page as a version first when asked (once, however often it is asked)', async () => {
    const { austin, view } = await austinView();
    reply = () => `Here you go:\n\`\`\`json\n${JSON.stringify({ html: REWRITE })}\n\`\`\``;
    for (let i = 0; i < 2; i++) {
      const res = await regenerate({ model: CLAUDE, city_id: austin.id, save_history: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().html).toBe(REWRITE);
    }
    const after = await viewOf(t, site.id, site.headers, { city_id: austin.id });
    expect(after.versions.map((v) => v.name)).toEqual(['Original']);
    const loaded = await api.version(site.id, site.headers, {
      version_id: after.versions[0]!.id,
      city_id: austin.id,
    });
    expect(loaded.json().html).toBe(view.page.content_html);
    expect(await usage({ cityId: austin.id })).toHaveLength(2);
    expect(String(ai.requests[0]!.messages.at(-1)!.content)).toContain('Page: Austin, TX');
  });

  it.each([
    ['a broken fragment', '<div><p>oops</div>', 'is not a well-formed HTML fragment (Mismatched'],
    ['a script', '<div><p>Hi</p><script>alert(1)</script></div>', 'contains a <script> element'],
    [
      'an event handler',
      '<div><img src="a.png" alt="" onerror="x()"></div>',
      'inline event handler',
    ],
    ['a javascript: link', '<p><a href="java&#x09;script&colon;x()">Go</a></p>', 'javascript: URL'],
    ['no element at all', 'Just some words', 'contains no HTML element'],
  ])('refuses %s with 502 and still records the usage', async (_, html, problem) => {
    reply = () => JSON.stringify({ html });
    const home = await viewOf(t, site.id, site.headers);
    const before = (await usage({ pageId: home.page.id })).length;
    const res = await regenerate({ model: CLAUDE });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Failed to regenerate: the model's answer /);
    expect(res.json().message).toContain(problem);
    expect(await usage({ pageId: home.page.id })).toHaveLength(before + 1);
  });

  it('refuses an answer that is not JSON with an html text', async () => {
    for (const answer of ['Sorry, I cannot do that.', '{"text": "<p>x</p>"}', '{"html": "  "}']) {
      reply = () => answer;
      const res = await regenerate({ model: CLAUDE });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/^Failed to regenerate: /);
    }
  });
});

describe('models, keys and providers', () => {
  it('refuses the offline model (the pages default) and unknown models with 400', async () => {
    const offline = await regenerate({});
    expect(offline.statusCode).toBe(400);
    expect(offline.json().message).toBe(MSG.offlineCannotRegenerate);
    const unknown = await regenerate({ model: 'acme/gpt-9' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.model).toEqual([MSG.unknownModel]);
    expect(ai.requests).toHaveLength(0);
  });

  it('asks for the missing key, and reports a rejected key with 400', async () => {
    const missing = await regenerate({ model: 'gpt-4o' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'No OpenAI API key: add one in your profile to use GPT-4o (OpenAI).',
    );
    await giveKeys(t, site.user.id, { openai: 'bad-openai-key' });
    const rejected = await regenerate({ model: 'gpt-4o' });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().message).toBe('Failed to regenerate: OpenAI rejected the API key.');
    const home = await viewOf(t, site.id, site.headers);
    const rows = await usage({ pageId: home.page.id });
    expect(rows.filter((r) => r.model === 'gpt-4o')).toHaveLength(0);
  });

  it('answers 502 with the provider reason when the provider fails', async () => {
    ai.script({ status: 500 });
    const res = await regenerate({ model: CLAUDE });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Failed to regenerate: OpenRouter answered 500: /);
  });

  it('validates the request: a prompt is required', async () => {
    const res = await regenerate({ model: CLAUDE, prompt: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.prompt).toEqual(['Enter a prompt.']);
  });
});

async function austinView() {
  const detail = await detailOf(t, site.id, site.headers);
  const austin = citiesOf(detail).find((c) => c.name === 'Austin')!;
  return { austin, view: await viewOf(t, site.id, site.headers, { city_id: austin.id }) };
}
