import http from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TPageContent } from '../../src/modules/pages/content.ts';
import { createFakeImages, type FakeImages } from './openai-images.ts';
import { createChaos, dropConnection, hold, type Chaos, type ChaosRecord } from './chaos.ts';
import { strictSchemaProblem } from './openai-schema.ts';

export type { FakeImageOutcome, FakeImageRequest, FakeImages } from './openai-images.ts';

/** A chat message as it arrived on the wire; content may be a string or an array of parts. */
export type FakeAiMessage = { role: string; content?: unknown; [extra: string]: unknown };

/**
 * One scripted answer. Scripts replace normal behaviour for exactly one request, so a test can
 * stage "429, then 500, then success" and watch the product's retry logic walk through it.
 */
export type FakeAiOutcome =
  | 'ok'
  | { status: 429; retryAfter?: number; body?: unknown }
  | { status: 500 | 502 | 503; body?: unknown }
  | { status: 401; body?: unknown }
  | { status: 402; body?: unknown }
  | { malformed: true }
  | { invalid: true }
  | { hang: true };

/** What a responder or a failWhile predicate learns about the call being answered. */
export type FakeAiCall = {
  model: string;
  messages: FakeAiMessage[];
  key: string;
  stream: boolean;
  /** The request's response_format as sent (null when none), to answer in kind. */
  responseFormat: unknown;
  /** 0-based, counts only the calls that reached the responder (scripted failures do not). */
  callIndex: number;
};

export type FakeAiUsage = {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number };
  completion_tokens_details: { reasoning_tokens: number };
};

export type FakeAiRequest = {
  /** 1-based, in arrival order. */
  id: number;
  path: string;
  headers: IncomingHttpHeaders;
  key: string;
  model: string;
  messages: FakeAiMessage[];
  stream: boolean;
  responseFormat: unknown;
  /** The HTTP status answered, or null while pending or when it never answered (hang). */
  status: number | null;
  /** 'error' covers every non-200 answer; malformed and invalid are 200s with bad content. */
  outcome: 'pending' | 'ok' | 'malformed' | 'invalid' | 'hang' | 'error';
  /** The client went away before the answer was complete (timeouts, aborts, hangs). */
  aborted: boolean;
  at: number;
};

/**
 * A 200 answer that was delivered in full. Malformed and invalid answers count too: a real
 * provider bills them, so the product should store usage for them as well.
 */
export type FakeAiCompletion = {
  id: string;
  requestId: number;
  key: string;
  model: string;
  stream: boolean;
  kind: 'ok' | 'malformed' | 'invalid';
  content: string;
  usage: FakeAiUsage;
  at: number;
};

export type FakeAiOptions = {
  /** Content of the assistant's answer; defaults to valid page content for the product. */
  respond?: (call: FakeAiCall) => string | Promise<string>;
  latencyMs?: number;
  /** Keys for which every request gets 401; defaults to keys starting with "bad". */
  rejectKey?: (key: string) => boolean;
  /** Ids listed by GET /v1/models. */
  models?: string[];
  /**
   * OpenRouter ids whose listing (GET /api/v1/models) names `structured_outputs` among their
   * supported parameters; defaults to the OpenAI and Google models.
   */
  structuredModels?: string[];
};

