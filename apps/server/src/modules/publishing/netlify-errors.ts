import { MSG } from '@cityforge/shared';
import { AppError, badRequest } from '../../lib/errors.ts';

/**
 * A refusal from Netlify: `kind` 'token' when it turned the access token away (the owner
 * must fix the token), else 'netlify'. `reason` is Netlify's own words where it gave any.
 */
export class NetlifyError extends Error {
  readonly status: number | null;
  readonly kind: 'token' | 'netlify';
  readonly reason: string;
  constructor(status: number | null, reason: string) {
    super(reason);
    this.status = status;
    this.reason = reason;
    this.kind = status === 401 || status === 403 ? 'token' : 'netlify';
  }
}

export type ClientError = {
  status?: number;
  json?: { message?: string; errors?: unknown };
  data?: unknown;
  message?: string;
  code?: string;
};

/** The code of the error a silent connection is cut with (netlify-agent.ts). */
export const SILENT = 'ERR_NETLIFY_SILENT';

export function toNetlifyError(error: unknown, timeoutMs: number): NetlifyError {
  const e = error as ClientError;
  if (e.code === SILENT)
    return new NetlifyError(null, `Netlify sent nothing for ${timeoutMs / 1000} s`);
  const status = typeof e.status === 'number' ? e.status : null;
  // The client has already waited out as many as five 429s of this call (netlify-pace.ts).
  if (status === 429) return new NetlifyError(429, MSG.netlifyRateLimited);
  const fromJson = e.json?.message ?? (e.json?.errors ? JSON.stringify(e.json.errors) : undefined);
  const fromText = typeof e.data === 'string' && e.data.length < 300 ? e.data : undefined;
  const reason = fromJson || fromText || e.message || e.code || 'no answer from Netlify';
  return new NetlifyError(status, status ? `${reason} (HTTP ${status})` : reason);
}

/**
 * 5xx and dropped connections are worth another try. A 429 is not: the official client retries
 * it five times, each after the wait Netlify asked for, and one that outlasts that is an answer.
 */
export const retryable = (e: NetlifyError) => e.status === null || e.status >= 500;

/** What the owner reads when Netlify turns their token away. */
export const tokenRejected = (error: NetlifyError) =>
  `${MSG.netlifyTokenRejected} Netlify said: ${error.reason}`;

/** A Netlify failure as the owner should read it: a token to fix, a refusal, or an outage. */
export function netlifyAppError(error: unknown, what: string): unknown {
  if (!(error instanceof NetlifyError)) return error;
  if (error.kind === 'token') return badRequest(tokenRejected(error));
  if (error.status === 400 || error.status === 422) return badRequest(`${what}: ${error.reason}`);
  return new AppError('bad_gateway', `${what}: ${error.reason}`);
}
