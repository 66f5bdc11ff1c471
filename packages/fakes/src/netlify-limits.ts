/**
 * Netlify's rate limits per access token, counted as Netlify counts them: API calls in a window
 * that starts with the token's first call after the last one ended (X-RateLimit-Reset names its
 * end), and creations of deploys in a window of their own. The X-RateLimit-* headers always
 * describe the calls' limit (the one Netlify documents them for); a refused deploy says when
 * to come back in Retry-After alone. Netlify's numbers are 500 calls and 3 deploys a minute; a
 * test sets small ones (5 calls per 2 s) to run in seconds.
 */
export type FakeNetlifyRateLimits = {
  windowMs: number;
  calls: number;
  /** Deploys created per window; unlimited when absent. */
  deploys?: number;
};

type Window = { start: number; used: number };

/** The answer to one request of a token: go ahead, or a 429; headers either way. */
export type LimitVerdict = { refused: boolean; headers: Record<string, string> };

const seconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

export function createRateLimiter(limits: FakeNetlifyRateLimits) {
  const calls = new Map<string, Window>();
  const deploys = new Map<string, Window>();

  /** The token's current window of `windows`, a new one when the last has ended. */
  function current(windows: Map<string, Window>, token: string, now: number): Window {
    let window = windows.get(token);
    if (!window || now >= window.start + limits.windowMs) {
      window = { start: now, used: 0 };
      windows.set(token, window);
    }
    return window;
  }

  const headersOf = (limit: number, window: Window) => ({
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, limit - window.used)),
    'X-RateLimit-Reset': String(Math.ceil((window.start + limits.windowMs) / 1000)),
  });

  const refusal = (call: Window, until: Window, now: number): LimitVerdict => ({
    refused: true,
    headers: {
      ...headersOf(limits.calls, call),
      'Retry-After': seconds(until.start + limits.windowMs - now),
    },
  });

  return {
    limits,
    /** Counts one request of `token` (a deploy creation when `deploy`); refused ones do not count. */
    check(token: string, deploy: boolean): LimitVerdict {
      const now = Date.now();
      const call = current(calls, token, now);
      if (call.used >= limits.calls) return refusal(call, call, now);
      if (deploy && limits.deploys !== undefined) {
        const made = current(deploys, token, now);
        if (made.used >= limits.deploys) return refusal(call, made, now);
        made.used += 1;
      }
      call.used += 1;
      return { refused: false, headers: headersOf(limits.calls, call) };
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
