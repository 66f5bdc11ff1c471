import pino from 'pino';

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

/** Logs to stdout unless given another destination (a file, or a test reading every line). */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination);
}
export type Logger = pino.Logger;

// One-time links carry their token in the path (/auth/verify-email/<token>/) or the query
// (/reset-password?token=…); whoever reads the request log must not be able to follow them.
const TOKEN_IN_PATH = /^(\/auth\/(?:verify-email|verify-password-reset|reset-password)\/)[^/?#]+/;
const TOKEN_IN_QUERY = /([?&](?:token|refresh|access)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1[redacted]').replace(TOKEN_IN_QUERY, '$1[redacted]');
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's request serializer with the URL's secrets cut out. */
export const requestSerializers = {
  req(req: LoggedRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
};
