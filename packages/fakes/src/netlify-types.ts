import type { Chaos } from './chaos.ts';
import type { FakeNetlifyDeploy, FakeNetlifySite } from './netlify-state.ts';
import type { FakeNetlifyRateLimits } from './netlify-limits.ts';
import type { FakeNetlifyVisit } from './netlify-serve.ts';

/** What a fault's `match` sees. `path` is relative to /api/v1, undecoded, without the query. */
export type FakeNetlifyRequestInfo = { method: string; path: string; token: string | null };

/** `token`: the bearer token it came with (each token has its own sites and limits). */
export type FakeNetlifyRequest = {
  method: string;
  path: string;
  status: number;
  at: number;
  token: string | null;
};

/** A file Netlify received: by its own PUT, or in a deploy's ZIP. */
export type FakeNetlifyUpload = {
  deployId: string;
  path: string;
  sha: string;
  size: number;
  via: 'put' | 'zip';
};

export type FakeNetlifyOptions = {
  /** Valid bearer tokens; defaults to ['netlify-test-token']. */
  tokens?: string[];
  /** GETs of a processing deploy that still answer `processing` before it settles; default 1. */
  processingPolls?: number;
  unauthorizedMessage?: string;
  /**
   * Netlify's rate limits per token (netlify-limits.ts): every answer to a token then carries
   * X-RateLimit-Limit/-Remaining/-Reset, and a call past a limit gets 429 with Retry-After.
   * Off unless given, so that tests about something else are never held up.
   */
  rateLimits?: FakeNetlifyRateLimits;
};

export type FakeNetlifyFault = {
  /** Matching requests let through before the fault starts; default 0. */
  afterRequests?: number;
  /** Matching requests answered with the fault. */
  times: number;
  /** Which requests count; default all. */
  match?: (req: FakeNetlifyRequestInfo) => boolean;
};

export type FakeNetlify = {
  /** NETLIFY_API_URL: http://127.0.0.1:PORT/api/v1 */
  url: string;
  /** `host` option for `new NetlifyAPI(token, { scheme: 'http', host, pathPrefix })`. */
  host: string;
  pathPrefix: string;
  requests: FakeNetlifyRequest[];
  uploads: FakeNetlifyUpload[];
  /** By site id. */
  sites: ReadonlyMap<string, FakeNetlifySite>;
  /** By deploy id. */
  deploys: ReadonlyMap<string, FakeNetlifyDeploy>;
  /** By id or host name, whichever token owns it. */
  findSite(idOrHost: string): FakeNetlifySite | undefined;
  /** Content of the site's published deploy, path → bytes. Throws for an unknown site. */
  publishedFiles(idOrHost: string): Map<string, Buffer>;
  /**
   * What a visitor of the published site gets at `path` (netlify-serve.ts): the page, a 301
   * of its `_redirects`, or 404. Throws for an unknown site.
   */
  visit(idOrHost: string, path: string): FakeNetlifyVisit;
  /** The next matching requests get 429 with X-RateLimit-Reset = now + resetInSeconds (default 1). */
  rateLimit(fault: FakeNetlifyFault & { resetInSeconds?: number }): void;
  /** The next matching requests get a 5xx. */
  failNext(fault: FakeNetlifyFault & { status: 500 | 502 | 503 }): void;
  /**
   * The next matching requests are carried out, then answered only after `ms`: a client that
   * gave up meanwhile (its timeout) never reads the answer, as when Netlify took a request
   * whose answer was lost on the way back.
   */
  answerLate(fault: FakeNetlifyFault & { ms: number }): void;
  /** The next created deploy ends in `error` with this message instead of `ready`. */
  failNextDeploy(message: string): void;
  setProcessingPolls(polls: number): void;
  /** Turns the rate limits on (counts start afresh) or, with null, off. */
  setRateLimits(limits: FakeNetlifyRateLimits | null): void;
  /**
   * The file uploads (PUT /deploys/ID/files/…) of the next deploy that uploads wait until
   * `release()`, so a test can act while that deploy is mid-upload; other deploys' uploads
   * go through. `reached` resolves with the deploy's id once its first upload waits. An upload
   * whose client went away meanwhile is dropped, as Netlify would never have received it.
   */
  holdUploads(): { reached: Promise<string>; release(): void };
  /** Random 429s (with X-RateLimit-Reset), 5xx, resets and stalls on API calls (chaos.ts). */
  chaos: Chaos;
  addToken(token: string): void;
  revokeToken(token: string): void;
  close(): Promise<void>;
};
