import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createChaos, dropConnection, hold, type Chaos } from './chaos.ts';
import { handleApi } from './stripe-api.ts';
import {
  authError,
  postEvent,
  readBody,
  sendHtml,
  sendJson,
  signEvent,
  type FakeStripeDelivery,
} from './stripe-http.ts';
import { parseForm } from './stripe-form.ts';
import type { StripeEvent } from './stripe-lifecycle.ts';
import { checkoutPage, invoicePage, portalPage } from './stripe-pages.ts';
import * as scenarios from './stripe-scenarios.ts';
import { StripeApiError, StripeState, type StripeObject } from './stripe-state.ts';

export type { StripeEvent } from './stripe-lifecycle.ts';
export type { StripeObject } from './stripe-state.ts';

export type FakeStripeRequest = {
  method: string;
  /** Without the query string, e.g. /v1/checkout/sessions. */
  path: string;
  body: Record<string, unknown>;
  query: Record<string, unknown>;
  idempotencyKey: string | null;
  status: number;
};

export type { FakeStripeDelivery } from './stripe-http.ts';

export type FakeStripe = {
  /** STRIPE_API_URL: http://127.0.0.1:PORT */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where the hosted "Pay" button delivers its events; null = nowhere. Survives reset(). */
  webhookTarget: string | null;
  requests: FakeStripeRequest[];
  deliveries: FakeStripeDelivery[];
  customers: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  products: Map<string, StripeObject>;
  portalSessions: Map<string, StripeObject>;
  /** Pays a session: active subscription + paid invoice; returns, does not send, the 3 events. */
  completeCheckout(sessionId: string): Promise<StripeEvent[]>;
  /** status 'canceled' now; returns [customer.subscription.deleted]. */
  cancelSubscription(subscriptionId: string): StripeEvent[];
  /** Returns [customer.subscription.updated]. */
  setSubscriptionStatus(subscriptionId: string, status: string): StripeEvent[];
  /** Open invoice, subscription past_due; returns [invoice.payment_failed, customer.subscription.updated]. */
  failRenewal(subscriptionId: string): StripeEvent[];
  /** Signs and POSTs the event to url; resolves to the HTTP status. */
  deliver(url: string, event: StripeEvent, opts?: { secret?: string }): Promise<number>;
  /** Random 429s, 5xx, resets and stalls on /v1 calls, before they touch any state (chaos.ts). */
  chaos: Chaos;
  /** The signed payload and `stripe-signature` header, for app.inject-based tests. */
  sign(event: StripeEvent, opts?: { secret?: string }): { payload: string; header: string };
  reset(): void;
  close(): Promise<void>;
};

const SECRET_KEY = 'sk_test_fake';
const WEBHOOK_SECRET = 'whsec_test_fake';

type Replay = { method: string; path: string; bodyText: string; status: number; json: unknown };

