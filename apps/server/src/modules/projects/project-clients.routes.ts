import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspacesApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { ProjectClientsService } from './project-clients.service.ts';

export const projectClientsRoutes: FastifyPluginAsyncZod<{
  projectClientsService: ProjectClientsService;
}> = async (app, { projectClientsService: svc }) => {
  const docs = { schema: { tags: ['projects'] } };
  app.addHook('onRequest', app.requireUser);
  route(app, workspacesApi.shareWithClient, docs, async (request) =>
    svc.share(currentUser(request), request.params.id, request.params.userId),
  );
  route(app, workspacesApi.unshareWithClient, docs, async (request) =>
    svc.unshare(currentUser(request), request.params.id, request.params.userId),
  );
};
