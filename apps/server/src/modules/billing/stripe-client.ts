import Stripe from 'stripe';
import { MSG } from '@cityforge/shared';
import type { Config } from '../../config/env.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';

/** Where the SDK sends requests: Stripe itself unless STRIPE_API_URL points elsewhere. */
export function stripeEndpoint(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  // The SDK takes host, port and protocol only; its paths always start at /v1.
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  } as const;
}

/**
 * The official SDK, built once from the environment contract, or null without a secret key
 * (paid plans are then shown but not sold). Two retries: the SDK adds idempotency keys to
 * retried POSTs, so a dropped connection cannot buy twice.
 */
export function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>) {
  if (!config.STRIPE_SECRET_KEY) return null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    ...stripeEndpoint(config.STRIPE_API_URL),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'CityForge' },
  });
}

/**
 * A Stripe failure the user can do nothing about becomes a 502 with a plain message; the
 * details go to the log, not to the browser.
 */
export async function viaStripe<T>(logger: Logger, what: string, call: () => Promise<T>) {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error({ err: error, what }, 'stripe call failed');
    throw new AppError('bad_gateway', MSG.paymentProviderFailed);
  }
}

/** Stripe fields that are an id or, when expanded, the object. */
export const idOf = (ref: string | { id: string } | null | undefined) =>
  ref == null ? null : typeof ref === 'string' ? ref : ref.id;

export type { Stripe };
