import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import { aiUsage } from '../src/db/schema/index.ts';
import { createModelCapabilities } from '../src/modules/ai/model-capabilities.ts';
import { findModel } from '../src/modules/models/models.ts';
import { PAGE_JSON_SCHEMA } from '../src/modules/ai/structured-output.ts';
import {
  defaultPageContent,
  startFakeAi,
  strictSchemaProblem,
  type FakeAi,
  type FakeAiCall,
} from '@cityforge/fakes/openai';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { giveKeys, signedInUser } from './helpers/factories.ts';
import { allPages, settled } from './helpers/generation.ts';
import { http } from './helpers/http.ts';

/**
 * A model as unconstrained models behave: held to a schema it answers in shape (leaving the
 * optional intro out as null, as strict answers do); in JSON mode its first answer drifts
 * (no hero) and only the repair round fixes it.
 */
function driftingModel(call: FakeAiCall): string {
  const content = defaultPageContent(call.messages);
  const format = call.responseFormat as { type?: string } | null;
  if (format?.type === 'json_schema') {
    const sections = content.sections.map((s) =>
      s.type === 'services' ? { ...s, intro: null } : s,
    );
    return JSON.stringify({ ...content, sections });
  }
  const isRepair = call.messages.length > 2;
  if (isRepair) return JSON.stringify(content);
  const { hero: _hero, ...drifted } = content;
  return JSON.stringify(drifted);
}

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi({ respond: driftingModel });
  t = await createTestApp({ OPENROUTER_BASE_URL: ai.openRouterUrl, OPENAI_BASE_URL: ai.url });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const { post } = http(() => t);

async function generated(model: string) {
  const u = await signedInUser(t, { plan: 'free' });
  await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}`, openai: `sk-${u.user.id}` });
  const res = await post('/api/projects/create/', u.headers, {
    name: 'Lone Star Plumbing',
    serviceType: 'Plumbing',
    model,
    prompt: 'Family plumbers in Austin, TX.',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { data: { id: string } }).data.id;
  const detail = await settled(t, id, u.headers);
  expect(detail.status).toBe(PROJECT_STATUS.created);
  expect(allPages(detail).every((p) => p.status === PAGE_STATUS.completed)).toBe(true);
  const rows = await t.ctx.db.select().from(aiUsage).where(eq(aiUsage.projectId, id));
  const calls = ai.requests.filter((r) => r.key.endsWith(u.user.id));
  return { pages: allPages(detail).length, rows, calls };
}

describe('structured outputs', () => {
  it("sends OpenAI's models the page schema, strict, and needs no repair", async () => {
    const { pages, rows, calls } = await generated('gpt-4o-mini');
    expect(calls).toHaveLength(pages);
    for (const call of calls) {
      expect(call.path).toBe('/v1/chat/completions');
      expect(call.responseFormat).toEqual({
        type: 'json_schema',
        json_schema: { name: 'page_content', strict: true, schema: PAGE_JSON_SCHEMA.schema },
      });
      expect(call.status).toBe(200);
    }
    expect(rows.map((r) => [r.callType.endsWith('_repair'), r.outputMode])).toEqual(
      rows.map(() => [false, 'json_schema']),
    );
  });

  it('asks OpenRouter models for the schema only when their listing says so; the others repair', async () => {
    const schema = await generated('openai/gpt-4o');
    const json = await generated('meta-llama/llama-3.3-70b-instruct');
    expect(schema.calls.map((c) => (c.responseFormat as { type: string }).type)).toEqual(
      schema.calls.map(() => 'json_schema'),
    );
    expect(json.calls.map((c) => c.responseFormat)).toEqual(
      json.calls.map(() => ({ type: 'json_object' })),
    );
    const repairs = (rows: typeof schema.rows) =>
      rows.filter((r) => r.callType.endsWith('_repair'));
    expect(repairs(schema.rows)).toHaveLength(0);
    expect(repairs(json.rows)).toHaveLength(json.pages);
    expect(new Set(schema.rows.map((r) => r.outputMode))).toEqual(new Set(['json_schema']));
    expect(new Set(json.rows.map((r) => r.outputMode))).toEqual(new Set(['json_object']));
  });

  it('shows each usage row with its mode on the project', async () => {
    const u = await signedInUser(t, { plan: 'free', superuser: true });
    await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
    const res = await post('/api/projects/create/', u.headers, {
      name: 'Mode Check',
      serviceType: 'Roofing',
      model: 'meta-llama/llama-3.3-70b-instruct',
    });
    const id = (res.json() as { data: { id: string } }).data.id;
    await settled(t, id, u.headers);
    const card = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${id}/`,
      headers: u.headers,
    });
    const usage = (card.json() as { data: { usage: { callType: string; outputMode: string }[] } })
      .data.usage;
    expect(usage.length).toBeGreaterThan(0);
    expect(usage.every((e) => e.outputMode === 'json_object')).toBe(true);
    expect(usage.some((e) => e.callType.endsWith('_repair'))).toBe(true);
  });
});

describe('which models get the schema', () => {
  const spec = (id: string) => findModel(id)!;

  it('follows the OpenRouter listing, and uses JSON mode while it cannot be read', async () => {
    const up = createModelCapabilities({ openRouterBaseUrl: ai.openRouterUrl });
    const modes = await Promise.all(
      ['openai/gpt-4o', 'google/gemini-2.5-flash', 'anthropic/claude-3.7-sonnet'].map((id) =>
        up.outputMode(spec(id)),
      ),
    );
    expect(modes).toEqual(['json_schema', 'json_schema', 'json_object']);
    expect(await up.outputMode(spec('gpt-4o'))).toBe('json_schema');
    expect(await up.outputMode(spec('offline-draft'))).toBe('offline');

    ai.setModelListingStatus(503);
    const down = createModelCapabilities({ openRouterBaseUrl: ai.openRouterUrl });
    expect(await down.outputMode(spec('openai/gpt-4o'))).toBe('json_object');
    expect(await down.outputMode(spec('gpt-4o'))).toBe('json_schema');
  });

  it('sends a schema in the strict subset that the contract it came from still checks', () => {
    const format = { type: 'json_schema', json_schema: { ...PAGE_JSON_SCHEMA, strict: true } };
    expect(strictSchemaProblem(format)).toBeNull();
    const loose = {
      ...format,
      json_schema: {
        ...format.json_schema,
        schema: {
          type: 'object',
          properties: { a: { type: 'string', maxLength: 3 } },
          required: ['a'],
          additionalProperties: false,
        },
      },
    };
    expect(strictSchemaProblem(loose)).toMatch(/'maxLength' is not permitted/);
  });
});
