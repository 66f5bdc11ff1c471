import { createHash } from 'node:crypto';
import type http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Netlify counts API calls per access token (500 a minute) and creations of deploys apart
 * (3 a minute), and says where a token stands in X-RateLimit-Limit/-Remaining/-Reset (Reset in
 * epoch seconds), or refuses with 429 (and Retry-After).
 */
export type CallLimits = { calls: number; windowMs: number };

/**
 * A token's calls as its limits see them: creating a deploy has a limit of its own, and file
 * uploads are not counted by the minute (Netlify limits how many run at once instead, and
 * refuses more with a 429, which is waited out like any other).
 */
export type CallKind = 'call' | 'deploy' | 'upload';

/** How a token is named wherever its use is counted: never the token itself. */
export const tokenKey = (token: string) =>
  createHash('sha256').update(token).digest('hex').slice(0, 32);

function seconds(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, (at - Date.now()) / 1000);
}

/**
 * Where the token stands in Netlify's current window, as far as this process knows: what is
 * left (Netlify's last Remaining, less what was sent since) until the window ends. `reset` is
 * Netlify's own Reset, which names the window (null while the window is only guessed: the last
 * one ended and no answer of the next has come yet).
 */
type Standing = { left: number; until: number; reset: number | null };

/**
 * One token's pace in this process: a sliding log of its calls (at most `calls` in any window),
 * and Netlify's own count: nothing more is sent while Netlify's window has nothing left, and
 * nothing after a 429 until its Retry-After (else its Reset). A 429 on creating a deploy holds
 * only deploy creations (Netlify counts them apart). No single wait is longer than `maxWaitMs`:
 * past it the call goes, and a Netlify that still refuses answers 429 again, which the
 * official client retries at most five times before the call fails with a clear error.
 */
function createTokenPace(limits: CallLimits & { maxWaitMs: number }) {
  const { calls, windowMs, maxWaitMs } = limits;
  const sent: number[] = [];
  const hold: Record<CallKind, number> = { call: 0, deploy: 0, upload: 0 };
  let limit: number | null = null;
  let standing: Standing | null = null;
  let waiting = 0;

  function readyAt(kind: CallKind, now: number): number {
    while (sent.length && sent[0]! <= now - windowMs) sent.shift();
    // Netlify's window ended: the next one starts with the whole limit, as the first call of
    // it will say (with its own Reset).
    if (standing && standing.until <= now)
      standing = limit === null ? null : { left: limit, until: now + windowMs, reset: null };
    if (kind === 'upload') return hold.upload;
    let at = Math.max(hold.call, kind === 'deploy' ? hold.deploy : 0);
    if (sent.length >= calls) at = Math.max(at, sent[0]! + windowMs);
    if (standing && standing.left <= 0) at = Math.max(at, standing.until);
    return at;
  }

  /** Netlify's Remaining and Reset of an answer to a call (not to a deploy's creation). */
  function counted(remaining: number, reset: number, now: number) {
    // A Reset is never further than a window away; a clock that disagrees must not say more.
    const until = Math.min(reset, now + windowMs);
    if (!standing || (standing.reset !== null && reset > standing.reset)) {
      standing = { left: remaining, until, reset };
    } else if (standing.reset === null || standing.reset === reset) {
      // The same window: what was sent since Netlify counted still counts.
      standing = { left: Math.min(standing.left, remaining), until, reset };
    }
    // An earlier Reset: an answer from a window that is over.
  }

  async function waitFor(kind: CallKind): Promise<void> {
    const started = Date.now();
    for (;;) {
      const now = Date.now();
      const at = readyAt(kind, now);
      const waited = now - started;
      if (at <= now || waited >= maxWaitMs) {
        if (kind === 'upload') return;
        sent.push(now);
        if (standing) standing.left -= 1;
        return;
      }
      await sleep(Math.min(at - now, maxWaitMs - waited));
    }
  }

  return {
    /** Nothing of the token is counted or held any more: its pace can be forgotten. */
    idle(now: number): boolean {
      const last = sent.at(-1) ?? 0;
      return (
        last <= now - windowMs && Math.max(hold.call, hold.deploy, hold.upload) <= now && !waiting
      );
    },

    async take(kind: CallKind): Promise<void> {
      waiting += 1;
      try {
        await waitFor(kind);
      } finally {
        waiting -= 1;
      }
    },

    observe(kind: CallKind, status: number, headers: http.IncomingHttpHeaders): void {
      const now = Date.now();
      const resetAt = Number(headers['x-ratelimit-reset']) * 1000;
      const reset = resetAt > now ? resetAt : null;
      if (status === 429) {
        const after = seconds(headers['retry-after']);
        const until =
          after !== null ? now + after * 1000 : Math.min(reset ?? now + 1000, now + windowMs);
        hold[kind] = Math.max(hold[kind], until);
        return;
      }
      // A deploy creation's counts may be the deploy limit's, an upload's are not the minute's:
      // the other calls' are Netlify's.
      if (kind !== 'call') return;
      const ceiling = Number(headers['x-ratelimit-limit']);
      if (Number.isInteger(ceiling) && ceiling > 0) limit = ceiling;
      const remaining = Number(headers['x-ratelimit-remaining']);
      if (reset !== null && Number.isInteger(remaining) && remaining >= 0)
        counted(remaining, reset, now);
    },
  };
}
export type TokenPace = ReturnType<typeof createTokenPace>;

/** The paces of every token this process calls Netlify with, by the token's key. */
export function createNetlifyPaces(limits: CallLimits) {
  const paces = new Map<string, TokenPace>();
  const maxWaitMs = 2 * limits.windowMs + 5_000;
  let lookups = 0;
  return {
    limits,
    of(key: string): TokenPace {
      // Tokens come and go (one per user): the paces of idle ones are dropped now and then.
      if (++lookups % 1000 === 0) {
        const now = Date.now();
        for (const [k, p] of paces) if (k !== key && p.idle(now)) paces.delete(k);
      }
      let pace = paces.get(key);
      if (!pace) paces.set(key, (pace = createTokenPace({ ...limits, maxWaitMs })));
      return pace;
    },
  };
}
export type NetlifyPaces = ReturnType<typeof createNetlifyPaces>;

/**
 * Which limit a request to Netlify counts against: POST …/sites/{id}/deploys creates a deploy,
 * PUT …/deploys/{id}/files/… uploads a file.
 */
export function callKindOf(method: string, path: string): CallKind {
  const parts = path.split('?')[0]!.split('/');
  if (
    method === 'PUT' &&
    parts.includes('files') &&
    parts[parts.indexOf('files') - 2] === 'deploys'
  )
    return 'upload';
  return method === 'POST' && parts.at(-1) === 'deploys' && parts.at(-3) === 'sites'
    ? 'deploy'
    : 'call';
}

/**
 * Holds `req` until its token's pace lets it go, and reports Netlify's answer to the pace;
 * null for a request without a token (it goes at once).
 */
export function paceRequest(paces: NetlifyPaces, req: http.ClientRequest): Promise<void> | null {
  const bearer = /^Bearer (.+)$/.exec(String(req.getHeader('authorization') ?? ''))?.[1];
  if (!bearer) return null;
  const pace = paces.of(tokenKey(bearer));
  const kind = callKindOf(req.method, req.path);
  req.once('response', (res: http.IncomingMessage) =>
    pace.observe(kind, res.statusCode ?? 0, res.headers),
  );
  return pace.take(kind);
}
