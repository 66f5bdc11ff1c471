import type { FormObject } from './stripe-form.ts';
import { cancelSubscription, updateSubscription } from './stripe-scenarios.ts';
import { createCheckoutSession, createPortalSession } from './stripe-sessions.ts';
import { StripeApiError, type StripeObject, type StripeState } from './stripe-state.ts';

/**
 * The /v1 routes the product calls. Each answers the object itself (Stripe answers 200 for
 * creates too) or throws StripeApiError, which the server turns into Stripe's error body.
 */

type Route = {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handle: (state: StripeState, match: string[], body: FormObject, query: FormObject) => unknown;
};

const list = (url: string, data: StripeObject[]) => ({
  object: 'list',
  data,
  has_more: false,
  url,
});

/** GET /v1/<things>/:id for each kind, with Stripe's singular name in the 404 message. */
const getters: [string, keyof StripeState, string][] = [
  ['customers', 'customers', 'customer'],
  ['products', 'products', 'product'],
  ['prices', 'prices', 'price'],
  ['checkout/sessions', 'checkoutSessions', 'checkout.session'],
  ['subscriptions', 'subscriptions', 'subscription'],
  ['invoices', 'invoices', 'invoice'],
];

const routes: Route[] = [
  { method: 'POST', pattern: /^customers$/, handle: (s, _m, body) => s.createCustomer(body) },
  {
    method: 'GET',
    pattern: /^customers$/,
    handle: (s, _m, _b, query) =>
      list(
        '/v1/customers',
        [...s.customers.values()].filter((c) => !query.email || c.email === query.email),
      ),
  },
  {
    method: 'POST',
    pattern: /^customers\/([^/]+)$/,
    handle: (s, m, body) => s.updateCustomer(m[1] as string, body),
  },
  { method: 'POST', pattern: /^products$/, handle: (s, _m, body) => s.createProduct(body) },
  { method: 'POST', pattern: /^prices$/, handle: (s, _m, body) => s.createPrice(body) },
  {
    method: 'GET',
    pattern: /^prices$/,
    handle: (s, _m, _b, query) => list('/v1/prices', s.listPrices(query)),
  },
  {
    method: 'POST',
    pattern: /^checkout\/sessions$/,
    handle: (s, _m, body) => createCheckoutSession(s, body),
  },
  {
    method: 'POST',
    pattern: /^billing_portal\/sessions$/,
    handle: (s, _m, body) => createPortalSession(s, body),
  },
  {
    method: 'POST',
    pattern: /^subscriptions\/([^/]+)$/,
    handle: (s, m, body) => updateSubscription(s, m[1] as string, body),
  },
  {
    method: 'DELETE',
    pattern: /^subscriptions\/([^/]+)$/,
    handle: (s, m) => {
      cancelSubscription(s, m[1] as string);
      return s.subscriptions.get(m[1] as string);
    },
  },
  ...getters.map(([path, key, kind]): Route => ({
    method: 'GET',
    pattern: new RegExp(`^${path}/([^/]+)$`),
    handle: (s, m) =>
      s.need(s[key] as Map<string, StripeObject>, kind, decodeURIComponent(m[1] as string)),
  })),
];

/** `path` is the part after /v1/, without the query string. */
export function handleApi(
  state: StripeState,
  method: string,
  path: string,
  body: FormObject,
  query: FormObject,
): unknown {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (match) return route.handle(state, [...match], body, query);
  }
  throw new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: /v1/${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
}
