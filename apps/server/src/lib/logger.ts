import pino from 'pino';
import { SQL_VALUE_FIELDS, withoutQueryValues } from './pg-errors.ts';

// Keys, tokens and passwords never reach a log line, whatever route logs its input.
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.refresh',
  '*.access',
  '*.token',
  '*.userOpenAiApiKey',
  '*.userOpenRouterApiKey',
  '*.userNetlifyAccessToken',
];

/**
 * pino's error serializer without what a failed query quotes: its parameters (a user's text, a
 * password hash, a sealed key) and the driver's row details.
 */
export function serializeError(error: unknown): unknown {
  const out = pino.stdSerializers.err(error as Error) as unknown;
  if (out === error || !out || typeof out !== 'object') return out;
  const fields = out as Record<string, unknown>;
  for (const key of SQL_VALUE_FIELDS) delete fields[key];
  for (const key of ['message', 'stack'])
    if (typeof fields[key] === 'string') fields[key] = withoutQueryValues(fields[key], error);
  return out;
}

/** Logs to stdout unless given another destination (a file, or a test reading every line). */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
    },
    destination,
  );
}
export type Logger = pino.Logger;

// One-time links carry their token in the path (/auth/verify-email/<token>/, an invitation's
// /invitations/<token> page and its API); whoever reads the request log must not follow them.
const TOKEN_IN_PATH =
  /^(\/auth\/(?:verify-email|verify-password-reset|reset-password)\/|\/(?:api\/)?invitations\/)[^/?#]+/;

/**
 * Query fields whose values are the app's own (pages, kinds, ids, flags), kept in logs and
 * error reports; any other field's value (a search, an e-mail, a token) is replaced.
 */
const HARMLESS_QUERY_FIELDS = new Set([
  'page',
  'file_type',
  'kind',
  'pages',
  'model',
  'project',
  'user_id',
  'page_id',
  'city_id',
  'is_service_page',
  'replaceEdits',
]);

/** A request URL fit for a log line or an error report: tokens and unknown query values out. */
export function redactUrl(url: string, censor = '[redacted]'): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(TOKEN_IN_PATH, `$1${censor}`);
  if (at < 0) return path;
  const fields = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq < 0 || HARMLESS_QUERY_FIELDS.has(name) ? pair : `${name}=${censor}`;
    });
  return `${path}?${fields.join('&')}`;
}

type LoggedRequest = { method: string; url: string; host?: string };

/** Fastify's request serializer without the client's address and the URL's private values. */
export const requestSerializers = {
  req(req: LoggedRequest) {
    return { method: req.method, url: redactUrl(req.url), host: req.host };
  },
};
