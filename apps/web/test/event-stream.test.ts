import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/api-errors';
import { createEventStreams, isFinalStreamError, reconnectDelay } from '../src/lib/event-stream';
import type { SseMessage } from '../src/lib/sse';
import { createTokenStore } from '../src/lib/token-store';
import type { TokenStore } from '../src/lib/token-store';
import { memoryStorage } from './helpers';

const encoder = new TextEncoder();

function streamResponse(chunks: string[], type = 'text/event-stream'): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': type } });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let tokens: TokenStore;
let auths: (string | undefined)[];

function streams(responses: (() => Response)[], refresh = vi.fn(async () => false)) {
  let i = 0;
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    auths.push((init?.headers as Record<string, string>).Authorization);
    const next = responses[Math.min(i++, responses.length - 1)]!;
    return next();
  });
  return { client: createEventStreams({ fetch, tokens, refresh }), fetch, refresh };
}

beforeEach(() => {
  tokens = createTokenStore(memoryStorage(), memoryStorage());
  tokens.set({ access: 'a1', refresh: 'r1' }, true);
  auths = [];
});

describe('event stream over fetch', () => {
  it('sends the bearer token and parses events split across chunks (even inside a character)', async () => {
    const bytes = encoder.encode('event: change\ndata: {"status":"café"}\n\n');
    const split = bytes.indexOf(0xc3) + 1; // between the two bytes of "é"
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(': ping\n\n'));
        controller.enqueue(bytes.slice(0, split));
        controller.enqueue(bytes.slice(split));
        controller.close();
      },
    });
    const { client } = streams([
      () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    ]);
    const messages: SseMessage[] = [];
    const onOpen = vi.fn();
    const onActivity = vi.fn();
    await client.open(
      '/api/projects/p1/events/',
      { onOpen, onMessage: (m) => messages.push(m), onActivity },
      new AbortController().signal,
    );
    expect(auths).toEqual(['Bearer a1']);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onActivity).toHaveBeenCalledTimes(3);
    expect(messages).toEqual([{ event: 'change', data: '{"status":"café"}', id: '' }]);
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    const refresh = vi.fn(async () => {
      tokens.set({ access: 'a2', refresh: 'r2' });
      return true;
    });
    const { client } = streams(
      [() => json(401, { message: 'expired' }), () => streamResponse(['data: x\n\n'])],
      refresh,
    );
    const onMessage = vi.fn();
    await client.open('/e/', { onMessage }, new AbortController().signal);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(auths).toEqual(['Bearer a1', 'Bearer a2']);
    expect(onMessage).toHaveBeenCalledTimes(1);
  });

  it('fails with 401 when the refresh fails', async () => {
    const { client, fetch } = streams([() => json(401, {})]);
    const error = await client
      .open('/e/', { onMessage: vi.fn() }, new AbortController().signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('turns HTTP errors into ApiErrors with the server message', async () => {
    const { client } = streams([() => json(404, { message: 'Project not found' })]);
    await expect(
      client.open('/e/', { onMessage: vi.fn() }, new AbortController().signal),
    ).rejects.toMatchObject({ status: 404, message: 'Project not found' });
  });

  it('refuses an answer that is not an event stream', async () => {
    const { client } = streams([() => streamResponse(['<html>'], 'text/html')]);
    const onOpen = vi.fn();
    await expect(
      client.open('/e/', { onOpen, onMessage: vi.fn() }, new AbortController().signal),
    ).rejects.toBeInstanceOf(ApiError);
    expect(onOpen).not.toHaveBeenCalled();
  });
});

describe('subscribe', () => {
  it('reconnects when the stream ends and stops on abort', async () => {
    const controller = new AbortController();
    const opens: number[] = [];
    const { client, fetch } = streams([() => streamResponse(['event: change\ndata: {}\n\n'])]);
    const onClose = vi.fn();
    const done = client.subscribe('/e/', {
      signal: controller.signal,
      delays: [0],
      onOpen: () => {
        opens.push(opens.length);
        if (opens.length === 3) controller.abort();
      },
      onMessage: vi.fn(),
      onClose,
    });
    await done;
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('gives up on final errors such as 404', async () => {
    const { client, fetch } = streams([() => json(404, { message: 'gone' })]);
    const onGiveUp = vi.fn();
    await client.subscribe('/e/', {
      signal: new AbortController().signal,
      delays: [0],
      onMessage: vi.fn(),
      onGiveUp,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onGiveUp).toHaveBeenCalledWith(expect.objectContaining({ status: 404 }));
  });

  it('keeps retrying server and network failures', async () => {
    const controller = new AbortController();
    let calls = 0;
    const { client } = streams([
      () => {
        calls += 1;
        if (calls === 4) controller.abort();
        if (calls % 2) throw new TypeError('network down');
        return json(503, {});
      },
    ]);
    await client.subscribe('/e/', { signal: controller.signal, delays: [0], onMessage: vi.fn() });
    expect(calls).toBe(4);
  });
});

describe('reconnect policy', () => {
  it('backs off 1 s, 2 s, 5 s… up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => reconnectDelay(n))).toEqual([
      1000, 2000, 5000, 10_000, 20_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('treats client errors as final, except timeouts and rate limits', () => {
    expect(isFinalStreamError(new ApiError(404, { message: '' }))).toBe(true);
    expect(isFinalStreamError(new ApiError(401, { message: '' }))).toBe(true);
    expect(isFinalStreamError(new ApiError(429, { message: '' }))).toBe(false);
    expect(isFinalStreamError(new ApiError(503, { message: '' }))).toBe(false);
    expect(isFinalStreamError(new ApiError(0, { message: '' }))).toBe(false);
    expect(isFinalStreamError(new Error('x'))).toBe(false);
  });
});
