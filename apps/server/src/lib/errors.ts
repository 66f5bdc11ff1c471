import { MSG } from '@cityforge/shared';

/** One error type for the whole server; the code picks the HTTP status. */
export type AppErrorCode =
  | 'bad_request'
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'email_not_verified'
  | 'not_configured'
  | 'unavailable'
  | 'bad_gateway';

const STATUS: Record<AppErrorCode, number> = {
  bad_request: 400,
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  email_not_verified: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  not_configured: 503,
  unavailable: 503,
  bad_gateway: 502,
};

export class AppError extends Error {
  readonly status: number;
  readonly code: AppErrorCode;
  readonly errors?: Record<string, string[]>;
  /** Extra fields of the answer beside message and errors (e.g. an upload's report). */
  readonly extra?: Record<string, unknown>;
  constructor(
    code: AppErrorCode,
    message: string,
    errors?: Record<string, string[]>,
    extra?: Record<string, unknown>,
  ) {
    super(message);
    this.code = code;
    this.errors = errors;
    this.extra = extra;
    this.status = STATUS[code];
  }
}

export const notFound = (message: string = MSG.notFound) => new AppError('not_found', message);
export const unauthenticated = (message: string = MSG.notAuthenticated) =>
  new AppError('unauthenticated', message);
export const forbidden = (message: string = MSG.forbidden) => new AppError('forbidden', message);
export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new AppError('bad_request', message, errors);
export const fieldError = (field: string, message: string) =>
  new AppError('validation', message, { [field]: [message] });
