import type { Logger } from '../../lib/logger.ts';
import type { BillingRepo } from './billing.repo.ts';
import { hasLivePaidSubscription } from './billing.service.ts';
import { viaStripe, type Stripe } from './stripe-client.ts';

/**
 * Ends a user's paid subscription at Stripe before the user is deleted: once the row is gone
 * nobody could see or cancel it here, and Stripe would go on charging the card. A
 * subscription Stripe no longer knows is already ended. Without Stripe configured there is
 * nothing we can call; the operator is told in the log (docs/decisions.md).
 */
export function createSubscriptionCanceller(deps: {
  stripe: Stripe | null;
  billingRepo: BillingRepo;
  logger: Logger;
}) {
  const { stripe, billingRepo, logger } = deps;
  return async function cancelSubscriptionOf(userId: string): Promise<void> {
    const sub = await billingRepo.findSubscription(userId);
    if (!hasLivePaidSubscription(sub)) return;
    const id = sub!.stripeSubscriptionId!;
    if (!stripe) {
      logger.warn({ userId, subscription: id }, 'stripe not configured; subscription left running');
      return;
    }
    await viaStripe(logger, 'cancel subscription', async () => {
      try {
        await stripe.subscriptions.cancel(id);
      } catch (error) {
        if ((error as { code?: string }).code !== 'resource_missing') throw error;
      }
    });
  };
}
export type CancelSubscription = ReturnType<typeof createSubscriptionCanceller>;
