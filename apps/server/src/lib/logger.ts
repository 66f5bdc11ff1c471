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
