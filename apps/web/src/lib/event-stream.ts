import { MSG } from '@cityforge/shared';
import { ApiError, isApiError, normaliseErrorBody } from './api-errors';
import { buildUrl } from './api-client';
import { createSseParser } from './sse';
import type { SseMessage } from './sse';
import type { TokenStore } from './token-store';

export interface EventStreamDeps {
  fetch: typeof fetch;
  tokens: Pick<TokenStore, 'get'>;
  /** The API client's shared refresh, so a stream and a request never rotate tokens twice. */
  refresh: () => Promise<boolean>;
  baseUrl?: string;
}

export interface StreamHandlers {
  /** The server accepted the stream (2xx, text/event-stream). */
  onOpen?(): void;
  onMessage(message: SseMessage): void;
  /** Any bytes arrived, pings included. */
  onActivity?(): void;
}

export interface SubscribeOptions {
  onMessage(message: SseMessage): void;
  onOpen?(): void;
  /** The open stream ended or broke; a reconnect follows unless the error was final. */
  onClose?(): void;
  /** A final failure (401 after refresh, 403, 404…): the subscription gives up. */
  onGiveUp?(error: unknown): void;
  signal: AbortSignal;
  /** Waits before each reconnect; the last one repeats. */
  delays?: readonly number[];
  /** No bytes for this long (the server pings every 15 s) means a dead connection. */
  idleTimeoutMs?: number;
  /** A connection that lived this long starts the backoff over. */
  stableAfterMs?: number;
}

export const RECONNECT_DELAYS = [1000, 2000, 5000, 10_000, 20_000, 30_000] as const;
const IDLE_TIMEOUT_MS = 45_000;
const STABLE_AFTER_MS = 20_000;

/** The wait before reconnect number `attempt` (0-based): 1 s, 2 s, 5 s… capped at the last. */
export function reconnectDelay(
  attempt: number,
  delays: readonly number[] = RECONNECT_DELAYS,
): number {
  if (delays.length === 0) return 0;
  return delays[Math.min(Math.max(0, attempt), delays.length - 1)]!;
}

/**
 * 4xx answers are not going to change by asking again (gone, not yours, session over); 408
 * and 429 are the exceptions that invite a retry.
 */
export function isFinalStreamError(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status >= 400 &&
    error.status < 500 &&
    ![408, 429].includes(error.status)
  );
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

async function errorBody(res: Response): Promise<unknown> {
  try {
    const raw = await res.text();
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * Server-sent events over fetch. EventSource cannot send an Authorization header, so the
 * stream is a plain GET with the bearer token whose body is read and parsed as it arrives.
 */
export function createEventStreams(deps: EventStreamDeps) {
  const baseUrl = deps.baseUrl ?? '';

  async function connect(path: string, access: string | null, signal: AbortSignal) {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (access) headers.Authorization = `Bearer ${access}`;
    try {
      return await deps.fetch(buildUrl(baseUrl, path), {
        method: 'GET',
        headers,
        cache: 'no-store',
        signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, { message: MSG.anErrorOccurred });
    }
  }

  /**
   * Opens one stream and reads it to its end. Resolves when the server closes it; rejects
   * with an ApiError for an HTTP or network failure, or an AbortError when `signal` fires.
   * A 401 refreshes the session once and tries again, like every other API call.
   */
  async function open(path: string, handlers: StreamHandlers, signal: AbortSignal) {
    const sentWith = deps.tokens.get().access;
    let res = await connect(path, sentWith, signal);
    if (res.status === 401) {
      const current = deps.tokens.get().access;
      // Another call may already have rotated the tokens: then the new one is simply used.
      const rotated = !!current && !!sentWith && current !== sentWith;
      if (!rotated && !(await deps.refresh())) {
        throw new ApiError(401, { message: MSG.refreshFailed });
      }
      res = await connect(path, deps.tokens.get().access, signal);
    }
    if (!res.ok) throw new ApiError(res.status, normaliseErrorBody(await errorBody(res)));
    const type = res.headers.get('content-type') ?? '';
    if (!res.body || !type.toLowerCase().includes('text/event-stream')) {
      // An HTML fallback page or a buffering proxy: not a stream, try again later.
      await res.body?.cancel().catch(() => undefined);
      throw new ApiError(res.status, { message: MSG.anErrorOccurred });
    }

    handlers.onOpen?.();
    const parser = createSseParser({ onMessage: handlers.onMessage });
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        handlers.onActivity?.();
        parser.push(decoder.decode(value, { stream: true }));
      }
      parser.push(decoder.decode());
    } catch (error) {
      if (isAbort(error) || signal.aborted) throw error;
      throw new ApiError(0, { message: MSG.anErrorOccurred });
    } finally {
      parser.end();
      reader.releaseLock();
    }
  }

  /**
   * Keeps a stream open until `signal` fires: reconnects with backoff when it ends or breaks,
   * treats a silent connection as broken, and gives up on final errors (see above).
   */
  async function subscribe(path: string, options: SubscribeOptions): Promise<void> {
    const { signal } = options;
    const delays = options.delays ?? RECONNECT_DELAYS;
    const idleTimeout = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
    const stableAfter = options.stableAfterMs ?? STABLE_AFTER_MS;
    let attempt = 0;

    while (!signal.aborted) {
      const connection = new AbortController();
      const stop = () => connection.abort();
      signal.addEventListener('abort', stop);
      let idle: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(idle);
        idle = setTimeout(stop, idleTimeout);
      };
      let openedAt: number | null = null;
      try {
        await open(
          path,
          {
            onOpen: () => {
              openedAt = Date.now();
              arm();
              options.onOpen?.();
            },
            onMessage: options.onMessage,
            onActivity: arm,
          },
          connection.signal,
        );
      } catch (error) {
        if (!signal.aborted && isFinalStreamError(error)) {
          options.onGiveUp?.(error);
          return;
        }
      } finally {
        clearTimeout(idle);
        signal.removeEventListener('abort', stop);
        if (openedAt !== null) options.onClose?.();
      }
      if (signal.aborted) return;
      if (openedAt !== null && Date.now() - openedAt >= stableAfter) attempt = 0;
      await sleep(reconnectDelay(attempt, delays), signal);
      attempt += 1;
    }
  }

  return { open, subscribe };
}

export type EventStreams = ReturnType<typeof createEventStreams>;
