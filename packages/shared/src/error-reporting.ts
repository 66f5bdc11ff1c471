import { APP_VERSION } from './limits.ts';

/**
 * What the error-reporting service is told, the same for the server and the
 * web app so the two sides of one failure read alike in the reporting service.
 */
export const ERROR_REPORTING = {
  environment: 'production',
  release: APP_VERSION,
  tracesSampleRate: 0.1,
  /** Browser session replays: 10% of sessions, every session in which an error happened. */
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
  /**
   * The user's connection, not a defect: "Network Error", "Failed to fetch" (and the other
   * browsers' wordings of it) and request timeouts.
   */
  ignoreErrors: [
    // Anchored: the app's own "Failed to fetch projects" is a failed request worth reporting.
    /^(\w*Error: )?network ?error\b/i,
    /^(TypeError: )?failed to fetch( \(.*\))?$/i,
    /networkerror when attempting to fetch/i,
    /^(TypeError: )?load failed( \(.*\))?$/i,
    // Request timeouts in their usual wordings (fetch's AbortSignal.timeout, axios-style).
    /\b(request|fetch|connection) (timeout|timed out)\b/i,
    /timeout of \d+ ?ms exceeded/i,
    /signal timed out/i,
    /^TimeoutError\b/,
  ],
} as const;

export const FILTERED = '[Filtered]';

// Field names whose values are credentials wherever they appear: headers, bodies, extras.
const SECRET_NAME =
  /pass(word)?|passwd|secret|token|api[-_]?key|^key$|[-_]key$|authori[sz]ation|cookie|session|signature|^access$|^refresh$|dsn/i;

// Links that carry a one-time token in their path (the server's routes) or query (the app's).
const TOKEN_PATH = /\/(verify-email|verify-password-reset|reset-password)\/[^/?#\s]+/gi;
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
const BEARER = /\bBearer\s+[\w.~+/=-]+/gi;
// sk-…, sk-or-v1-…, nfp_…, whsec_…, rk_live_… and the like: provider keys pasted into text.
const PROVIDER_KEY = /\b(sk|rk|pk|whsec|nfp|nfc)[-_][\w-]{12,}/g;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** A URL or any text with its tokens taken out: query values of secret names, token paths. */
export function scrubText(text: string): string {
  return scrubPairs(
    text
      .replace(TOKEN_PATH, (_m, route: string) => `/${route}/${FILTERED}`)
      .replace(JWT, FILTERED)
      .replace(BEARER, `Bearer ${FILTERED}`)
      .replace(PROVIDER_KEY, FILTERED),
  );
}

const PAIR_START = new Set(['?', '&', '#', ';']);
const ENDS_NAME = new Set(['=', '&', '#']);
const ENDS_VALUE = new Set(['&', '#']);
const isSpace = (ch: string) => /\s/.test(ch);

/**
 * `name=value` pairs after ?, &, # or ; with the values of secret names replaced, in one pass.
 * (The pattern `([?&#;])([^=&#\s]+)=([^&#\s]*)` rescanned the rest of a run from each ; or ?
 * in it: 13 s on 100 KB of ';'.) A name scan that meets no '=' fails the same way from every
 * separator inside it, so the scan resumes where that one stopped.
 */
function scrubPairs(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const sep = text[i]!;
    out += sep;
    i += 1;
    if (!PAIR_START.has(sep)) continue;
    let end = i;
    while (end < text.length && !ENDS_NAME.has(text[end]!) && !isSpace(text[end]!)) end += 1;
    if (end === i || text[end] !== '=') {
      out += text.slice(i, end);
      i = end;
      continue;
    }
    const name = text.slice(i, end);
    let valueEnd = end + 1;
    while (valueEnd < text.length && !ENDS_VALUE.has(text[valueEnd]!) && !isSpace(text[valueEnd]!))
      valueEnd += 1;
    const value = isSecretName(decodeSafe(name)) ? FILTERED : text.slice(end + 1, valueEnd);
    out += `${name}=${value}`;
    i = valueEnd;
  }
  return out;
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A deep copy of an event (or any JSON-like value) with every secret-named field replaced and
 * every string scrubbed. Runs in beforeSend and beforeSendTransaction on both sides, so nothing
 * the SDK gathered on its own (request headers, breadcrumbs, URLs) leaves unscrubbed.
 */
export function scrubDeep<T>(value: T, depth = 0): T {
  if (depth > 12) return FILTERED as T;
  if (typeof value === 'string') return scrubText(value) as T;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, depth + 1)) as T;
  if (value && typeof value === 'object' && isPlain(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] =
        isSecretName(k) && v !== null && v !== undefined ? FILTERED : scrubDeep(v, depth + 1);
    }
    return out as T;
  }
  return value;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
