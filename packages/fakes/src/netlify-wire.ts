import { NetlifyError } from './netlify-state.ts';
import { unzip } from './zip.ts';

// Reading a request to the Netlify fake: JSON and ZIP bodies, path parameters, file paths, MIME types.

const MIME: Record<string, string> = {
  html: 'text/html',
  css: 'text/css',
  js: 'application/javascript',
  json: 'application/json',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

export const mimeOf = (path: string) =>
  MIME[/\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';

export function parseObject(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new NetlifyError(400, 'Invalid JSON body');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new NetlifyError(422, 'Body must be a JSON object');
  return parsed as Record<string, unknown>;
}

export function param(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new NetlifyError(404, 'Not Found');
  }
}

/** `/deploys/ID/files/a%20b/c.html` → `/a b/c.html`; a leading slash the caller kept is tolerated. */
export function filePath(segments: string[]): string {
  const parts = [...segments];
  while (parts[0] === '') parts.shift();
  try {
    return '/' + parts.map((p) => decodeURIComponent(p)).join('/');
  } catch {
    throw new NetlifyError(400, 'Invalid file path');
  }
}

/** A ZIP deploy's body, path → bytes; Netlify answers 422 to one it cannot unpack. */
export async function unzipBody(body: Buffer): Promise<Map<string, Buffer>> {
  try {
    return await unzip(body);
  } catch (error) {
    throw new NetlifyError(422, `Invalid zip file: ${(error as Error).message}`);
  }
}
