import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import type { StripeEvent } from './stripe-lifecycle.ts';
import { StripeApiError } from './stripe-state.ts';

/** Wire-level helpers of the fake Stripe: bodies, answers, API-key checks, webhook signing. */

/** One webhook POST made by the fake itself (the hosted "Pay" flow or deliver()). */
export type FakeStripeDelivery = { url: string; eventId: string; type: string; status: number };

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export const sendJson = (res: ServerResponse, status: number, json: unknown, headers = {}) => {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': 'req_fake',
    ...headers,
  });
  res.end(JSON.stringify(json));
};

export const sendHtml = (res: ServerResponse, status: number, html: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
};

/** Stripe's 401s are invalid_request_errors; the SDK maps the status to StripeAuthenticationError. */
export function authError(header: string | undefined, secretKey: string): StripeApiError | null {
  const key = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
  if (!key)
    return new StripeApiError(401, 'invalid_request_error', 'You did not provide an API key.');
  if (key !== secretKey)
    return new StripeApiError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
    );
  return null;
}

export function signEvent(event: StripeEvent, secret: string) {
  // Stripe sends pretty-printed JSON; receivers must verify the raw bytes, not a re-serialisation.
  const payload = JSON.stringify(event, null, 2);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** POSTs a signed event like Stripe's webhook sender and records the attempt in `deliveries`. */
export async function postEvent(
  target: string,
  event: StripeEvent,
  secret: string,
  deliveries: FakeStripeDelivery[],
): Promise<number> {
  const { payload, header } = signEvent(event, secret);
  const delivery = { url: target, eventId: event.id, type: event.type, status: 0 };
  deliveries.push(delivery);
  const response = await fetch(target, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': header,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: payload,
  });
  await response.arrayBuffer();
  delivery.status = response.status;
  return response.status;
}
