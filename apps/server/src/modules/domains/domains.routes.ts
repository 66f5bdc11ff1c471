import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { domainsApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { DomainsService } from './domains.service.ts';

export const domainsRoutes: FastifyPluginAsyncZod<{ domainsService: DomainsService }> = async (
  app,
  { domainsService: svc },
) => {
  const docs = { schema: { tags: ['domains'] } };
  app.addHook('onRequest', app.requireUser);

  route(app, domainsApi.set, docs, async (request) =>
    svc.setDomain(currentUser(request), request.params.id, request.body.clientDomain),
  );
  route(app, domainsApi.addCustom, docs, async (request) =>
    svc.addCustomDomain(currentUser(request), request.params.id, request.body),
  );
  route(app, domainsApi.verify, docs, async (request) =>
    svc.verify(currentUser(request), request.params.id),
  );
};
