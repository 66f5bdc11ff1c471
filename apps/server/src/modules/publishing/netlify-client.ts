import { createReadStream } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { NetlifyAPI } from '@netlify/api';
import { APP_VERSION, BRAND, MSG } from '@cityforge/shared';
import { AppError, badRequest } from '../../lib/errors.ts';
import { paceAgent, type NetlifyPaces } from './netlify-pace.ts';

export type NetlifySite = {
  id: string;
  name: string;
  url: string;
  ssl_url?: string;
  default_domain?: string;
  custom_domain: string | null;
  domain_aliases?: string[];
};

export type NetlifyDeploy = {
  id: string;
  state: string;
  required?: string[];
  error_message?: string | null;
};

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

type ClientError = {
  status?: number;
  json?: { message?: string; errors?: unknown };
  data?: unknown;
  message?: string;
  code?: string;
};

/** The code of the error a silent connection is cut with (see agentFor). */
const SILENT = 'ERR_NETLIFY_SILENT';

function toNetlifyError(error: unknown, timeoutMs: number): NetlifyError {
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
const retryable = (e: NetlifyError) => e.status === null || e.status >= 500;

export type NetlifyClientOptions = {
  /** This process's pace of each token's calls; without it calls go as fast as they come. */
  paces?: NetlifyPaces;
  /**
   * Waits for, and takes, a slot of the token's deploy creations (shared by every process on
   * the database); `onWait` is told when the next slot frees while there is none.
   */
  deploySlot?: (onWait?: (until: Date) => unknown) => Promise<void>;
  attempts?: number;
  baseDelayMs?: number;
  /**
   * Longest a connection may stay silent (no byte either way) before the call is abandoned
   * and retried like a dropped connection. The client has no timeout of its own: without this
   * a stalled Netlify would hold a deploy in "uploading" for ever.
   */
  timeoutMs?: number;
};

// Per pace: the agent holds each request until its token's pace lets it go (netlify-pace.ts).
const agents = new WeakMap<object, Map<string, http.Agent>>();
const UNPACED = {};
const IDLE_SOCKET_MS = 5_000;

/**
 * Keep-alive sockets that are cut after `timeoutMs` of silence, failing the request on them.
 * An agent, not an abort signal: the client leaves a 429's body unread while it waits, and
 * node-fetch turns a later abort into an error on that body that nobody listens to (a crash).
 */
function agentFor(protocol: string, timeoutMs: number, paces?: NetlifyPaces): http.Agent {
  const key = `${protocol}${timeoutMs}`;
  let own = agents.get(paces ?? UNPACED);
  if (!own) agents.set(paces ?? UNPACED, (own = new Map()));
  let agent = own.get(key);
  if (agent) return agent;
  // With `timeout` the agent also keeps the sockets it reuses on this deadline.
  const options = { keepAlive: true, timeout: timeoutMs };
  agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  const create = agent.createConnection.bind(agent);
  agent.createConnection = (connectOptions, callback) => {
    const socket = create(connectOptions, callback);
    socket?.on('timeout', () =>
      socket.destroy(Object.assign(new Error('Netlify went silent'), { code: SILENT })),
    );
    return socket;
  };
  // Idle in the pool, a socket lives as long as in Node's default agent (5 s): servers close
  // idle keep-alive connections themselves, and reusing one they closed fails the call.
  const keep = agent.keepSocketAlive.bind(agent);
  agent.keepSocketAlive = (socket) => {
    const kept: unknown = keep(socket);
    (socket as Socket).setTimeout(Math.min(IDLE_SOCKET_MS, timeoutMs));
    // Node reads the answer (typed void) as "keep it"; it must be passed on.
    return kept as void;
  };
  const reuse = agent.reuseSocket.bind(agent);
  agent.reuseSocket = (socket, request) => {
    reuse(socket, request);
    (socket as Socket).setTimeout(timeoutMs);
  };
  if (paces) paceAgent(agent, paces);
  own.set(key, agent);
  return agent;
}

/**
 * The Netlify API for one user's token, on the official client (which retries a 429 itself).
 * With `paces` every request keeps to the token's rate limits and waits as Netlify's headers
 * ask (netlify-pace.ts); with `deploySlot` creating a deploy takes a slot of the token's deploy
 * limit first. Adds retries with exponential backoff and jitter for server errors and dropped
 * connections, and one error type with Netlify's reason.
 */
export function createNetlifyClient(
  apiUrl: string,
  token: string,
  opts: NetlifyClientOptions = {},
) {
  const url = new URL(apiUrl);
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const agent = agentFor(url.protocol, timeoutMs, opts.paces);
  const api = new NetlifyAPI(token, {
    scheme: url.protocol.replace(':', ''),
    host: url.host,
    pathPrefix: url.pathname.replace(/\/+$/, ''),
    userAgent: `${BRAND}/${APP_VERSION}`,
    // The client's types call this a string; node-fetch takes the agent itself.
    agent: agent as never,
  });
  const send = url.protocol === 'https:' ? https.request : http.request;
  const base = url.href.replace(/\/+$/, '');

  /**
   * A call with a raw body on Node's own HTTP, through the same agent (pace, silence deadline):
   * a file's PUT, a ZIP deploy's POST. The official client's fetch cost as much CPU as the
   * upload itself (13,090 files to the local fake: 2.8 s on it, 0.8 s without). Like the
   * official client, a 429 is waited out and tried again, at most five times, for as long as
   * Netlify's Reset says (1 s at least, 5 s without one); `call` retries the rest. `body` is
   * made anew for each try (a file's stream is read once).
   */
  async function sendRaw(
    method: 'PUT' | 'POST',
    path: string,
    type: string,
    body: { length: number; open(): Buffer | Readable },
  ): Promise<unknown> {
    for (let retry = 0; ; retry++) {
      const answer = await new Promise<{
        status: number;
        type: string;
        text: string;
        reset: string;
      }>((resolve, reject) => {
        const req = send(
          `${base}${path}`,
          {
            method,
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              'user-agent': `${BRAND}/${APP_VERSION}`,
              'content-type': type,
              'content-length': body.length,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                type: String(res.headers['content-type'] ?? ''),
                text: Buffer.concat(chunks).toString('utf8'),
                reset: String(res.headers['x-ratelimit-reset'] ?? ''),
              }),
            );
          },
        );
        req.on('error', reject);
        const opened = body.open();
        if (Buffer.isBuffer(opened)) req.end(opened);
        else opened.on('error', (error) => req.destroy(error)).pipe(req);
      });
      const json = answer.type.includes('json') ? parseJson(answer.text) : undefined;
      if (answer.status >= 200 && answer.status < 300) return json ?? answer.text;
      if (answer.status === 429 && retry < 5) {
        const reset = Number(answer.reset) * 1000;
        await sleep(answer.reset ? Math.max(reset - Date.now(), 1_000) : 5_000);
        continue;
      }
      throw Object.assign(new Error(answer.text.slice(0, 300) || `HTTP ${answer.status}`), {
        status: answer.status,
        json: json as ClientError['json'],
        data: json === undefined ? answer.text : undefined,
      });
    }
  }

  const attempts = opts.attempts ?? 5;
  const baseDelay = opts.baseDelayMs ?? 250;

  async function call<T>(run: () => Promise<unknown>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await run()) as T;
      } catch (raw) {
        const error = toNetlifyError(raw, timeoutMs);
        if (!retryable(error) || attempt >= attempts) throw error;
        const delay = baseDelay * 2 ** (attempt - 1);
        await sleep(delay / 2 + Math.random() * delay);
      }
    }
  }

  return {
    /** The site, or null when Netlify no longer has it (deleted on Netlify's side). */
    async getSite(siteId: string): Promise<NetlifySite | null> {
      try {
        return await call<NetlifySite>(() => api.getSite({ site_id: siteId }));
      } catch (error) {
        if (error instanceof NetlifyError && error.status === 404) return null;
        throw error;
      }
    },
    createSite: (body: { name?: string; custom_domain?: string | null }) =>
      call<NetlifySite>(() => api.createSite({ body: body as never })),
    updateSite: (
      siteId: string,
      body: { custom_domain: string | null; domain_aliases: string[] },
      // null clears the domain; the client's types only know strings.
    ) => call<NetlifySite>(() => api.updateSite({ site_id: siteId, body: body as never })),
    /** Deletes the site; one Netlify no longer has counts as deleted. */
    async deleteSite(siteId: string): Promise<void> {
      try {
        await call(() => api.deleteSite({ site_id: siteId }));
      } catch (error) {
        if (error instanceof NetlifyError && error.status === 404) return;
        throw error;
      }
    },
    /** Takes a slot of the token's deploy creations first (`onWait` while there is none). */
    async createDeploy(
      siteId: string,
      files: Record<string, string>,
      onWait?: (until: Date) => unknown,
    ): Promise<NetlifyDeploy> {
      await opts.deploySlot?.(onWait);
      return call<NetlifyDeploy>(() => api.createSiteDeploy({ site_id: siteId, body: { files } }));
    },
    /**
     * A deploy of a whole site as one ZIP (`file` on disk, `size` bytes): Netlify unpacks it
     * and publishes what it holds. Takes a slot of the token's deploy creations first
     * (`onWait` while there is none), then tells `onSending`.
     */
    async createZipDeploy(
      siteId: string,
      zip: { file: string; size: number },
      onWait?: (until: Date) => unknown,
      onSending?: () => unknown,
    ): Promise<NetlifyDeploy> {
      await opts.deploySlot?.(onWait);
      await onSending?.();
      return call<NetlifyDeploy>(() =>
        sendRaw('POST', `/sites/${encodeURIComponent(siteId)}/deploys`, 'application/zip', {
          length: zip.size,
          // Big reads: a 150 MB site goes in ~40 writes to the socket, not ~2,400.
          open: () => createReadStream(zip.file, { highWaterMark: 4 * 1024 * 1024 }),
        }),
      );
    },
    getDeploy: (deployId: string) =>
      call<NetlifyDeploy>(() => api.getDeploy({ deploy_id: deployId })),
    /** `file` is the digest's path ('/states/tx.html'); Netlify checks the body's SHA1. */
    uploadFile: (deployId: string, file: string, body: Buffer) =>
      call(() =>
        sendRaw(
          'PUT',
          `/deploys/${deployId}/files${encodePath(file)}`,
          'application/octet-stream',
          {
            length: body.length,
            open: () => body,
          },
        ),
      ),
  };
}
export type NetlifyClient = ReturnType<typeof createNetlifyClient>;

/** '/states/a b.html' → '/states/a%20b.html': each segment of a file's path encoded. */
const encodePath = (file: string) =>
  '/' + file.replace(/^\//, '').split('/').map(encodeURIComponent).join('/');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The address Netlify gives the site itself, whatever custom domain it also has. */
export function netlifyUrlOf(site: NetlifySite): string {
  if (site.default_domain) return `https://${site.default_domain}`;
  return site.ssl_url || site.url.replace(/^http:/, 'https:');
}

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
