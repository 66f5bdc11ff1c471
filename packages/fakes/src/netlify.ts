import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { createChaos, dropConnection, hold } from './chaos.ts';
import {
  NetlifyError,
  NetlifyState,
  type FakeNetlifyDeploy,
  type FakeNetlifySite,
} from './netlify-state.ts';

import { createRateLimiter, type RateLimiter } from './netlify-limits.ts';

export type { FakeNetlifyDeploy, FakeNetlifySite } from './netlify-state.ts';
export type { FakeNetlifyRateLimits } from './netlify-limits.ts';
import { accountJson, deployJson, siteJson } from './netlify-json.ts';
import { dueOf, takeDue, type Fault, type LateAnswer } from './netlify-faults.ts';
import { filePath, mimeOf, param, parseObject, unzipBody } from './netlify-wire.ts';
import { visitSite } from './netlify-serve.ts';
import type {
  FakeNetlify,
  FakeNetlifyFault,
  FakeNetlifyOptions,
  FakeNetlifyRequest,
  FakeNetlifyRequestInfo,
  FakeNetlifyUpload,
} from './netlify-types.ts';

export type * from './netlify-types.ts';
export type { FakeNetlifyVisit } from './netlify-serve.ts';

const PREFIX = '/api/v1';
const RATE_LIMIT = 500;

/**
 * A Netlify API v1 subset on a random loopback port: sites, file-digest deploys, uploads and
 * publishing, with per-token ownership and scriptable 429s/5xx, so deploy code can be tested
 * through `@netlify/api` exactly as it talks to the real service.
 */
