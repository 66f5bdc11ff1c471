import { formBool, formInt, formMetadata, type FormObject } from './stripe-form.ts';
import {
  StripeApiError,
  missingParam,
  newId,
  nowSeconds,
  type StripeObject,
  type StripeState,
} from './stripe-state.ts';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * POST /v1/checkout/sessions, limited to what a subscription sign-up needs: one recurring
 * price, an optional existing customer, and metadata for the product to find its user again.
 * The session's `url` is a page on the fake, so a browser test can "pay" there.
 */
export function createCheckoutSession(state: StripeState, body: FormObject): StripeObject {
  const mode = str(body.mode);
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription')
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `This fake only supports mode=subscription, got '${mode}'.`,
      'parameter_invalid_empty',
      'mode',
    );
  const lines = Array.isArray(body.line_items) ? (body.line_items as FormObject[]) : [];
  const priceId = str(lines[0]?.price);
  if (!priceId) throw missingParam('line_items[0][price]');
  // A missing price is a 400 here (not a 404): the session is the resource being created.
  if (!state.prices.has(priceId))
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `No such price: '${priceId}'`,
      'resource_missing',
      'line_items[0][price]',
    );
  const price = state.prices.get(priceId) as StripeObject;
  if (price.type !== 'recurring')
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      undefined,
      'line_items[0][price]',
    );
  const successUrl = str(body.success_url);
  if (!successUrl) throw missingParam('success_url');
  // Stripe made cancel_url optional in 2024; the fake insists because the product must send it.
  const cancelUrl = str(body.cancel_url);
  if (!cancelUrl) throw missingParam('cancel_url');
  const customer = str(body.customer);
  if (customer) state.need(state.customers, 'customer', customer, 'customer');
  const quantity = formInt(lines[0]?.quantity) ?? 1;
  const subscriptionData = body.subscription_data as FormObject | undefined;

  const id = newId('cs_test_', 58);
  const created = nowSeconds();
  const session = {
    id,
    object: 'checkout.session',
    allow_promotion_codes: formBool(body.allow_promotion_codes) ?? null,
    amount_subtotal: price.unit_amount * quantity,
    amount_total: price.unit_amount * quantity,
    cancel_url: cancelUrl,
    client_reference_id: str(body.client_reference_id),
    created,
    currency: price.currency,
    customer,
    customer_details: null,
    customer_email: str(body.customer_email),
    expires_at: created + 24 * 3600,
    invoice: null,
    livemode: false,
    metadata: formMetadata(body.metadata),
    mode,
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: successUrl,
    url: `${state.baseUrl}/checkout/${id}`,
  };
  state.checkoutSessions.set(id, session);
  state.sessionExtras.set(id, {
    priceId,
    quantity,
    subMetadata: formMetadata(subscriptionData?.metadata),
  });
  return session;
}

/** POST /v1/billing_portal/sessions: the page only links back, which is all tests need. */
export function createPortalSession(state: StripeState, body: FormObject): StripeObject {
  const customer = str(body.customer);
  if (!customer) throw missingParam('customer');
  state.need(state.customers, 'customer', customer, 'customer');
  const id = newId('bps_', 24);
  const session = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_fake_default',
    created: nowSeconds(),
    customer,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: str(body.return_url),
    url: `${state.baseUrl}/portal/${id}`,
  };
  state.portalSessions.set(id, session);
  return session;
}
