import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { spendingApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { SpendingService } from './spending.service.ts';

/** This month's AI spend against the monthly caps. */
export const spendingRoutes: FastifyPluginAsyncZod<{ spendingService: SpendingService }> = async (
  app,
  { spendingService: svc },
) => {
  const options = { onRequest: app.requireUser, schema: { tags: ['generation'] } };
  route(app, spendingApi.project, options, async (request) =>
    svc.ofProject(currentUser(request), request.params.id),
  );
  route(app, spendingApi.account, options, async (request) => svc.ofAccount(currentUser(request)));
};
