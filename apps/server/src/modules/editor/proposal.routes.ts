import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editorApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { ProposalService } from './proposal.service.ts';

/** A regenerated page beside a hand-edited one: the comparison, and the owner's pick. */
export const proposalRoutes: FastifyPluginAsyncZod<{ proposalService: ProposalService }> = async (
  app,
  { proposalService: svc },
) => {
  const docs = { schema: { tags: ['editor'] } };
  app.addHook('onRequest', app.requireUser);

  route(app, editorApi.pageProposal, docs, async (request) =>
    svc.proposal(currentUser(request), request.params.id, { page_id: request.params.pageId }),
  );
  route(app, editorApi.cityProposal, docs, async (request) =>
    svc.proposal(currentUser(request), request.params.id, {
      city_id: request.params.cityId,
      service: request.query.service,
    }),
  );
  route(app, editorApi.pickPageProposal, docs, async (request) =>
    svc.pick(
      currentUser(request),
      request.params.id,
      { page_id: request.params.pageId },
      request.params.versionId,
      request.body,
    ),
  );
  route(app, editorApi.pickCityProposal, docs, async (request) =>
    svc.pick(
      currentUser(request),
      request.params.id,
      { city_id: request.params.cityId, service: request.query.service },
      request.params.versionId,
      request.body,
    ),
  );
};
