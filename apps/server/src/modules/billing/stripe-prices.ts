import { BRAND } from '@cityforge/shared';
import type { PlanRow } from '../../db/schema/index.ts';
import type { BillingRepo } from './billing.repo.ts';
import type { Stripe } from './stripe-client.ts';

/** The stable name of a plan's current price in Stripe, whatever its id. */
export const lookupKeyOf = (plan: Pick<PlanRow, 'id' | 'interval'>) =>
  `cityforge_${plan.id}_${plan.interval}`;

const matches = (price: Stripe.Price, plan: PlanRow) =>
  price.active &&
  price.unit_amount === plan.priceCents &&
  price.currency === 'usd' &&
  price.recurring?.interval === plan.interval;

/**
 * Paid plans get their Stripe price lazily, at the first checkout of that plan, rather than at
 * boot: starting the server never depends on Stripe being reachable, and a server without
 * buyers makes no Stripe calls. An operator's stripePriceId is always kept. Otherwise the
 * price is found by its lookup key (so a second server or a fresh database reuses it) or
 * created with a product; idempotency keys make concurrent first checkouts create one price.
 * A lookup-key price with another amount (the seed's price changed) is replaced: the new
 * price takes the key over, and existing subscribers stay on the old one until they change.
 */
export function createPriceProvisioner(deps: { stripe: Stripe; billingRepo: BillingRepo }) {
  const { stripe, billingRepo } = deps;
  const inFlight = new Map<string, Promise<string>>();

  async function findOrCreate(plan: PlanRow): Promise<string> {
    const lookupKey = lookupKeyOf(plan);
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
    const current = found.data[0];
    if (current && matches(current, plan)) return current.id;
    const version = `${plan.id}-${plan.interval}-${plan.priceCents}`;
    const productId = current
      ? typeof current.product === 'string'
        ? current.product
        : current.product.id
      : (
          await stripe.products.create(
            {
              name: `${BRAND} ${plan.name}`,
              description: plan.description,
              metadata: { planId: plan.id },
            },
            { idempotencyKey: `cityforge-product-${version}` },
          )
        ).id;
    const price = await stripe.prices.create(
      {
        product: productId,
        currency: 'usd',
        unit_amount: plan.priceCents,
        recurring: { interval: plan.interval },
        lookup_key: lookupKey,
        ...(current ? { transfer_lookup_key: true } : {}),
        metadata: { planId: plan.id },
      },
      { idempotencyKey: `cityforge-price-${version}` },
    );
    return price.id;
  }

  return {
    /** The plan's price id, provisioning it the first time. */
    async priceFor(plan: PlanRow): Promise<string> {
      if (plan.stripePriceId) return plan.stripePriceId;
      let pending = inFlight.get(plan.id);
      if (!pending) {
        pending = findOrCreate(plan)
          .then(async (id) => (await billingRepo.setPlanPriceIfMissing(plan.id, id)) ?? id)
          .finally(() => inFlight.delete(plan.id));
        inFlight.set(plan.id, pending);
      }
      return pending;
    },
  };
}
export type PriceProvisioner = ReturnType<typeof createPriceProvisioner>;
