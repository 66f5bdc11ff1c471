import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST that reached /indexnow, with what the fake answered. */
export type FakeIndexNowSubmission = {
  host: string;
  key: string;
  keyLocation: string | null;
  urlList: string[];
  contentType: string | null;
  status: number;
  at: number;
};

export type FakeIndexNowOptions = {
  /**
   * Fetches the key file as a search engine would: its body at `location`, or null when there
   * is none. With it a submission whose key file is missing or says another key gets 403 and a
   * good one 200; without it keys are never checked and submissions get 202 (pending).
   */
  keyFile?: (location: URL) => string | null | Promise<string | null>;
};

export type FakeIndexNow = {
  /** INDEXNOW_URL: http://127.0.0.1:PORT; submissions go to {url}/indexnow. */
  url: string;
  /** Every well-formed POST to /indexnow, in order, whatever it was answered. */
  submissions: FakeIndexNowSubmission[];
  /** The URLs of the submissions answered 200 or 202, in order. */
  accepted(): string[];
  /**
   * After `after` (default 0) more submissions, the next `times` (default 1) are answered
   * `status` without being checked.
   */
  failNext(fault: { status: number; times?: number; after?: number }): void;
  /** The next `times` (default 1) submissions get no answer: the client has to give up. */
  stallNext(times?: number): void;
  reset(): void;
  close(): Promise<void>;
};

/** The protocol's limits: a key of 8–128 of a-z, A-Z, 0-9 and '-'; 10,000 URLs a request. */
const KEY = /^[a-zA-Z0-9-]{8,128}$/;
export const INDEXNOW_MAX_URLS = 10_000;
const MAX_BODY = 32 * 1024 * 1024;

class Refusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const urlOf = (value: string) => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/** The body as the protocol defines it, or the status and reason real endpoints answer. */
function parseSubmission(raw: string) {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new Refusal(400, 'Invalid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new Refusal(400, 'Body must be a JSON object');
  const { host, key, keyLocation, urlList } = body as Record<string, unknown>;
  if (typeof host !== 'string' || !host) throw new Refusal(400, 'host is required');
  if (typeof key !== 'string') throw new Refusal(400, 'key is required');
  if (keyLocation !== undefined && typeof keyLocation !== 'string')
    throw new Refusal(400, 'keyLocation must be a string');
  if (!Array.isArray(urlList) || !urlList.length || !urlList.every((u) => typeof u === 'string'))
    throw new Refusal(400, 'urlList must be a non-empty array of URLs');
  if (urlList.length > INDEXNOW_MAX_URLS)
    throw new Refusal(400, `urlList holds ${urlList.length} URLs; at most ${INDEXNOW_MAX_URLS}`);
  return { host, key, keyLocation: keyLocation ?? null, urlList: urlList as string[] };
}

/** What a well-formed submission is refused for: the key's form, URLs off the host. */
function checkSubmission(s: ReturnType<typeof parseSubmission>) {
  const host = s.host.toLowerCase();
  if (!KEY.test(s.key)) throw new Refusal(422, 'key does not match the protocol');
  const onHost = (value: string) => {
    const url = urlOf(value);
    return Boolean(url && /^https?:$/.test(url.protocol) && url.host === host);
  };
  const stray = s.urlList.find((u) => !onHost(u));
  if (stray !== undefined) throw new Refusal(422, `URL not on ${s.host}: ${stray}`);
  if (s.keyLocation !== null && !onHost(s.keyLocation))
    throw new Refusal(422, `keyLocation not on ${s.host}`);
}

/**
 * An IndexNow endpoint (api.indexnow.org) as a site's deploys reach it: POST /indexnow with a
 * JSON body { host, key, keyLocation?, urlList }. Answers as the protocol documents: 400 for a
 * malformed body or more than 10,000 URLs, 422 for a key of the wrong form or URLs off the
 * host, 403 when the key file does not say the key, 200 (key checked) or 202 (pending).
 */
export async function startFakeIndexNow(options: FakeIndexNowOptions = {}): Promise<FakeIndexNow> {
  const submissions: FakeIndexNowSubmission[] = [];
  let faults: Array<{ status: number } | 'stall' | 'pass'> = [];

  async function answer(raw: string, contentType: string | null): Promise<[number, string]> {
    const next = faults.shift();
    if (next === 'stall') return [0, ''];
    const fault = next === 'pass' ? undefined : next;
    let parsed: ReturnType<typeof parseSubmission>;
    try {
      if (!contentType?.toLowerCase().startsWith('application/json'))
        throw new Refusal(400, 'Content-Type must be application/json');
      parsed = parseSubmission(raw);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      // A malformed body is not one of the submissions a fault was meant for.
      if (next) faults.unshift(next);
      return [error.status, error.message];
    }
    const record = (status: number) =>
      submissions.push({ ...parsed, contentType, status, at: Date.now() });
    if (fault) {
      record(fault.status);
      return [fault.status, http.STATUS_CODES[fault.status] ?? 'Error'];
    }
    try {
      checkSubmission(parsed);
      if (options.keyFile) {
        const location = new URL(parsed.keyLocation ?? `https://${parsed.host}/${parsed.key}.txt`);
        const body = await options.keyFile(location);
        if (body?.trim() !== parsed.key) throw new Refusal(403, 'Key not valid');
      }
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      record(error.status);
      return [error.status, error.message];
    }
    const status = options.keyFile ? 200 : 202;
    record(status);
    return [status, ''];
  }

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path?.toLowerCase() !== '/indexnow') return void res.writeHead(404).end();
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) return void res.writeHead(413).end();
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (res.headersSent) return;
      const contentType = req.headers['content-type'] ?? null;
      answer(Buffer.concat(chunks).toString('utf8'), contentType).then(
        ([status, message]) => {
          // A stall: no answer at all; the connection stays open until the client gives up.
          if (status === 0) return;
          res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(message);
        },
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const repeat = <T>(item: T, times = 1) => Array.from({ length: times }, () => item);
  return {
    url: `http://127.0.0.1:${port}`,
    submissions,
    accepted: () =>
      submissions.filter((s) => s.status === 200 || s.status === 202).flatMap((s) => s.urlList),
    failNext: ({ status, times, after = 0 }) =>
      void faults.push(...repeat('pass' as const, after), ...repeat({ status }, times)),
    stallNext: (times) => void faults.push(...repeat('stall' as const, times)),
    reset() {
      submissions.length = 0;
      faults = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
