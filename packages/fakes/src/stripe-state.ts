import { randomBytes } from 'node:crypto';
import { formBool, formInt, formMetadata, type FormObject } from './stripe-form.ts';

/**
 * Stripe objects are wide and version-dependent; tests read whichever fields they care about,
 * so the maps hold loosely typed JSON rather than a second copy of Stripe's type definitions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StripeObject = Record<string, any>;

/** An API failure in Stripe's wire shape: `{ error: { type, message, code?, param? } }`. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  constructor(status: number, type: string, message: string, code?: string, param?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }
  toJSON() {
    const { type, message, code, param } = this;
    return { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } };
  }
}

export const missingParam = (param: string) =>
  new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );

const noSuch = (kind: string, id: string, param: string) =>
  new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Random ids in Stripe's style (`cus_Q3x…`), so nothing can depend on them being sequential. */
export const newId = (prefix: string, length = 24) =>
  prefix + [...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('');

export const nowSeconds = () => Math.floor(Date.now() / 1000);

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export class StripeState {
  readonly customers = new Map<string, StripeObject>();
  readonly products = new Map<string, StripeObject>();
  readonly prices = new Map<string, StripeObject>();
  readonly checkoutSessions = new Map<string, StripeObject>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly portalSessions = new Map<string, StripeObject>();
  /** What Stripe keeps on the session but does not show unless expanded. */
  readonly sessionExtras = new Map<
    string,
    { priceId: string; quantity: number; subMetadata: Record<string, string> }
  >();

  readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  reset() {
    for (const map of [
      this.customers,
      this.products,
      this.prices,
      this.checkoutSessions,
      this.subscriptions,
      this.invoices,
      this.portalSessions,
      this.sessionExtras,
    ])
      map.clear();
  }

  /** Looks an object up or fails the way Stripe does; `param` names the field that carried the id. */
  need(map: Map<string, StripeObject>, kind: string, id: string, param = 'id'): StripeObject {
    const found = map.get(id);
    if (!found) throw noSuch(kind, id, param);
    return found;
  }

  createCustomer(body: FormObject): StripeObject {
    const id = newId('cus_', 14);
    const customer = {
      id,
      object: 'customer',
      address: null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: str(body.description),
      email: str(body.email),
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
      livemode: false,
      metadata: formMetadata(body.metadata),
      name: str(body.name),
      phone: str(body.phone),
      preferred_locales: [],
      tax_exempt: 'none',
    };
    this.customers.set(id, customer);
    return customer;
  }

  /** Stripe merges metadata on update and drops keys set to ''. */
  updateCustomer(id: string, body: FormObject): StripeObject {
    const customer = this.need(this.customers, 'customer', id);
    if (body.email !== undefined) customer.email = str(body.email) || null;
    if (body.name !== undefined) customer.name = str(body.name) || null;
    customer.metadata = mergeMetadata(customer.metadata, body.metadata);
    return customer;
  }

  createProduct(body: FormObject): StripeObject {
    if (!str(body.name)) throw missingParam('name');
    const id = newId('prod_', 14);
    const now = nowSeconds();
    const product = {
      id,
      object: 'product',
      active: formBool(body.active) ?? true,
      created: now,
      default_price: null,
      description: str(body.description),
      images: [],
      livemode: false,
      metadata: formMetadata(body.metadata),
      name: body.name,
      type: 'service',
      updated: now,
    };
    this.products.set(id, product);
    return product;
  }

  createPrice(body: FormObject): StripeObject {
    const productId = str(body.product);
    if (!productId) throw missingParam('product');
    this.need(this.products, 'product', productId, 'product');
    const currency = str(body.currency);
    if (!currency) throw missingParam('currency');
    const unitAmount = formInt(body.unit_amount);
    if (unitAmount === undefined) throw missingParam('unit_amount');
    const recurringIn = body.recurring as FormObject | undefined;
    const interval = str(recurringIn?.interval);
    if (recurringIn && !interval) throw missingParam('recurring[interval]');
    const lookupKey = str(body.lookup_key);
    // Stripe refuses a second price with a lookup key unless asked to move it over.
    if (lookupKey) {
      const holder = [...this.prices.values()].find((p) => p.lookup_key === lookupKey);
      if (holder && formBool(body.transfer_lookup_key)) holder.lookup_key = null;
      else if (holder)
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `A price (\`${holder.id}\`) already uses that lookup key.`,
          'lookup_key_already_used',
          'lookup_key',
        );
    }
    const id = newId('price_', 24);
    const price = {
      id,
      object: 'price',
      active: formBool(body.active) ?? true,
      billing_scheme: 'per_unit',
      created: nowSeconds(),
      currency: currency.toLowerCase(),
      livemode: false,
      lookup_key: lookupKey,
      metadata: formMetadata(body.metadata),
      nickname: str(body.nickname),
      product: productId,
      recurring: interval
        ? {
            interval,
            interval_count: formInt(recurringIn?.interval_count) ?? 1,
            meter: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: 'unspecified',
      type: interval ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
    this.prices.set(id, price);
    return price;
  }

  /** GET /v1/prices: the filters the product uses (lookup_keys, active, product). */
  listPrices(query: FormObject): StripeObject[] {
    const keys = Array.isArray(query.lookup_keys) ? query.lookup_keys : undefined;
    const active = formBool(query.active);
    const limit = formInt(query.limit) ?? 10;
    return [...this.prices.values()]
      .filter((p) => !keys || keys.includes(p.lookup_key))
      .filter((p) => active === undefined || p.active === active)
      .filter((p) => !query.product || p.product === query.product)
      .sort((a, b) => b.created - a.created)
      .slice(0, limit);
  }
}

export function mergeMetadata(current: Record<string, string>, update: unknown) {
  const merged = { ...current };
  for (const [k, v] of Object.entries(formMetadata(update)))
    if (v === '') delete merged[k];
    else merged[k] = v;
  return merged;
}
