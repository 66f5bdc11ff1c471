import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';

/** One item of an envelope: its header line and its payload (parsed when it is JSON). */
export type FakeSentryItem = {
  header: Record<string, unknown>;
  payload: unknown;
  raw: string;
  /** A compressed payload (replay recordings), inflated. */
  inflated?: string;
};

export type FakeSentryEnvelope = {
  project: string;
  /** The public key the SDK authenticated with (X-Sentry-Auth or ?sentry_key=). */
  key: string | null;
  headers: IncomingHttpHeaders;
  header: Record<string, unknown>;
  items: FakeSentryItem[];
  /** The whole body as it arrived, after content decoding: what a leak test searches. */
  body: string;
};

export type FakeSentry = {
  /** A DSN pointing here, for SENTRY_DSN. */
  dsn: string;
  url: string;
  envelopes: FakeSentryEnvelope[];
  /** The payloads of every item of `type` (event, transaction, session, replay_event, …). */
  itemsOf(type: string): Record<string, unknown>[];
  /** Resolves once an item of `type` matching `predicate` has arrived. */
  waitForItem(
    type: string,
    predicate?: (payload: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  reset(): void;
  close(): Promise<void>;
};

const PUBLIC_KEY = 'f00dcafe0123456789abcdef01234567';
const PROJECT = '4242';

/**
 * Sentry's ingestion endpoint as the SDKs reach it: POST /api/{project}/envelope/ with an
 * envelope (a header line, then item header and payload lines; an item header's `length`,
 * when present, counts the payload's bytes). Wrong project or key gets 401/404 as Sentry does.
 * Answers CORS so the browser SDK can post to it from the app's origin.
 */
export async function startFakeSentry(): Promise<FakeSentry> {
  const envelopes: FakeSentryEnvelope[] = [];
  let waiters: (() => void)[] = [];

  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const match = /^\/api\/([^/]+)\/envelope\/?(\?.*)?$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = keyOf(req.headers, req.url ?? '');
      if (match[1] !== PROJECT) return void res.writeHead(404).end('{"detail":"unknown project"}');
      if (key !== PUBLIC_KEY) return void res.writeHead(401).end('{"detail":"bad key"}');
      const bytes = decode(Buffer.concat(chunks), req.headers['content-encoding']);
      let parsed: ReturnType<typeof parse>;
      try {
        parsed = parse(bytes);
      } catch (error) {
        return void res.writeHead(400).end(JSON.stringify({ detail: String(error) }));
      }
      // Replay recordings arrive compressed: their text is searched inflated, like the rest.
      const inflated = parsed.items.flatMap((i) => (i.inflated ? [i.inflated] : []));
      const body = [bytes.toString('utf8'), ...inflated].join('\n');
      const envelope = { project: match[1], key, headers: req.headers, ...parsed, body };
      envelopes.push(envelope);
      const id = (envelope.header.event_id as string | undefined) ?? null;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const itemsOf = (type: string) =>
    envelopes
      .flatMap((e) => e.items)
      .filter((i) => i.header.type === type)
      .map((i) => i.payload as Record<string, unknown>);

  return {
    dsn: `http://${PUBLIC_KEY}@127.0.0.1:${port}/${PROJECT}`,
    url,
    envelopes,
    itemsOf,
    async waitForItem(type, predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = itemsOf(type).find(predicate);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} reached the fake Sentry in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    reset() {
      envelopes.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function keyOf(headers: IncomingHttpHeaders, url: string): string | null {
  const auth = headers['x-sentry-auth'];
  const fromHeader = typeof auth === 'string' ? /sentry_key=([^,\s]+)/.exec(auth)?.[1] : null;
  return fromHeader ?? new URL(url, 'http://x').searchParams.get('sentry_key');
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  return body;
}

/**
 * Envelope parsing by the spec: lengths count bytes, and a payload may be binary (replay
 * recordings are compressed), so the body is walked as bytes, never as decoded text.
 */
function parse(bytes: Buffer): { header: Record<string, unknown>; items: FakeSentryItem[] } {
  let at = 0;
  const line = () => {
    const end = bytes.indexOf(0x0a, at);
    const stop = end < 0 ? bytes.length : end;
    const out = bytes.subarray(at, stop).toString('utf8');
    at = stop + 1;
    return out;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: FakeSentryItem[] = [];
  while (at < bytes.length) {
    const headerLine = line();
    if (!headerLine.trim()) continue;
    const itemHeader = JSON.parse(headerLine) as Record<string, unknown>;
    let payloadBytes: Buffer;
    if (typeof itemHeader.length === 'number') {
      payloadBytes = bytes.subarray(at, at + itemHeader.length);
      at += itemHeader.length + 1;
    } else payloadBytes = Buffer.from(line(), 'utf8');
    const raw = payloadBytes.toString('utf8');
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw);
    } catch {
      // Attachments and replay recordings are not JSON; they stay as (possibly binary) text.
    }
    items.push({ header: itemHeader, payload, raw, inflated: inflate(payloadBytes) });
  }
  return { header, items };
}

/** A replay recording: a JSON header line, then the events zlib-compressed (or plain). */
function inflate(payload: Buffer): string | undefined {
  const start = payload.indexOf(0x0a) + 1;
  if (start <= 0) return undefined;
  try {
    return inflateSync(payload.subarray(start)).toString('utf8');
  } catch {
    return undefined;
  }
}
