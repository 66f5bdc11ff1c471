import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAiModel } from '@cityforge/shared';
import { currentUser } from '../auth/auth.plugin.ts';
import type { ProjectsService } from '../projects/projects.service.ts';

export const modelsRoutes: FastifyPluginAsyncZod<{ projectsService: ProjectsService }> = async (
  app,
  { projectsService },
) => {
  app.get(
    '/api/ai-models/',
    {
      onRequest: app.requireUser,
      schema: { tags: ['projects'], response: { 200: z.array(ZAiModel) } },
    },
    async (request) => projectsService.models(currentUser(request)),
  );
};
