import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAddCustomDomain, ZProject, ZSetDomain, ZVerifyDomainResult } from '@cityforge/shared';
import { ZProjectParams } from '../../lib/route-params.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import type { DomainsService } from './domains.service.ts';

const ZDomainAnswer = z.object({ data: ZProject, message: z.string() });

export const domainsRoutes: FastifyPluginAsyncZod<{ domainsService: DomainsService }> = async (
  app,
  { domainsService: svc },
) => {
  const tags = ['domains'];
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/api/projects/:id/domain/',
    {
      schema: { tags, params: ZProjectParams, body: ZSetDomain, response: { 200: ZDomainAnswer } },
    },
    async (request) =>
      svc.setDomain(currentUser(request), request.params.id, request.body.clientDomain),
  );
  app.post(
    '/api/projects/:id/add-custom-domain/',
    {
      schema: {
        tags,
        params: ZProjectParams,
        body: ZAddCustomDomain,
        response: { 200: ZDomainAnswer },
      },
    },
    async (request) => svc.addCustomDomain(currentUser(request), request.params.id, request.body),
  );
  app.post(
    '/api/projects/:id/verify-domain/',
    { schema: { tags, params: ZProjectParams, response: { 200: ZVerifyDomainResult } } },
    async (request) => svc.verify(currentUser(request), request.params.id),
  );
};
