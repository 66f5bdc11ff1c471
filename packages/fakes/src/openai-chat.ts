import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { dropConnection, hold, type Chaos, type ChaosRecord } from './chaos.ts';
import {
  contentWithoutAFact,
  invalidPageContent,
  MALFORMED_CONTENT,
  textOf,
} from './openai-content.ts';
import { strictSchemaProblem } from './openai-schema.ts';
import type { AiState } from './openai-state.ts';
import type { FakeAiCall, FakeAiCompletion, FakeAiRequest } from './openai-types.ts';
import {
  bearerKey,
  ERROR_BODIES,
  errorBodyFor,
  parseChatBody,
  readBody,
  sendJson,
} from './openai-wire.ts';

type ChatDeps = {
  state: AiState;
  chaos: Chaos;
  respond: (call: FakeAiCall) => string | Promise<string>;
  authorize: (res: ServerResponse, key: string) => boolean;
};

/**
 * POST /chat/completions: records the request, applies chaos faults and scripted outcomes in
 * that order, then answers the responder's content whole or as a server-sent event stream.
 */
export function createChatHandler({ state, chaos, respond, authorize }: ChatDeps) {
  return async function handleChat(req: IncomingMessage, res: ServerResponse, path: string) {
    const key = bearerKey(req);
    const record = state.arrived({
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
    });
    state.track(key, 1);
    // A request stops counting the moment its last byte is handed over ('finish'): 'close'
    // can come later, after the client has already started its next call.
    let counted = true;
    const untrack = () => {
      if (counted) state.track(key, -1);
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

    const latency = state.latencyMs;
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
    let stallMidStream: MidStreamStall | null = null;
    if (fault?.fault.kind === 'status') {
      const { status, retryAfterSeconds } = fault.fault;
      const headers: Record<string, string> =
        retryAfterSeconds !== null ? { 'retry-after': String(retryAfterSeconds) } : {};
      answer(status, errorBodyFor(status), headers);
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
    const outcome = state.nextOutcome(key, base);

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
      content = invalidPageContent(parsed.messages);
    } else if (typeof outcome === 'object' && 'dropFact' in outcome) {
      content = contentWithoutAFact(parsed.messages);
    } else {
      try {
        content = await respond({ ...base, callIndex: state.takeCallIndex() });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        answer(500, { error: { ...ERROR_BODIES[500].error, message: `respond(): ${message}` } });
        return;
      }
    }
    record.outcome = kind;

    const answered: Answered = {
      id: state.takeCompletionId(),
      created: Math.floor(Date.now() / 1000),
      model: parsed.model,
      content,
      usage: state.usageFor(parsed.messages, content),
    };
    const complete = () => {
      state.completions.push({
        id: answered.id,
        requestId: record.id,
        key,
        model: parsed.model,
        stream: parsed.stream,
        kind,
        content,
        usage: answered.usage,
        at: Date.now(),
      });
    };

    if (!parsed.stream) {
      await wait(latency);
      if (res.destroyed) return;
      answer(200, {
        id: answered.id,
        object: 'chat.completion',
        created: answered.created,
        model: parsed.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: answered.usage,
      });
      complete();
      return;
    }

    const streamed = await stream(res, record, answered, {
      includeUsage: parsed.includeUsage,
      latency,
      wait,
      stallMidStream,
    });
    if (streamed) complete();
  };
}

type MidStreamStall = { record: ChaosRecord; ms: number };

type Answered = {
  id: string;
  created: number;
  model: string;
  content: string;
  usage: FakeAiCompletion['usage'];
};

/**
 * Streams an answer the way OpenAI does: a role-only first delta, the content in a few pieces,
 * an empty delta carrying finish_reason, then the usage-only chunk when asked for. Returns
 * whether the whole stream was delivered.
 */
async function stream(
  res: ServerResponse,
  record: FakeAiRequest,
  { id, created, model, content, usage }: Answered,
  opts: {
    includeUsage: boolean;
    latency: number;
    wait: (ms: number) => Promise<void>;
    stallMidStream: MidStreamStall | null;
  },
): Promise<boolean> {
  const { includeUsage, latency, wait, stallMidStream } = opts;
  const pieceSize = Math.max(1, Math.ceil(content.length / 8));
  const pieces: string[] = [];
  for (let i = 0; i < content.length; i += pieceSize) pieces.push(content.slice(i, i + pieceSize));
  const chunk = (delta: object, finishReason: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const events: object[] = [
    chunk({ role: 'assistant', content: '' }, null),
    ...pieces.map((p) => chunk({ content: p }, null)),
    chunk({}, 'stop'),
  ];
  if (includeUsage)
    events.push({ id, object: 'chat.completion.chunk', created, model, choices: [], usage });
  // Latency is spread over the content so the first bytes arrive early, like a real stream.
  // Deadlines are absolute so timer lateness does not add up: the whole answer takes the
  // configured latency, as the bench's ideal assumes.
  const perPiece = latency / Math.max(1, pieces.length + 1);
  const begun = performance.now();
  const until = (n: number) => wait(begun + perPiece * n - performance.now());
  await until(1);
  if (res.destroyed) return false;
  record.status = 200;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  for (const [i, event] of events.entries()) {
    if (i >= 1 && i <= pieces.length) await until(i + 1);
    if (res.destroyed) return false;
    res.write(`data: ${JSON.stringify(event)}\n\n`);
    // A stalled stream: the head and the first piece arrived, then nothing for a while.
    if (i === 1 && stallMidStream && !(await hold(res, stallMidStream.ms, stallMidStream.record)))
      return false;
  }
  res.end('data: [DONE]\n\n');
  return true;
}
