import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChaos, dropConnection, hold, type ChaosRecord } from './chaos.ts';
import { createChatHandler } from './openai-chat.ts';
import { defaultPageContent } from './openai-content.ts';
import { createFakeImages } from './openai-images.ts';
import { AiState } from './openai-state.ts';
import type { FakeAi, FakeAiCall, FakeAiOptions, FakeModelPrice } from './openai-types.ts';
import { bearerKey, ERROR_BODIES, errorBodyFor, keyCheck, sendJson } from './openai-wire.ts';

export type { FakeImageOutcome, FakeImageRequest, FakeImages } from './openai-images.ts';
export type {
  FakeAi,
  FakeAiCall,
  FakeAiCompletion,
  FakeAiMessage,
  FakeAiOptions,
  FakeAiOutcome,
  FakeAiRequest,
  FakeAiUsage,
  FakeModelPrice,
} from './openai-types.ts';
export type { FakePageContent, FakePageSection } from './openai-content.ts';
export { defaultPageContent } from './openai-content.ts';
export { solidPng } from './openai-images.ts';
export { strictSchemaProblem } from './openai-schema.ts';

/** The price every listed model has unless a test says otherwise (Claude Sonnet's, per token). */
export const FAKE_OPENROUTER_PRICE: FakeModelPrice = { prompt: '0.000003', completion: '0.000015' };

const DEFAULT_MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'openai/gpt-4o',
  'anthropic/claude-sonnet-4',
  'google/gemini-2.5-flash',
];

/**
 * A local OpenAI/OpenRouter-compatible chat completions server on a random loopback port.
 * The product's real `openai` SDK client talks to it over HTTP, so retries, streaming,
 * timeouts and error mapping are exercised exactly as in production.
 */
export async function startFakeAi(options: FakeAiOptions = {}): Promise<FakeAi> {
  const respond =
    options.respond ?? ((call: FakeAiCall) => JSON.stringify(defaultPageContent(call.messages)));
  const authorize = keyCheck(options.rejectKey ?? ((key: string) => key.startsWith('bad')));
  const models = options.models ?? DEFAULT_MODELS;
  const structuredModels = new Set(
    options.structuredModels ?? models.filter((id) => /^(openai|google)\//.test(id)),
  );
  const prices = new Map(Object.entries(options.prices ?? {}));
  const pricingOf = (id: string) => (prices.has(id) ? prices.get(id) : FAKE_OPENROUTER_PRICE);
  let modelListings = 0;
  const state = new AiState(options.latencyMs ?? 0);
  // Known once the server listens; dall-e-3 answers point back at this origin.
  let origin = '';
  const chaos = createChaos();
  const handleChat = createChatHandler({ state, chaos, respond, authorize });
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
        errorBodyFor(fault.status),
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
      modelListings++;
      if (state.modelListingStatus !== 200)
        return sendJson(res, state.modelListingStatus, ERROR_BODIES[500]);
      // OpenRouter's listing is public and says what each model supports; OpenAI's needs a key.
      if (prefix === '/api/v1')
        return sendJson(res, 200, {
          data: models.map((id) => {
            const pricing = pricingOf(id);
            return {
              id,
              name: id,
              ...(pricing && { pricing: { ...pricing, request: '0', image: '0' } }),
              supported_parameters: structuredModels.has(id)
                ? ['max_tokens', 'temperature', 'response_format', 'structured_outputs']
                : ['max_tokens', 'temperature', 'response_format'],
            };
          }),
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
    requests: state.requests,
    completions: state.completions,
    images: imageApi.images,
    chaos,
    get inFlight() {
      return state.inFlight;
    },
    get maxConcurrent() {
      return state.maxConcurrent;
    },
    maxConcurrentByKey: state.maxConcurrentByKey,
    get latencyMs() {
      return state.latencyMs;
    },
    setLatency(ms) {
      state.latencyMs = ms;
    },
    script: (...outcomes) => state.script(...outcomes),
    scriptForKey: (key, ...outcomes) => state.scriptForKey(key, ...outcomes),
    rateLimitFor: (n, retryAfter) => state.rateLimitFor(n, retryAfter),
    failWhile: (predicate, outcome) => state.failWhile(predicate, outcome),
    waitForRequests: (count, timeoutMs) => state.waitForRequests(count, timeoutMs),
    setModelListingStatus(status) {
      state.modelListingStatus = status;
    },
    get modelListings() {
      return modelListings;
    },
    setPrice(model, price) {
      prices.set(model, price);
    },
    reset() {
      state.reset();
      modelListings = 0;
      prices.clear();
      for (const [id, price] of Object.entries(options.prices ?? {})) prices.set(id, price);
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
