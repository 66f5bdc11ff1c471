import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import { createKeyedLimiter } from '../../lib/keyed-limiter.ts';
import { createModelCapabilities } from './model-capabilities.ts';
import { providerLabel, type ModelProvider, type ModelSpec } from '../models/index.ts';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };
export type CallUsage = {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  cachedTokens: number;
};
export type CallResult = { text: string; usage: CallUsage };
export type RemoteProvider = Exclude<ModelProvider, 'offline'>;

/**
 * A provider call that did not produce an answer. `retryable` errors (429, 5xx, network) are
 * tried again later, after `retryAfterMs` when the provider said so; the others fail the page
 * at once with `reason`, which users read on the project screen.
 */
export class ProviderError extends Error {
  readonly status: number | null;
  readonly retryable: boolean;
  readonly retryAfterMs: number | null;
  constructor(
    reason: string,
    opts: { status: number | null; retryable: boolean; retryAfterMs?: number | null },
  ) {
    super(reason);
    this.name = 'ProviderError';
    this.status = opts.status;
    this.retryable = opts.retryable;
    this.retryAfterMs = opts.retryAfterMs ?? null;
  }
}

/** Retry-After in seconds or as an HTTP date; OpenRouter and OpenAI also send retry-after-ms. */
export function parseRetryAfter(headers: Headers | undefined, now = Date.now()): number | null {
  if (!headers) return null;
  const ms = Number(headers.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const raw = headers.get('retry-after');
  if (!raw) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function providerMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === 'string' ? body.message : error.message;
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

export function toProviderError(error: unknown, provider: RemoteProvider, model: string) {
  const label = providerLabel(provider);
  if (error instanceof ProviderError) return error;
  if (error instanceof APIUserAbortError) {
    return new ProviderError(`${label} did not answer in time.`, { status: null, retryable: true });
  }
  if (error instanceof APIConnectionError) {
    return new ProviderError(`Could not reach ${label}: ${error.message}`, {
      status: null,
      retryable: true,
    });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const detail = providerMessage(error);
    const retryAfterMs = parseRetryAfter(error.headers);
    if (status === 401)
      return new ProviderError(`${label} rejected the API key.`, { status, retryable: false });
    if (status === 402)
      return new ProviderError(`${label} reports insufficient credits: ${detail}`, {
        status,
        retryable: false,
      });
    if (status === 403)
      return new ProviderError(`${label} refused the request: ${detail}`, {
        status,
        retryable: false,
      });
    if (status === 404)
      return new ProviderError(`${label} does not offer the model ${model}: ${detail}`, {
        status,
        retryable: false,
      });
    if (status === 408 || status === 409 || status === 429 || status >= 500)
      return new ProviderError(`${label} answered ${status}: ${detail}`, {
        status,
        retryable: true,
        retryAfterMs,
      });
    return new ProviderError(`${label} rejected the request (${status}): ${detail}`, {
      status,
      retryable: false,
    });
  }
  return new ProviderError(
    `${label} call failed: ${error instanceof Error ? error.message : String(error)}`,
    { status: null, retryable: true },
  );
}

export type CallRequest = {
  provider: RemoteProvider;
  apiKey: string;
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  signal?: AbortSignal;
  /** Given: structured outputs, decoding held to this schema. Absent: JSON mode. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
};

export type AiClientOptions = {
  baseUrls: Record<RemoteProvider, string>;
  /** One call may take a while for a long page; past this the call is retried later. */
  timeoutMs?: number;
  appUrl?: string;
  /**
   * Calls in flight at once per API key in this process. The queue's group limit already
   * spaces a key's pages, but its check is not atomic between concurrent fetches; this is.
   */
  perKeyConcurrency?: number;
};

/**
 * Chat completions through the official SDK for both providers (OpenRouter speaks the same
 * protocol). The SDK's own retries are off: retries are jobs, so a wait never holds a worker.
 */
export function createAiClient(options: AiClientOptions) {
  const clients = new Map<string, OpenAI>();
  const limit = createKeyedLimiter(options.perKeyConcurrency ?? Number.POSITIVE_INFINITY);
  const timeoutMs = options.timeoutMs ?? 240_000;
  const capabilities = createModelCapabilities({ openRouterBaseUrl: options.baseUrls.openrouter });

  function sdk(provider: RemoteProvider, apiKey: string): OpenAI {
    const cacheKey = `${provider}\u0000${apiKey}`;
    let client = clients.get(cacheKey);
    if (!client) {
      if (clients.size > 200) clients.clear();
      client = new OpenAI({
        apiKey,
        baseURL: options.baseUrls[provider],
        maxRetries: 0,
        timeout: timeoutMs,
        // OpenRouter attributes traffic by these; OpenAI ignores them.
        defaultHeaders: options.appUrl
          ? { 'HTTP-Referer': options.appUrl, 'X-Title': 'CityForge' }
          : undefined,
      });
      clients.set(cacheKey, client);
    }
    return client;
  }

  return {
    /**
     * Streams the answer (long pages keep the connection busy instead of idle) and asks for
     * usage in the final chunk; JSON mode or a schema keeps models from wrapping the answer in
     * prose.
     */
    async complete(req: CallRequest): Promise<CallResult> {
      const client = sdk(req.provider, req.apiKey);
      return limit(`${req.provider}\u0000${req.apiKey}`, () => call(client, req));
    },
    /** Whether a model is asked for structured outputs or JSON mode (model-capabilities.ts). */
    outputMode: (model: ModelSpec) => capabilities.outputMode(model),
  };

  async function call(client: OpenAI, req: CallRequest): Promise<CallResult> {
    // The SDK's timeout ends once the response head arrives: a stream that stalls after its
    // first bytes would hold the page (and a worker) until the queue gives the job up. This
    // deadline covers the whole call, the body included.
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, deadline]) : deadline;
    const response_format = req.jsonSchema
      ? { type: 'json_schema' as const, json_schema: { ...req.jsonSchema, strict: true } }
      : { type: 'json_object' as const };
    try {
      if (req.stream === false) {
        const answer = await client.chat.completions.create(
          {
            model: req.model,
            messages: req.messages,
            response_format,
          },
          { signal },
        );
        return {
          text: answer.choices[0]?.message?.content ?? '',
          usage: answer.usage
            ? toUsage(answer.usage)
            : estimateUsage(req.messages, answer.choices[0]?.message?.content ?? ''),
        };
      }
      const stream = await client.chat.completions.create(
        {
          model: req.model,
          messages: req.messages,
          response_format,
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal },
      );
      let text = '';
      let usage: CallUsage | null = null;
      let finished = false;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.choices[0]?.finish_reason) finished = true;
        if (chunk.usage) usage = toUsage(chunk.usage);
      }
      // The SDK ends an aborted stream quietly, with part of the answer: that is no answer. One
      // that reached its end is kept, even if the deadline passed while it was being read.
      if (signal.aborted && !usage && !finished) throw new APIUserAbortError();
      return { text, usage: usage ?? estimateUsage(req.messages, text) };
    } catch (error) {
      // However the abort surfaced (SDK error, stream or body read), it reads as a timeout.
      throw toProviderError(
        signal.aborted ? new APIUserAbortError() : error,
        req.provider,
        req.model,
      );
    }
  }
}
export type AiClient = ReturnType<typeof createAiClient>;

type WireUsage = {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
};

function toUsage(usage: WireUsage | null | undefined): CallUsage {
  const promptTokens = usage?.prompt_tokens ?? 0;
  const completionTokens = usage?.completion_tokens ?? 0;
  return {
    promptTokens,
    completionTokens,
    totalTokens: usage?.total_tokens ?? promptTokens + completionTokens,
    cachedTokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
  };
}

/** A provider that sends no usage still cost something; record an estimate, never nothing. */
export function estimateUsage(messages: ChatMessage[], answer: string): CallUsage {
  const promptTokens = Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4);
  const completionTokens = Math.ceil(answer.length / 4);
  return {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens + completionTokens,
    cachedTokens: 0,
  };
}
