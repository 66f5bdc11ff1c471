import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crc32, inflateSync } from 'node:zlib';
import OpenAI from 'openai';
import { ZPageContent } from '../src/modules/pages/content.ts';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';

// The fake is only useful if the real SDK accepts its answers exactly as it accepts the real
// providers', so every check here goes through the `openai` client, with retries off so each
// scripted outcome is seen once.
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi();
});
afterEach(() => ai.reset());
afterAll(() => ai.close());

const client = (apiKey = 'sk-test', baseURL = ai.url) =>
  new OpenAI({ apiKey, baseURL, maxRetries: 0, timeout: 10_000 });

const SYSTEM = 'You write pages for local service websites. '.repeat(20);
const pageMessages = (page: string) => [
  { role: 'system' as const, content: SYSTEM },
  { role: 'user' as const, content: `Project: Plumbing\nPage: ${page}\nWrite the page.` },
];

describe('fake OpenAI server', () => {
  it('answers a non-streaming completion with valid page content and usage', async () => {
    const res = await client().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: pageMessages('Plumber in Leeds'),
      response_format: { type: 'json_object' },
    });
    expect(res.object).toBe('chat.completion');
    expect(res.choices[0]?.finish_reason).toBe('stop');
    const content = ZPageContent.parse(JSON.parse(res.choices[0]?.message.content ?? ''));
    expect(content.hero.heading).toBe('Plumber in Leeds');
    expect(res.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(res.usage?.total_tokens).toBe(
      (res.usage?.prompt_tokens ?? 0) + (res.usage?.completion_tokens ?? 0),
    );
    expect(ai.requests).toHaveLength(1);
    expect(ai.requests[0]).toMatchObject({
      key: 'sk-test',
      model: 'gpt-4o-mini',
      stream: false,
      status: 200,
      responseFormat: { type: 'json_object' },
    });
    expect(ai.completions).toHaveLength(1);
    expect(ai.completions[0]?.usage).toEqual(res.usage);
  });

  it('streams the content in several deltas and ends with a usage chunk', async () => {
    const stream = await client('sk-test', ai.openRouterUrl).chat.completions.create({
      model: 'anthropic/claude-sonnet-4',
      messages: pageMessages('Boiler repair'),
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let deltas = 0;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta.content;
      if (delta) {
        text += delta;
        deltas++;
      }
      if (chunk.usage) usage = chunk.usage;
    }
    expect(deltas).toBeGreaterThan(1);
    expect(ZPageContent.parse(JSON.parse(text)).hero.heading).toBe('Boiler repair');
    expect(usage?.completion_tokens).toBe(Math.ceil(text.length / 4));
    expect(ai.completions[0]).toMatchObject({ stream: true, content: text, usage });
  });

  it('rejects a bad key with 401 as the SDK AuthenticationError', async () => {
    const err = await client('bad-key')
      .chat.completions.create({ model: 'gpt-4o', messages: pageMessages('X') })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((err as InstanceType<typeof OpenAI.AuthenticationError>).status).toBe(401);
    expect((err as InstanceType<typeof OpenAI.AuthenticationError>).code).toBe('invalid_api_key');
    expect(ai.completions).toHaveLength(0);
  });

  it('sends Retry-After with a scripted 429, then answers normally', async () => {
    ai.script({ status: 429, retryAfter: 7 });
    const err = await client()
      .chat.completions.create({ model: 'gpt-4o', messages: pageMessages('X') })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect((err as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')).toBe(
      '7',
    );
    const ok = await client().chat.completions.create({
      model: 'gpt-4o',
      messages: pageMessages('X'),
    });
    expect(ok.choices[0]?.message.content).toBeTruthy();
    expect(ai.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it('answers malformed content that is not JSON', async () => {
    ai.script({ malformed: true });
    const res = await client().chat.completions.create({
      model: 'gpt-4o',
      messages: pageMessages('X'),
    });
    const content = res.choices[0]?.message.content ?? '';
    expect(() => JSON.parse(content)).toThrow();
    expect(ai.completions[0]?.kind).toBe('malformed');
  });

  it('reports cached tokens once the same system prompt has been seen', async () => {
    const first = await client().chat.completions.create({
      model: 'gpt-4o',
      messages: pageMessages('Page one'),
    });
    const second = await client().chat.completions.create({
      model: 'gpt-4o',
      messages: pageMessages('Page two'),
    });
    expect(first.usage?.prompt_tokens_details?.cached_tokens).toBe(0);
    expect(second.usage?.prompt_tokens_details?.cached_tokens).toBe(Math.ceil(SYSTEM.length / 4));
  });

  it('tracks the peak of concurrent requests', async () => {
    // Each request stays unanswered until its client gives up: all three are open at once
    // however slowly they arrive.
    ai.scriptForKey('sk-other', { hang: true }, { hang: true }, { hang: true });
    const stop = new AbortController();
    const calls = ['A', 'B', 'C'].map((page) =>
      client('sk-other')
        .chat.completions.create(
          { model: 'gpt-4o', messages: pageMessages(page) },
          { signal: stop.signal },
        )
        .catch((error: unknown) => error),
    );
    await ai.waitForRequests(3);
    expect(ai.inFlight).toBe(3);
    expect(ai.maxConcurrent).toBe(3);
    expect(ai.maxConcurrentByKey.get('sk-other')).toBe(3);
    stop.abort();
    await Promise.all(calls);
    await expect.poll(() => ai.inFlight).toBe(0);
    expect(ai.maxConcurrent).toBe(3);
  });

  it('answers invalid content, 402 and 400 the way the providers do', async () => {
    ai.script({ invalid: true }, { status: 402 });
    const invalid = await client().chat.completions.create({
      model: 'gpt-4o',
      messages: pageMessages('X'),
    });
    const parsed = ZPageContent.safeParse(JSON.parse(invalid.choices[0]?.message.content ?? ''));
    expect(parsed.success).toBe(false);
    const credits = await client()
      .chat.completions.create({ model: 'gpt-4o', messages: pageMessages('X') })
      .catch((e: unknown) => e);
    expect((credits as InstanceType<typeof OpenAI.APIError>).status).toBe(402);
    expect((credits as Error).message).toMatch(/Insufficient credits/);
    const bad = await fetch(`${ai.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { type: string } }).error.type).toBe(
      'invalid_request_error',
    );
  });

  it('hangs until the client gives up, and still closes promptly', async () => {
    const other = await startFakeAi();
    other.script({ hang: true });
    const err = await new OpenAI({
      apiKey: 'sk-test',
      baseURL: other.url,
      maxRetries: 0,
      timeout: 200,
    }).chat.completions
      .create({ model: 'gpt-4o', messages: pageMessages('X') })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    await expect.poll(() => other.inFlight).toBe(0);
    expect(other.requests[0]).toMatchObject({ outcome: 'hang', status: null, aborted: true });
    // A request still hanging when the fake closes must not keep close() waiting.
    other.script({ hang: true });
    const pending = new OpenAI({
      apiKey: 'sk-test',
      baseURL: other.url,
      maxRetries: 0,
    }).chat.completions
      .create({ model: 'gpt-4o', messages: pageMessages('X') })
      .catch((e: unknown) => e);
    await other.waitForRequests(2);
    await other.close();
    expect(await pending).toBeInstanceOf(OpenAI.APIConnectionError);
  });

  it("lists OpenRouter's models with their prices as OpenRouter does: USD per token, strings", async () => {
    const other = await startFakeAi({
      models: ['anthropic/claude-3.7-sonnet', 'openai/gpt-4o'],
      prices: { 'openai/gpt-4o': null },
    });
    try {
      const listing = async () => {
        const res = await fetch(`${other.openRouterUrl}/models`);
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { id: string; pricing?: unknown }[] }).data;
      };
      expect(await listing()).toEqual([
        expect.objectContaining({
          id: 'anthropic/claude-3.7-sonnet',
          pricing: expect.objectContaining({ prompt: '0.000003', completion: '0.000015' }),
        }),
        expect.not.objectContaining({ pricing: expect.anything() }),
      ]);
      other.setPrice('openai/gpt-4o', { prompt: '0.0000025', completion: '0.00001' });
      expect((await listing())[1]).toMatchObject({
        pricing: { prompt: '0.0000025', completion: '0.00001' },
      });
      expect(other.modelListings).toBe(2);
      other.reset();
      expect(other.modelListings).toBe(0);
      expect((await listing())[1]).not.toHaveProperty('pricing');
    } finally {
      await other.close();
    }
  });
});

/** Walks a PNG's chunks checking every CRC; answers the IHDR size and the inflated pixels. */
function readPng(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  const idat: Buffer[] = [];
  let size = { width: 0, height: 0 };
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const typed = bytes.subarray(at + 4, at + 8 + length);
    expect(bytes.readUInt32BE(at + 8 + length)).toBe(crc32(typed));
    const type = typed.subarray(0, 4).toString('latin1');
    const data = typed.subarray(4);
    if (type === 'IHDR') size = { width: data.readUInt32BE(0), height: data.readUInt32BE(4) };
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  return { ...size, pixels: inflateSync(Buffer.concat(idat)) };
}

describe('fake OpenAI images endpoint', () => {
  it('answers a GPT image model with a base64 PNG of the requested size and token usage', async () => {
    const res = await client().images.generate({
      model: 'gpt-image-2.5-flare',
      prompt: 'A plumber fixing a sink',
      size: '1536x1024',
    });
    expect(res.data?.[0]?.url).toBeUndefined();
    const png = readPng(Buffer.from(res.data?.[0]?.b64_json ?? '', 'base64'));
    expect([png.width, png.height]).toEqual([1536, 1024]);
    expect(png.pixels.length).toBe(1024 * (1 + 1536 * 3));
    expect(res.usage).toMatchObject({
      input_tokens: 6,
      output_tokens: 1584,
      total_tokens: 1590,
      input_tokens_details: { text_tokens: 6, image_tokens: 0 },
    });
    expect(ai.images.requests).toEqual([
      expect.objectContaining({
        model: 'gpt-image-2.5-flare',
        prompt: 'A plumber fixing a sink',
        size: '1536x1024',
        key: 'sk-test',
        status: 200,
        responseFormat: null,
      }),
    ]);
  });

  it('answers a scripted URL on the fake that serves the image without a key', async () => {
    ai.images.script({ url: true });
    const res = await client('sk-test', ai.openRouterUrl).images.generate({
      model: 'gpt-image-2',
      prompt: 'A red van',
      size: '1024x1536',
    });
    const image = res.data?.[0];
    expect(image?.b64_json).toBeUndefined();
    expect(image?.revised_prompt).toContain('A red van');
    const download = await fetch(image!.url!);
    expect(download.headers.get('content-type')).toBe('image/png');
    const png = readPng(Buffer.from(await download.arrayBuffer()));
    expect([png.width, png.height]).toEqual([1024, 1536]);
    expect(ai.images.files.size).toBe(1);
  });

  it('refuses what the real API refuses: a bad key, response_format on GPT images, a wrong size, a retired model', async () => {
    const key = await client('bad-key')
      .images.generate({ model: 'gpt-image-2', prompt: 'X' })
      .catch((e: unknown) => e);
    expect(key).toBeInstanceOf(OpenAI.AuthenticationError);
    const format = await client()
      .images.generate({ model: 'gpt-image-2', prompt: 'X', response_format: 'b64_json' })
      .catch((e: unknown) => e);
    expect(format).toBeInstanceOf(OpenAI.BadRequestError);
    expect((format as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('response_format');
    const size = await client()
      .images.generate({ model: 'gpt-image-2', prompt: 'X', size: '1792x1024' })
      .catch((e: unknown) => e);
    expect((size as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('size');
    const retired = await client()
      .images.generate({ model: 'dall-e-3', prompt: 'X' })
      .catch((e: unknown) => e);
    expect(retired).toBeInstanceOf(OpenAI.NotFoundError);
    expect(ai.images.requests.map((r) => r.status)).toEqual([401, 400, 400, 404]);
    expect(ai.images.files.size).toBe(0);
  });

  it('plays scripted failures: a content-policy refusal, 429 and 500, then answers again', async () => {
    ai.images.script({ contentPolicy: true }, { status: 429 }, { status: 500 });
    const call = () =>
      client()
        .images.generate({ model: 'gpt-image-1-mini', prompt: 'Something forbidden' })
        .catch((e: unknown) => e as InstanceType<typeof OpenAI.APIError>);
    const refused = await call();
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect(refused).toMatchObject({ status: 400, code: 'content_policy_violation' });
    expect((refused as Error).message).toContain(
      'Your request was rejected as a result of our safety system.',
    );
    expect(await call()).toBeInstanceOf(OpenAI.RateLimitError);
    expect(await call()).toBeInstanceOf(OpenAI.InternalServerError);
    const ok = await call();
    expect(ok).not.toBeInstanceOf(Error);
    expect(ai.images.requests.map((r) => r.status)).toEqual([400, 429, 500, 200]);
  });
});