export async function startFakeNetlify(options: FakeNetlifyOptions = {}): Promise<FakeNetlify> {
  const state = new NetlifyState(options.processingPolls ?? 1);
  const tokens = new Set(options.tokens ?? ['netlify-test-token']);
  const unauthorized = options.unauthorizedMessage ?? 'Access Denied: invalid access token';
  const requests: FakeNetlifyRequest[] = [];
  const uploads: FakeNetlifyUpload[] = [];
  const faults: Fault[] = [];
  const lateAnswers: LateAnswer[] = [];
  let uploadGate: {
    deployId: string | null;
    waiting: (id: string) => void;
    opened: Promise<void>;
  } | null = null;
  const chaos = createChaos();
  let limiter: RateLimiter | null = options.rateLimits
    ? createRateLimiter(options.rateLimits)
    : null;

  const logged = (info: FakeNetlifyRequestInfo) => ({
    method: info.method,
    path: info.path,
    token: info.token,
    at: Date.now(),
  });
  const send = (
    res: ServerResponse,
    info: FakeNetlifyRequestInfo,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    requests.push({ ...logged(info), status });
    if (body === undefined) {
      res.writeHead(status, headers).end();
      return;
    }
    const json = JSON.stringify(body);
    res
      .writeHead(status, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(json)),
        ...headers,
      })
      .end(json);
  };

  // Every rule counts every request it matches, so two rules' counters stay independent; when
  // two are due on the same request the older one answers and the newer waits for the next.
  const ok = (body: unknown, status = 200) => ({ status, body });
  const siteOk = (site: FakeNetlifySite, status?: number) =>
    ok(siteJson(site, state.deploys, state.accountFor(site.owner)), status);
  const deployOk = (deploy: FakeNetlifyDeploy) =>
    ok(deployJson(deploy, state.sites.get(deploy.siteId)!));

  const route = (
    info: FakeNetlifyRequestInfo,
    token: string,
    body: Buffer,
    query: URLSearchParams,
    zipped: Map<string, Buffer> | null,
  ) => {
    const [, head, id, sub, ...rest] = info.path.split('/');
    const { method } = info;
    if (head === 'accounts' && method === 'GET') {
      const account = state.accountFor(token);
      if (id === undefined) {
        const sites = [...state.sites.values()].filter((s) => s.owner === token).length;
        return ok([accountJson(account, sites)]);
      }
      // Environment variables (netlify-cli reads them before a deploy): the fake keeps none.
      const mine = param(id) === account.id || param(id) === account.slug;
      if (sub === 'env' && rest.length === 0) return mine ? ok([]) : null;
      return null;
    }
    if (head === 'sites') {
      if (id === undefined && method === 'POST')
        return siteOk(state.createSite(token, parseObject(body)), 201);
      if (id === undefined && method === 'GET')
        return ok(
          state
            .listSites(token, query)
            .map((site) => siteJson(site, state.deploys, state.accountFor(token))),
        );
      if (!id) return null;
      const site = () => state.siteFor(token, param(id));
      if (sub === undefined) {
        if (method === 'GET') return siteOk(site());
        if (method === 'PATCH' || method === 'PUT')
          return siteOk(state.updateSite(site(), parseObject(body)));
        if (method === 'DELETE') {
          state.deleteSite(site());
          return { status: 204, body: undefined };
        }
      }
      if (sub === 'deploys' && rest.length === 0 && method === 'POST') {
        if (!zipped) return deployOk(state.createDeploy(site(), parseObject(body)));
        const deploy = state.createZipDeploy(site(), zipped);
        for (const [path, sha] of deploy.files)
          uploads.push({
            deployId: deploy.id,
            path,
            sha,
            size: zipped.get(path)!.length,
            via: 'zip',
          });
        return deployOk(deploy);
      }
      if (sub === 'deploys' && rest.length === 1 && rest[0] && method === 'GET') {
        const deploy = state.deployFor(token, param(rest[0]), site());
        state.poll(deploy);
        return deployOk(deploy);
      }
      if (sub === 'deploys' && rest.length === 1 && rest[0] && method === 'PUT') {
        const deploy = state.deployFor(token, param(rest[0]), site());
        return deployOk(state.updateDeploy(deploy, parseObject(body)));
      }
      return null;
    }
    if (head === 'deploys' && id) {
      if (sub === undefined && method === 'GET') {
        const deploy = state.deployFor(token, param(id));
        state.poll(deploy);
        return deployOk(deploy);
      }
      if (sub === 'cancel' && rest.length === 0 && method === 'POST')
        return deployOk(state.cancelDeploy(state.deployFor(token, param(id))));
      if (sub === 'files' && rest.length > 0 && method === 'PUT') {
        const deploy = state.deployFor(token, param(id));
        const path = filePath(rest);
        const sha = createHash('sha1').update(body).digest('hex');
        state.upload(deploy, path, body, sha);
        uploads.push({ deployId: deploy.id, path, sha, size: body.length, via: 'put' });
        return ok({ id: path, path, sha, mime_type: mimeOf(path), size: body.length });
      }
    }
    return null;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // Read the whole body first even when the answer is an error, so keep-alive sockets stay
    // in step with the client.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const pathname = mark < 0 ? url : url.slice(0, mark);
    const search = mark < 0 ? '' : url.slice(mark + 1);
    const inBase = pathname.startsWith(`${PREFIX}/`);
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const info: FakeNetlifyRequestInfo = {
      method: req.method ?? 'GET',
      path: inBase ? pathname.slice(PREFIX.length) : pathname,
      token,
    };

    const fault = takeDue(faults, info);
    if (fault) {
      const message =
        fault.status === 429 ? 'Rate limit exceeded' : (http.STATUS_CODES[fault.status] ?? 'Error');
      const headers: Record<string, string> =
        fault.status === 429
          ? {
              'X-RateLimit-Limit': String(RATE_LIMIT),
              'X-RateLimit-Remaining': '0',
              'X-RateLimit-Reset': String(Math.round(Date.now() / 1000 + fault.resetInSeconds)),
            }
          : {};
      return send(res, info, fault.status, { code: fault.status, message }, headers);
    }
    const chaotic = inBase ? chaos.decide({ method: info.method, path: info.path }) : null;
    if (chaotic?.fault.kind === 'reset') {
      requests.push({ ...logged(info), status: 0 });
      return dropConnection(res);
    }
    if (chaotic?.fault.kind === 'status') {
      const { status, retryAfterSeconds } = chaotic.fault;
      const headers: Record<string, string> =
        retryAfterSeconds === null
          ? {}
          : {
              'X-RateLimit-Limit': String(RATE_LIMIT),
              'X-RateLimit-Remaining': '0',
              'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000 + retryAfterSeconds)),
            };
      const message = status === 429 ? 'Rate limit exceeded' : http.STATUS_CODES[status];
      return send(res, info, status, { code: status, message }, headers);
    }
    // A stall the client gave up on is not carried out: it never reached Netlify's backend.
    if (chaotic?.fault.kind === 'stall' && !(await hold(res, chaotic.fault.ms, chaotic))) {
      requests.push({ ...logged(info), status: 0 });
      return;
    }
    // holdUploads(): the uploads of the first deploy to upload after the call wait here.
    const upload = info.method === 'PUT' ? /^\/deploys\/([^/]+)\/files\//.exec(info.path) : null;
    const gate = uploadGate;
    if (gate && upload && (gate.deployId ??= upload[1]!) === upload[1]) {
      gate.waiting(upload[1]!);
      await gate.opened;
      if (req.socket.destroyed) return;
    }
    if (!inBase) return send(res, info, 404, { code: 404, message: 'Not Found' });
    if (!token || !tokens.has(token))
      return send(res, info, 401, { code: 401, message: unauthorized });
    const [, head, , sub, ...rest] = info.path.split('/');
    const creation =
      info.method === 'POST' && head === 'sites' && sub === 'deploys' && !rest.length;
    // File uploads are limited by how many run at once (x-concurrent-limit), not by the
    // minute's count of API calls (Netlify's forum answer on PUT /deploys/{id}/files).
    const verdict = upload ? undefined : limiter?.check(token, creation);
    const counts = verdict?.headers ?? {};
    if (verdict?.refused)
      return send(res, info, 429, { code: 429, message: 'Rate limit exceeded' }, counts);
    try {
      // A deploy's ZIP (Content-Type application/zip) is unpacked before it is routed.
      const zipType = /^application\/zip\b/i.test(req.headers['content-type'] ?? '');
      const zipped = creation && zipType ? await unzipBody(body) : null;
      const answer = route(info, token, body, new URLSearchParams(search), zipped);
      if (!answer) return send(res, info, 404, { code: 404, message: 'Not Found' }, counts);
      const late = takeDue(lateAnswers, info);
      if (late) {
        await new Promise((resolve) => setTimeout(resolve, late.ms));
        if (req.socket.destroyed) return void requests.push({ ...logged(info), status: 0 });
      }
      return send(res, info, answer.status, answer.body, counts);
    } catch (error) {
      if (error instanceof NetlifyError)
        return send(
          res,
          info,
          error.status,
          { code: error.status, message: error.message },
          counts,
        );
      throw error;
    }
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      const message = error instanceof Error ? error.message : String(error);
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 500, message }));
    });
  });
  // Longer than the client agent's idle timeout, so the server never closes a socket the
  // client is about to reuse (that race surfaces as ECONNRESET in long benches).
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;

  function publishedFiles(idOrHost: string) {
    const site = state.findSite(idOrHost);
    if (!site) throw new Error(`No fake Netlify site ${idOrHost}`);
    const files = new Map<string, Buffer>();
    for (const [path, sha] of site.publishedFiles) files.set(path, state.blobs.get(sha)!);
    return files;
  }

  const addFault = (status: number, fault: FakeNetlifyFault, resetInSeconds = 1) =>
    faults.push({ ...dueOf(fault), status, resetInSeconds });

  return {
    url: `http://${host}${PREFIX}`,
    host,
    pathPrefix: PREFIX,
    requests,
    uploads,
    sites: state.sites,
    deploys: state.deploys,
    findSite: (idOrHost) => state.findSite(idOrHost),
    publishedFiles,
    visit: (idOrHost, path) => visitSite(publishedFiles(idOrHost), path),
    rateLimit: (fault) => addFault(429, fault, fault.resetInSeconds),
    failNext: (fault) => addFault(fault.status, fault),
    answerLate: (fault) => lateAnswers.push({ ...dueOf(fault), ms: fault.ms }),
    failNextDeploy: (message) => state.failNextDeploy(message),
    setProcessingPolls(polls) {
      state.processingPolls = polls;
    },
    setRateLimits(limits) {
      limiter = limits ? createRateLimiter(limits) : null;
    },
    holdUploads() {
      let waiting!: (id: string) => void;
      let open!: () => void;
      const reached = new Promise<string>((resolve) => (waiting = resolve));
      const opened = new Promise<void>((resolve) => (open = resolve));
      const gate = { deployId: null as string | null, waiting, opened };
      uploadGate = gate;
      return {
        reached,
        release() {
          if (uploadGate === gate) uploadGate = null;
          open();
        },
      };
    },
    chaos,
    addToken: (token) => void tokens.add(token),
    revokeToken: (token) => void tokens.delete(token),
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets would otherwise hold close() open for keepAliveTimeout.
      server.closeAllConnections();
      return closed;
    },
  };
}
