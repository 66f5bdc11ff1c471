import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectsApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import type { ProjectsService } from '../projects/projects.service.ts';

export const modelsRoutes: FastifyPluginAsyncZod<{ projectsService: ProjectsService }> = async (
  app,
  { projectsService },
) => {
  route(
    app,
    projectsApi.models,
    { onRequest: app.requireUser, schema: { tags: ['projects'] } },
    async (request) => projectsService.models(currentUser(request)),
  );
};