export type FakeAi = {
  /** Base URL for the SDK (OPENAI_BASE_URL / OPENROUTER_BASE_URL), ending in /v1. */
  url: string;
  /** Same server under OpenRouter's path layout (/api/v1). */
  openRouterUrl: string;
  requests: FakeAiRequest[];
  completions: FakeAiCompletion[];
  /** POST /images/generations: its requests, answered images and scripted failures. */
  images: FakeImages;
  readonly inFlight: number;
  readonly maxConcurrent: number;
  maxConcurrentByKey: Map<string, number>;
  readonly latencyMs: number;
  setLatency(ms: number): void;
  /** Queues outcomes consumed one per request (after any queued for the request's key). */
  script(...outcomes: FakeAiOutcome[]): void;
  /** Queues outcomes consumed only by requests made with `key`, ahead of the shared queue. */
  scriptForKey(key: string, ...outcomes: FakeAiOutcome[]): void;
  /** The next `n` requests get 429 with Retry-After: `retryAfter` seconds (a "429 storm"). */
  rateLimitFor(n: number, retryAfter?: number): void;
  /**
   * While `predicate` holds for a request (checked once the scripts are empty), answer it with
   * `outcome`. Returns a function that removes the rule.
   */
  failWhile(predicate: (call: FakeAiCall) => boolean, outcome?: FakeAiOutcome): () => void;
  /**
   * Random faults on chat and image calls (see chaos.ts); off until started. A stall of a
   * streamed answer may come after its first bytes, which only a whole-call deadline catches.
   */
  chaos: Chaos;
  /** Resolves once at least `count` chat requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<FakeAiRequest[]>;
  /** Answer GET /models with this status (a listing outage) until set back to 200. */
  setModelListingStatus(status: number): void;
  /** Clears recordings, scripts, rules, the prompt cache and peaks; restores initial latency. */
  reset(): void;
  close(): Promise<void>;
};

const DEFAULT_MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'openai/gpt-4o',
  'anthropic/claude-sonnet-4',
  'google/gemini-2.5-flash',
];

// Error bodies follow what OpenAI and OpenRouter actually send, because the SDK builds its
// error classes and messages from them and the product may surface those messages.
const ERROR_BODIES = {
  401: {
    error: {
      message: 'Incorrect API key provided',
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    },
  },
  402: {
    error: {
      message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits',
      code: 402,
    },
  },
  429: {
    error: {
      message: 'Rate limit reached for requests. Please try again later.',
      type: 'requests',
      param: null,
      code: 'rate_limit_exceeded',
    },
  },
  500: {
    error: {
      message: 'The server had an error while processing your request. Sorry about that!',
      type: 'server_error',
      param: null,
      code: null,
    },
  },
  502: {
    error: { message: 'Bad gateway.', type: 'server_error', param: null, code: null },
  },
  503: {
    error: {
      message: 'The engine is currently overloaded, please try again later.',
      type: 'server_error',
      param: null,
      code: null,
    },
  },
} as const;

const MALFORMED_CONTENT = 'Sure! Here is your page: {broken';

/** How many characters a message contributes to the prompt, whatever its content shape. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part: unknown) =>
        part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('');
  return content == null ? '' : JSON.stringify(content);
}

const tokens = (chars: number) => Math.ceil(chars / 4);

function commonPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** A name to put in the answer so tests can tell which page an answer belongs to. */
function subjectOf(messages: FakeAiMessage[]): string {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const text = textOf(lastUser?.content);
  const page = /Page:\s*([^\n]+)/.exec(text)?.[1]?.trim();
  const subject = (page || text.replace(/\s+/g, ' ').trim()).slice(0, 60).trim();
  return subject || 'Untitled page';
}

/** Valid content for the product's ZPageContent, built around the page's name. */
export function defaultPageContent(messages: FakeAiMessage[]): TPageContent {
  const name = subjectOf(messages);
  return {
    meta: {
      title: `${name} | Trusted local service`,
      description: `Everything you need to know about ${name}: services, benefits, how we work and answers to common questions.`,
    },
    hero: {
      heading: name,
      subheading: `Friendly, reliable help with ${name}, from people who know the area.`,
      ctaLabel: 'Get a free quote',
    },
    sections: [
      {
        type: 'text',
        heading: `About ${name}`,
        paragraphs: [
          `We have been helping customers with ${name} for years.`,
          'Every job is done carefully, on time and at a fair price.',
        ],
      },
      {
        type: 'services',
        heading: 'Our services',
        intro: `What we offer for ${name}.`,
        items: [
          { title: 'Consultation', description: 'We listen first and plan the work with you.' },
          { title: 'Installation', description: 'Clean, tidy work by experienced people.' },
        ],
      },
      {
        type: 'faq',
        heading: 'Frequently asked questions',
        items: [
          { question: 'How quickly can you start?', answer: 'Usually within a few days.' },
          { question: 'Do you offer a guarantee?', answer: 'Yes, on all of our work.' },
        ],
      },
      {
        type: 'cta',
        heading: 'Ready to get started?',
        text: `Tell us about your project and we will get back to you about ${name}.`,
        buttonLabel: 'Contact us',
      },
    ],
  };
}

