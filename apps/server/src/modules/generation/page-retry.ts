import { ProviderError } from '../ai/index.ts';

/** Rate limits and outages: how often a page goes back to the queue before it fails. */
export const MAX_PROVIDER_ATTEMPTS = 8;
const MAX_WAIT_SECONDS = 300;

/** Exponential backoff with jitter when the provider gave no Retry-After. */
export function backoffSeconds(attempt: number, random = Math.random()): number {
  return Math.min(MAX_WAIT_SECONDS, 2 ** attempt * (1 + random));
}

/**
 * How long a page the provider turned away waits before its next try (the provider's
 * Retry-After is an instruction; without one, back off exponentially), or null when the page
 * is not tried again: the error is not a busy provider's, or its tries are spent.
 */
export function retryAfterSeconds(error: unknown, attempt: number): number | null {
  if (!(error instanceof ProviderError && error.retryable)) return null;
  if (attempt + 1 >= MAX_PROVIDER_ATTEMPTS) return null;
  return Math.min(
    MAX_WAIT_SECONDS,
    error.retryAfterMs !== null ? Math.max(1, error.retryAfterMs / 1000) : backoffSeconds(attempt),
  );
}
