import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { releasesApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { ReleaseService } from './release.service.ts';

/** Release all now; pausing is a settings change and lives with the project's routes. */
export const releaseRoutes: FastifyPluginAsyncZod<{ releaseService: ReleaseService }> = async (
  app,
  { releaseService: svc },
) => {
  const docs = { schema: { tags: ['publishing'] } };
  app.addHook('onRequest', app.requireUser);

  route(app, releasesApi.releaseAll, docs, async (request, reply) => {
    const { status, body } = await svc.releaseAll(currentUser(request), request.params.id);
    return reply.status(status).send(body);
  });
};
