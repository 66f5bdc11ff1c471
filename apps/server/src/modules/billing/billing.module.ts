import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { route } from '../../lib/module.ts';
import type { UsersRepo } from '../users/index.ts';
import { createBillingRepo } from './billing.repo.ts';
import { billingRoutes, stripeWebhookRoutes } from './billing.routes.ts';
import { createBillingService } from './billing.service.ts';
import { createLimitsRepo } from './limits.repo.ts';
import { createLimitsService } from './limits.service.ts';
import { createSubscriptionCanceller } from './stripe-cancel.ts';
import { createStripeCheckout } from './stripe-checkout.ts';
import { createStripeClient } from './stripe-client.ts';
import { createPriceProvisioner } from './stripe-prices.ts';
import { createStripeWebhooks } from './stripe-webhooks.ts';

export function createBillingModule(deps: {
  db: Db;
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'STRIPE_WEBHOOK_SECRET' | 'appUrl'>;
  usersRepo: UsersRepo;
  logger: Logger;
}) {
  const { db, config, usersRepo, logger } = deps;
  const repo = createBillingRepo(db);
  const stripe = createStripeClient(config);
  const service = createBillingService({
    billingRepo: repo,
    appUrl: config.appUrl,
    ...(stripe && {
      paidCheckout: createStripeCheckout({
        stripe,
        billingRepo: repo,
        prices: createPriceProvisioner({ stripe, billingRepo: repo }),
        logger,
      }),
    }),
  });
  const webhooks = createStripeWebhooks({
    db,
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    billingRepo: repo,
    usersRepo,
    logger,
  });
  return {
    repo,
    service,
    webhooks,
    limits: createLimitsService({ limitsRepo: createLimitsRepo(db), billingRepo: repo }),
    cancelSubscriptionOf: createSubscriptionCanceller({ stripe, billingRepo: repo, logger }),
    routes: [
      route(billingRoutes, { billingService: service }),
      route(stripeWebhookRoutes, { webhooks }),
    ],
  };
}
export type BillingModule = ReturnType<typeof createBillingModule>;
