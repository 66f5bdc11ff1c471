import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/**
 * Serves a published deploy the way Netlify's CDN does, so Lighthouse scores the site as
 * visitors would get it: pretty URLs (`/a/b` → `/a/b.html`), the site's `/404.html` for
 * anything missing, the deploy's own `_headers` rules, Netlify's default
 * `Cache-Control: public, max-age=0, must-revalidate`, and compressed text.
 */
export type StaticSite = { url: string; close(): Promise<void> };

const TYPES: Record<string, string> = {
  html: 'text/html; charset=UTF-8',
  css: 'text/css; charset=UTF-8',
  js: 'application/javascript; charset=UTF-8',
  json: 'application/json',
  xml: 'application/xml',
  txt: 'text/plain; charset=UTF-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg)/;

type Rule = { pattern: string; headers: Array<[string, string]> };

/** Netlify's `_headers` format: a path (a trailing `*` matches the rest), then indented headers. */
function parseHeaders(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) rules.push({ pattern: raw.trim(), headers: [] });
    else {
      const at = raw.indexOf(':');
      rules.at(-1)?.headers.push([raw.slice(0, at).trim(), raw.slice(at + 1).trim()]);
    }
  }
  return rules;
}

const matches = (pattern: string, path: string) =>
  pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;

function resolve(files: Map<string, Buffer>, path: string): string | null {
  const candidates = path.endsWith('/')
    ? [`${path}index.html`]
    : [path, `${path}.html`, `${path}/index.html`];
  return candidates.find((c) => files.has(c)) ?? null;
}

export async function serveLikeNetlify(files: Map<string, Buffer>): Promise<StaticSite> {
  const rules = parseHeaders(files.get('/_headers')?.toString('utf8') ?? '');
  const server = http.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname);
    const found = path === '/_headers' ? null : resolve(files, path);
    const file = found ?? '/404.html';
    const body = files.get(file) ?? Buffer.from('Not Found');
    const type = TYPES[/\.([^./]+)$/.exec(file)?.[1] ?? ''] ?? 'application/octet-stream';
    res.statusCode = found ? 200 : 404;
    res.setHeader('content-type', type);
    res.setHeader('cache-control', 'public, max-age=0, must-revalidate');
    for (const rule of rules)
      if (matches(rule.pattern, path))
        for (const [name, value] of rule.headers) res.setHeader(name, value);
    const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const sent = gzip ? zlib.gzipSync(body) : body;
    if (gzip) res.setHeader('content-encoding', 'gzip');
    res.setHeader('vary', 'Accept-Encoding');
    res.setHeader('content-length', sent.length);
    res.end(req.method === 'HEAD' ? undefined : sent);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