export async function startFakeStripe(): Promise<FakeStripe> {
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, { error: { type: 'api_error', message: String(error) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state = new StripeState(url);
  const requests: FakeStripeRequest[] = [];
  const deliveries: FakeStripeDelivery[] = [];
  // Stripe keys idempotency per account; one fake = one account.
  const replays = new Map<string, Replay>();
  const chaos = createChaos();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const parsed = new URL(req.url ?? '/', url);
    const bodyText = await readBody(req);
    const body = method === 'GET' ? {} : parseForm(bodyText);
    const query = parseForm(parsed.search.slice(1));
    const keyHeader = req.headers['idempotency-key'];
    const idempotencyKey = typeof keyHeader === 'string' ? keyHeader : null;
    const record: FakeStripeRequest = {
      method,
      path: parsed.pathname,
      body,
      query,
      idempotencyKey,
      status: 0,
    };
    requests.push(record);
    const reply = (status: number, json: unknown, headers = {}) => {
      record.status = status;
      sendJson(res, status, json, headers);
    };
    const html = (status: number, text: string) => {
      record.status = status;
      sendHtml(res, status, text);
    };

    const pageMatch = /^\/(checkout|portal|invoice)\/([^/]+)(\/pay)?$/.exec(parsed.pathname);
    if (pageMatch) return hostedPage(pageMatch, method, html, res, record);
    if (!parsed.pathname.startsWith('/v1/'))
      return reply(404, { error: { type: 'invalid_request_error', message: 'Not found' } });

    const chaotic = chaos.decide({ method, path: parsed.pathname });
    if (chaotic?.fault.kind === 'reset') return dropConnection(res);
    if (chaotic?.fault.kind === 'status') {
      const { status, retryAfterSeconds } = chaotic.fault;
      // Stripe's own bodies: the SDK picks its error class from the status and the type.
      const error =
        status === 429
          ? {
              type: 'invalid_request_error',
              code: 'rate_limit',
              message: 'Too many requests hit the API too quickly.',
            }
          : { type: 'api_error', message: 'An unknown error occurred.' };
      const headers =
        retryAfterSeconds === null ? {} : { 'retry-after': String(retryAfterSeconds) };
      return reply(status, { error }, headers);
    }
    if (chaotic?.fault.kind === 'stall' && !(await hold(res, chaotic.fault.ms, chaotic))) return;

    const denied = authError(req.headers.authorization, SECRET_KEY);
    if (denied) return reply(denied.status, denied.toJSON());

    // Same key + same request → the first answer again; same key + different request → 400.
    const previous = idempotencyKey && method === 'POST' ? replays.get(idempotencyKey) : undefined;
    if (previous) {
      if (
        previous.method !== method ||
        previous.path !== parsed.pathname ||
        previous.bodyText !== bodyText
      ) {
        const err = new StripeApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        );
        return reply(err.status, err.toJSON());
      }
      return reply(previous.status, previous.json, { 'idempotent-replayed': 'true' });
    }
    try {
      const json = handleApi(state, method, parsed.pathname.slice(4), body, query);
      if (idempotencyKey && method === 'POST')
        replays.set(idempotencyKey, {
          method,
          path: parsed.pathname,
          bodyText,
          status: 200,
          json: structuredClone(json),
        });
      return reply(200, json);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      // Like Stripe, a request that failed validation is not saved under its key.
      return reply(error.status, error.toJSON());
    }
  }

  async function hostedPage(
    [, kind, id = '', pay]: RegExpExecArray,
    method: string,
    html: (status: number, text: string) => void,
    res: ServerResponse,
    record: FakeStripeRequest,
  ) {
    const decoded = decodeURIComponent(id);
    const found =
      kind === 'checkout'
        ? state.checkoutSessions.get(decoded)
        : kind === 'portal'
          ? state.portalSessions.get(decoded)
          : state.invoices.get(decoded);
    if (!found) return html(404, '<!doctype html><p>Not found</p>');
    if (!pay && method === 'GET')
      return html(
        200,
        kind === 'checkout'
          ? checkoutPage(state, found)
          : kind === 'portal'
            ? portalPage(found)
            : invoicePage(found),
      );
    if (!pay || kind !== 'checkout' || method !== 'POST')
      return html(405, '<!doctype html><p>Method not allowed</p>');
    // A double-submitted form pays once and still lands on the success page.
    if (found.status === 'open') {
      const events = scenarios.completeCheckout(state, decoded);
      if (fake.webhookTarget)
        for (const event of events)
          await postEvent(fake.webhookTarget, event, WEBHOOK_SECRET, deliveries).catch(() => 0);
    }
    record.status = 303;
    res.writeHead(303, {
      location: String(found.success_url).replaceAll('{CHECKOUT_SESSION_ID}', decoded),
    });
    res.end();
  }

  const fake: FakeStripe = {
    url,
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookTarget: null,
    requests,
    deliveries,
    customers: state.customers,
    checkoutSessions: state.checkoutSessions,
    subscriptions: state.subscriptions,
    invoices: state.invoices,
    prices: state.prices,
    products: state.products,
    portalSessions: state.portalSessions,
    completeCheckout: async (id) => scenarios.completeCheckout(state, id),
    cancelSubscription: (id) => scenarios.cancelSubscription(state, id),
    setSubscriptionStatus: (id, status) => scenarios.setSubscriptionStatus(state, id, status),
    failRenewal: (id) => scenarios.failRenewal(state, id),
    deliver: (target, event, opts = {}) =>
      postEvent(target, event, opts.secret ?? WEBHOOK_SECRET, deliveries),
    sign: (event, opts = {}) => signEvent(event, opts.secret ?? WEBHOOK_SECRET),
    chaos,
    reset() {
      chaos.reset();
      state.reset();
      requests.length = 0;
      deliveries.length = 0;
      replays.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
