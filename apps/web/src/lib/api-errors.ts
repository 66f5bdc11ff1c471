import { isBadIdMessage, MSG } from '@cityforge/shared';

/** Field name → the field's messages joined into one string. */
export type FieldErrors = Record<string, string>;

export interface NormalisedError {
  message: string;
  fieldErrors?: FieldErrors;
  code?: string;
}

/**
 * Every failed call ends up as an ApiError: `status` is the HTTP status (0 for a network
 * failure), `fieldErrors` is set when the server named fields, `code` carries a machine code
 * such as `email_not_verified`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors?: FieldErrors;
  readonly code?: string;
  /** The parsed answer as the server sent it (for callers that need more than the above). */
  readonly body?: unknown;

  constructor(status: number, normalised: NormalisedError, body?: unknown) {
    super(normalised.message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = normalised.fieldErrors;
    this.code = normalised.code;
    this.body = body;
  }

  get isValidation(): boolean {
    return !!this.fieldErrors && Object.keys(this.fieldErrors).length > 0;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Nothing there for this user: a 404, or a 400 refusing an id in the address (an id of the
 * wrong shape can name nothing, so a typed or truncated address reads as "not found").
 */
export function isNotFound(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 404) return true;
  return error.status === 400 && Object.values(error.fieldErrors ?? {}).some(isBadIdMessage);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messagesOf(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const texts = value.filter((m): m is string => typeof m === 'string' && m.length > 0);
  return texts.length > 0 ? texts : null;
}

const RESERVED = new Set(['message', 'error', 'errors', 'code']);

/**
 * Collects field errors from `errors: {field: [messages]}` and from top-level fields that hold
 * arrays of messages (the DRF style), joining each field's messages with ", ".
 */
export function collectFieldErrors(body: Record<string, unknown>): FieldErrors | undefined {
  const out: FieldErrors = {};
  const sources: Record<string, unknown>[] = [body];
  if (isRecord(body.errors)) sources.unshift(body.errors);
  for (const source of sources) {
    for (const [field, value] of Object.entries(source)) {
      if (source === body && RESERVED.has(field)) continue;
      const texts =
        messagesOf(value) ?? (source !== body && typeof value === 'string' ? [value] : null);
      if (texts && !(field in out)) out[field] = texts.join(', ');
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim().length > 0 ? value : null;
}

/**
 * An error answer's body, made one shape: field arrays are joined with ", "; a body with
 * neither `message` nor `error`
 * becomes "Validation failed" with the field errors attached; otherwise the message or error
 * text is used, or "An error occurred".
 */
export function normaliseErrorBody(body: unknown): NormalisedError {
  if (!isRecord(body)) return { message: MSG.anErrorOccurred };
  const fieldErrors = collectFieldErrors(body);
  const code = text(body.code) ?? undefined;
  const message = text(body.message) ?? text(body.error);
  if (!message && fieldErrors) return { message: MSG.validationFailed, fieldErrors, code };
  return { message: message ?? MSG.anErrorOccurred, fieldErrors, code };
}

/** One readable line per field, as the signup and reset toasts show them ("field: message"). */
export function fieldErrorLines(errors: FieldErrors): string[] {
  return Object.entries(errors).map(([field, message]) => `${field}: ${message}`);
}

/** The message to show for any thrown value, with a caller-chosen fallback. */
export function errorMessage(error: unknown, fallback: string = MSG.anErrorOccurred): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * What the server said about a failure: its `message`, else its first field message; null for
 * network failures and answers without either (callers then show their own sentence).
 */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status === 0 || !isRecord(error.body)) return null;
  const message = text(error.body.message) ?? text(error.body.error);
  if (message) return message;
  const first = error.fieldErrors ? Object.values(error.fieldErrors)[0] : undefined;
  return first ?? null;
}
