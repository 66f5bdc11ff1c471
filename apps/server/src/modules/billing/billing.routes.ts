import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingApi, INVOICES_PAGE_SIZE } from '@cityforge/shared';
import { paged } from '../../lib/paging.ts';
import { route } from '../../lib/route.ts';
import { requestOrigin } from '../../lib/return-url.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { BillingService } from './billing.service.ts';
import type { StripeWebhooks } from './stripe-webhooks.ts';

export const billingRoutes: FastifyPluginAsyncZod<{ billingService: BillingService }> = async (
  app,
  { billingService },
) => {
  const options = { onRequest: app.requireUser, schema: { tags: ['billing'] } };
  route(app, billingApi.plans, options, async (request) => {
    const plans = await billingService.listPlans();
    return paged(request.url, 1, Math.max(plans.length, 1), plans.length, plans);
  });
  route(app, billingApi.checkout, options, async (request) =>
    billingService.checkout(currentUser(request), request.params.planId, requestOrigin(request)),
  );
  route(app, billingApi.manageSubscription, options, async (request) =>
    billingService.manageSubscription(currentUser(request), requestOrigin(request)),
  );
  route(app, billingApi.invoices, options, async (request) => {
    const { page } = request.query;
    const { count, results } = await billingService.invoices(currentUser(request).id, page);
    return paged(request.url, page, INVOICES_PAGE_SIZE, count, results);
  });
};

/**
 * The Stripe webhook in its own encapsulated plugin: the signature covers the exact bytes
 * Stripe sent, so this scope (and only this scope) keeps every body as a raw Buffer instead
 * of parsing JSON. Registered without fastify-plugin, the parser does not leak to other routes.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ webhooks: StripeWebhooks }> = async (
  app,
  { webhooks },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  route(
    app,
    billingApi.stripeWebhook,
    { schema: { tags: ['billing'], summary: 'Stripe events (signed; not for browsers)' } },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      return webhooks.receive(raw, Array.isArray(header) ? header[0] : header);
    },
  );
};
