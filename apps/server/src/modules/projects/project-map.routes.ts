import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectsApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { ProjectMapService } from './project-map.service.ts';

export const projectMapRoutes: FastifyPluginAsyncZod<{
  projectMapService: ProjectMapService;
}> = async (app, { projectMapService: svc }) => {
  app.addHook('onRequest', app.requireUser);
  route(app, projectsApi.map, { schema: { tags: ['projects'] } }, async (request) => ({
    data: await svc.map(currentUser(request), request.params.id),
  }));
};