/** Parsed fields of a chat completion request, or an error message for a 400. */
function parseChatBody(raw: string):
  | {
      ok: true;
      model: string;
      messages: FakeAiMessage[];
      stream: boolean;
      includeUsage: boolean;
      responseFormat: unknown;
    }
  | { ok: false; message: string; param: string | null } {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return {
      ok: false,
      message:
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
      param: null,
    };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, message: 'The request body must be a JSON object.', param: null };
  const b = body as Record<string, unknown>;
  if (typeof b.model !== 'string' || !b.model)
    return { ok: false, message: 'you must provide a model parameter', param: 'model' };
  if (
    !Array.isArray(b.messages) ||
    b.messages.length === 0 ||
    !b.messages.every((m) => m && typeof m === 'object' && typeof m.role === 'string')
  )
    return {
      ok: false,
      message: "Invalid 'messages': expected a non-empty array of messages with a role.",
      param: 'messages',
    };
  const streamOptions = b.stream_options as { include_usage?: unknown } | undefined;
  return {
    ok: true,
    model: b.model,
    messages: b.messages as FakeAiMessage[],
    stream: b.stream === true,
    includeUsage: streamOptions?.include_usage === true,
    responseFormat: b.response_format ?? null,
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A local OpenAI/OpenRouter-compatible chat completions server on a random loopback port.
 * The product's real `openai` SDK client talks to it over HTTP, so retries, streaming,
 * timeouts and error mapping are exercised exactly as in production.
 */
export async function startFakeAi(options: FakeAiOptions = {}): Promise<FakeAi> {
  const respond =
    options.respond ?? ((call: FakeAiCall) => JSON.stringify(defaultPageContent(call.messages)));
  const rejectKey = options.rejectKey ?? ((key: string) => key.startsWith('bad'));
  const models = options.models ?? DEFAULT_MODELS;
  const structuredModels = new Set(
    options.structuredModels ?? models.filter((id) => /^(openai|google)\//.test(id)),
  );
  let modelListingStatus = 200;
  const initialLatency = options.latencyMs ?? 0;

  const requests: FakeAiRequest[] = [];
  const completions: FakeAiCompletion[] = [];
  const maxConcurrentByKey = new Map<string, number>();
  const inFlightByKey = new Map<string, number>();
  let queue: FakeAiOutcome[] = [];
  const keyQueues = new Map<string, FakeAiOutcome[]>();
  let rules: Array<{ predicate: (call: FakeAiCall) => boolean; outcome: FakeAiOutcome }> = [];
  // Distinct system prompts seen so far: the "provider-side cache" the next call can hit.
  const seenSystemPrompts = new Set<string>();
  let latencyMs = initialLatency;
  let inFlight = 0;
  let maxConcurrent = 0;
  let nextRequestId = 1;
  let nextCallIndex = 0;
  let nextCompletionId = 1;
  const waiters = new Set<() => void>();
  // Known once the server listens; dall-e-3 answers point back at this origin.
  let origin = '';
  const chaos = createChaos();

  function cachedTokensFor(messages: FakeAiMessage[], promptTokens: number): number {
    const system = messages.find((m) => m.role === 'system' || m.role === 'developer');
    if (!system) return 0;
    const text = textOf(system.content);
    let longest = 0;
    for (const seen of seenSystemPrompts)
      longest = Math.max(longest, commonPrefixLength(seen, text));
    seenSystemPrompts.add(text);
    return Math.min(promptTokens, tokens(longest));
  }

  function usageFor(messages: FakeAiMessage[], content: string): FakeAiUsage {
    const promptChars = messages.reduce((sum, m) => sum + textOf(m.content).length, 0);
    const prompt = tokens(promptChars);
    const completion = tokens(content.length);
    return {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: cachedTokensFor(messages, prompt) },
      completion_tokens_details: { reasoning_tokens: 0 },
    };
  }

  function nextOutcome(key: string, call: Omit<FakeAiCall, 'callIndex'>): FakeAiOutcome {
    const own = keyQueues.get(key);
    if (own?.length) return own.shift()!;
    if (queue.length) return queue.shift()!;
    const rule = rules.find((r) => r.predicate({ ...call, callIndex: nextCallIndex }));
    return rule ? rule.outcome : 'ok';
  }

  function track(key: string, delta: 1 | -1) {
    inFlight += delta;
    maxConcurrent = Math.max(maxConcurrent, inFlight);
    const current = (inFlightByKey.get(key) ?? 0) + delta;
    inFlightByKey.set(key, current);
    maxConcurrentByKey.set(key, Math.max(maxConcurrentByKey.get(key) ?? 0, current));
  }

  function bearerKey(req: IncomingMessage): string {
    return /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '';
  }

  /** Answers 401 when the key is missing or rejected; returns whether the request may go on. */
  function authorize(res: ServerResponse, key: string): boolean {
    if (!key) {
      sendJson(res, 401, {
        error: {
          message:
            "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      });
      return false;
    }
    if (rejectKey(key)) {
      sendJson(res, 401, ERROR_BODIES[401]);
      return false;
    }
    return true;
  }

  async function handleChat(req: IncomingMessage, res: ServerResponse, path: string) {
    const key = bearerKey(req);
    const record: FakeAiRequest = {
      id: nextRequestId++,
      path,
      headers: req.headers,
      key,
      model: '',
      messages: [],
      stream: false,
      responseFormat: null,
      status: null,
      outcome: 'pending',
      aborted: false,
      at: Date.now(),
    };
    requests.push(record);
    waiters.forEach((w) => w());
    track(key, 1);
    // A request stops counting the moment its last byte is handed over ('finish'): 'close'
    // can come later, after the client has already started its next call.
    let counted = true;
    const untrack = () => {
      if (counted) track(key, -1);
      counted = false;
    };
    res.on('finish', untrack);
    // One signal per request: waits end early when the client disconnects or close() runs,
    // so a hung or slow request never keeps the fake (or a test) alive.
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
      untrack();
      abort.abort();
    });
    const wait = (ms: number) =>
      ms > 0 ? sleep(ms, undefined, { signal: abort.signal }).catch(() => {}) : Promise.resolve();
    const answer = (status: number, body: unknown, headers?: Record<string, string>) => {
      record.status = status;
      record.outcome = status === 200 ? record.outcome : 'error';
      sendJson(res, status, body, headers);
    };

    const parsed = parseChatBody(await readBody(req));
    if (!parsed.ok) {
      answer(400, {
        error: {
          message: parsed.message,
          type: 'invalid_request_error',
          param: parsed.param,
          code: null,
        },
      });
      return;
    }
    Object.assign(record, {
      model: parsed.model,
      messages: parsed.messages,
      stream: parsed.stream,
      responseFormat: parsed.responseFormat,
    });
    if (!authorize(res, key)) {
      record.status = 401;
      record.outcome = 'error';
      return;
    }

    const latency = latencyMs;
    const schemaProblem = strictSchemaProblem(parsed.responseFormat);
    if (schemaProblem) {
      const error = { message: schemaProblem, type: 'invalid_request_error' };
      answer(400, { error: { ...error, param: 'response_format', code: null } });
      return;
    }
    const base = {
      model: parsed.model,
      messages: parsed.messages,
      key,
      stream: parsed.stream,
      responseFormat: parsed.responseFormat,
    };
    // Keyed by what is asked (project and page), not by the API key, which differs per run.
    const fault = chaos.decide(
      { method: 'POST', path },
      `chat ${parsed.model} ${parsed.messages.map((m) => `${m.role}: ${textOf(m.content)}`).join('\n')}`,
    );
    let stallMidStream: { record: ChaosRecord; ms: number } | null = null;
    if (fault?.fault.kind === 'status') {
      const { status, retryAfterSeconds } = fault.fault;
      const headers: Record<string, string> =
        retryAfterSeconds !== null ? { 'retry-after': String(retryAfterSeconds) } : {};
      answer(
        status,
        ERROR_BODIES[status as keyof typeof ERROR_BODIES] ?? ERROR_BODIES[500],
        headers,
      );
      return;
    }
    if (fault?.fault.kind === 'reset') {
      record.outcome = 'error';
      dropConnection(res);
      return;
    }
    if (fault?.fault.kind === 'stall') {
      if (parsed.stream && fault.fault.midBody)
        stallMidStream = { record: fault, ms: fault.fault.ms };
      else if (!(await hold(res, fault.fault.ms, fault))) {
        record.outcome = 'hang';
        return;
      }
    }
    const outcome = nextOutcome(key, base);

    if (typeof outcome === 'object' && 'hang' in outcome) {
      record.outcome = 'hang';
      await new Promise<void>((resolve) => {
        if (abort.signal.aborted) resolve();
        else abort.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      return;
    }
    if (typeof outcome === 'object' && 'status' in outcome) {
      await wait(latency);
      const headers: Record<string, string> =
        outcome.status === 429 && outcome.retryAfter !== undefined
          ? { 'retry-after': String(outcome.retryAfter) }
          : {};
      answer(outcome.status, outcome.body ?? ERROR_BODIES[outcome.status], headers);
      return;
    }

    let kind: FakeAiCompletion['kind'] = 'ok';
    let content: string;
    if (typeof outcome === 'object' && 'malformed' in outcome) {
      kind = 'malformed';
      content = MALFORMED_CONTENT;
    } else if (typeof outcome === 'object' && 'invalid' in outcome) {
      kind = 'invalid';
      // Parses as JSON but the schema rejects it: the hero is required.
      const { hero: _hero, ...withoutHero } = defaultPageContent(parsed.messages);
      content = JSON.stringify(withoutHero);
    } else {
      try {
        content = await respond({ ...base, callIndex: nextCallIndex++ });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        answer(500, { error: { ...ERROR_BODIES[500].error, message: `respond(): ${message}` } });
        return;
      }
    }
    record.outcome = kind;

    const id = `chatcmpl-fake${nextCompletionId++}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = usageFor(parsed.messages, content);
    const complete = () => {
      completions.push({
        id,
        requestId: record.id,
        key,
        model: parsed.model,
        stream: parsed.stream,
        kind,
        content,
        usage,
        at: Date.now(),
      });
    };

    if (!parsed.stream) {
      await wait(latency);
      if (res.destroyed) return;
      answer(200, {
        id,
        object: 'chat.completion',
        created,
        model: parsed.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage,
      });
      complete();
      return;
    }

    // Streaming: a role-only first delta (as OpenAI sends it), the content in a few pieces,
    // an empty delta carrying finish_reason, then the usage-only chunk when asked for.
    const pieceSize = Math.max(1, Math.ceil(content.length / 8));
    const pieces: string[] = [];
    for (let i = 0; i < content.length; i += pieceSize)
      pieces.push(content.slice(i, i + pieceSize));
    const chunk = (delta: object, finishReason: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: parsed.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(parsed.includeUsage ? { usage: null } : {}),
    });
    const events: object[] = [
      chunk({ role: 'assistant', content: '' }, null),
      ...pieces.map((p) => chunk({ content: p }, null)),
      chunk({}, 'stop'),
    ];
    if (parsed.includeUsage)
      events.push({
        id,
        object: 'chat.completion.chunk',
        created,
        model: parsed.model,
        choices: [],
        usage,
      });
    // Latency is spread over the content so the first bytes arrive early, like a real stream.
    // Deadlines are absolute so timer lateness does not add up: the whole answer takes the
    // configured latency, as the bench's ideal assumes.
    const perPiece = latency / Math.max(1, pieces.length + 1);
    const begun = performance.now();
    const until = (n: number) => wait(begun + perPiece * n - performance.now());
    await until(1);
    if (res.destroyed) return;
    record.status = 200;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    for (const [i, event] of events.entries()) {
      if (i >= 1 && i <= pieces.length) await until(i + 1);
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify(event)}\n\n`);
      // A stalled stream: the head and the first piece arrived, then nothing for a while.
      if (i === 1 && stallMidStream && !(await hold(res, stallMidStream.ms, stallMidStream.record)))
        return;
    }
    res.end('data: [DONE]\n\n');
    complete();
  }

  const imageApi = createFakeImages({ origin: () => origin, sendJson, authorize });

  /** Applies a chaos fault to an image call; true when the call should then go on as usual. */
  async function imageFault(req: IncomingMessage, res: ServerResponse, record: ChaosRecord) {
    const { fault } = record;
    if (fault.kind === 'stall') return hold(res, fault.ms, record);
    // The body is read first, so the client is not cut off while it is still sending.
    for await (const _chunk of req);
    if (fault.kind === 'reset') dropConnection(res);
    else
      sendJson(
        res,
        fault.status,
        ERROR_BODIES[fault.status as keyof typeof ERROR_BODIES] ?? ERROR_BODIES[500],
        fault.retryAfterSeconds !== null ? { 'retry-after': String(fault.retryAfterSeconds) } : {},
      );
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '');
    const prefix = path.startsWith('/api/v1/') ? '/api/v1' : path.startsWith('/v1/') ? '/v1' : '';
    const route = prefix ? path.slice(prefix.length) : path;
    if (req.method === 'POST' && route === '/chat/completions') return handleChat(req, res, path);
    if (req.method === 'POST' && route === '/images/generations') {
      const fault = chaos.decide({ method: 'POST', path });
      if (fault && !(await imageFault(req, res, fault))) return;
      return imageApi.generate(req, res, path, bearerKey(req));
    }
    if (req.method === 'GET' && imageApi.serveFile(res, path, new URL(req.url ?? '/', 'http://x')))
      return;
    if (req.method === 'GET' && route === '/models') {
      if (modelListingStatus !== 200) return sendJson(res, modelListingStatus, ERROR_BODIES[500]);
      // OpenRouter's listing is public and says what each model supports; OpenAI's needs a key.
      if (prefix === '/api/v1')
        return sendJson(res, 200, {
          data: models.map((id) => ({
            id,
            name: id,
            supported_parameters: structuredModels.has(id)
              ? ['max_tokens', 'temperature', 'response_format', 'structured_outputs']
              : ['max_tokens', 'temperature', 'response_format'],
          })),
        });
      if (!authorize(res, bearerKey(req))) return;
      return sendJson(res, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'fake' })),
      });
    }
    sendJson(res, 404, {
      error: {
        message: `Invalid URL (${req.method} ${path})`,
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      // Mid-stream there is no status left to send; cutting the connection is what a client
      // would see from a crashed provider.
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: { ...ERROR_BODIES[500].error, message: String(err) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/v1`,
    openRouterUrl: `${origin}/api/v1`,
    requests,
    completions,
    images: imageApi.images,
    chaos,
    get inFlight() {
      return inFlight;
    },
    get maxConcurrent() {
      return maxConcurrent;
    },
    maxConcurrentByKey,
    get latencyMs() {
      return latencyMs;
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    script(...outcomes) {
      queue.push(...outcomes);
    },
    scriptForKey(key, ...outcomes) {
      keyQueues.set(key, [...(keyQueues.get(key) ?? []), ...outcomes]);
    },
    rateLimitFor(n, retryAfter = 1) {
      const storm = Array.from({ length: n }, () => ({ status: 429 as const, retryAfter }));
      // "The next n requests": ahead of anything already queued.
      queue = [...storm, ...queue];
    },
    failWhile(predicate, outcome = { status: 503 }) {
      const rule = { predicate, outcome };
      rules.push(rule);
      return () => {
        rules = rules.filter((r) => r !== rule);
      };
    },
    async waitForRequests(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`Expected ${count} AI requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, Math.min(left, 200));
          waiters.add(done);
        });
      }
      return requests.slice(0, count);
    },
    setModelListingStatus(status) {
      modelListingStatus = status;
    },
    reset() {
      requests.length = 0;
      completions.length = 0;
      queue = [];
      modelListingStatus = 200;
      keyQueues.clear();
      rules = [];
      seenSystemPrompts.clear();
      latencyMs = initialLatency;
      maxConcurrent = inFlight;
      maxConcurrentByKey.clear();
      for (const [key, n] of inFlightByKey) if (n > 0) maxConcurrentByKey.set(key, n);
      nextCallIndex = 0;
      imageApi.images.reset();
      chaos.reset();
    },
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive sockets from the SDK and hung requests would keep close() waiting forever.
      server.closeAllConnections();
      return closed;
    },
  };
}
