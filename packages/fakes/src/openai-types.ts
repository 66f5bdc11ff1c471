import type { IncomingHttpHeaders } from 'node:http';
import type { Chaos } from './chaos.ts';
import type { FakeImages } from './openai-images.ts';

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
  /** Valid page content that leaves out the first fact the prompt gives for the place. */
  | { dropFact: true }
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
  /**
   * What OpenRouter's listing (GET /api/v1/models) says each model costs, as OpenRouter does:
   * USD per token as decimal strings. A model not named here gets FAKE_OPENROUTER_PRICE; null
   * lists it without a price.
   */
  prices?: Record<string, FakeModelPrice | null>;
};

/** `pricing` of an OpenRouter listing entry: USD per token, as strings ("0.000003"). */
export type FakeModelPrice = { prompt: string; completion: string };

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
  /** GET /models requests answered so far (either layout, any status), e.g. to see caching. */
  readonly modelListings: number;
  /** Changes (or with null removes) a model's price in OpenRouter's listing from now on. */
  setPrice(model: string, price: FakeModelPrice | null): void;
  /**
   * Clears recordings (the listing count too), scripts, rules, the prompt cache and peaks;
   * restores the initial latency and the prices given in the options.
   */
  reset(): void;
  close(): Promise<void>;
};
