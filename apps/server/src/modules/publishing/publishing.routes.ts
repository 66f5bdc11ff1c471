import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDeleteNetlifySite, ZDeployment, ZMessage, ZPublishResult } from '@cityforge/shared';
import { ZProjectParams } from '../../lib/route-params.ts';
import { createUserSlots, USER_CAPS } from '../../lib/user-slots.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import type { PublishService } from './publish.service.ts';

export const publishingRoutes: FastifyPluginAsyncZod<{ publishService: PublishService }> = async (
  app,
  { publishService: svc },
) => {
  const tags = ['publishing'];
  // A download builds the whole site into a temporary folder and streams it: a few per user.
  const downloadSlots = createUserSlots(
    USER_CAPS.downloads,
    `At most ${USER_CAPS.downloads} site downloads can run at once; wait for one to finish.`,
  );
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/api/projects/:id/publish/',
    {
      schema: {
        tags,
        params: ZProjectParams,
        response: { 200: ZPublishResult, 202: ZPublishResult },
      },
    },
    async (request, reply) => {
      const { status, body } = await svc.publish(currentUser(request), request.params.id);
      return reply.status(status).send(body);
    },
  );
  app.get(
    '/api/projects/:id/deployment/',
    {
      schema: {
        tags,
        params: ZProjectParams,
        response: { 200: z.object({ data: ZDeployment.nullable() }) },
      },
    },
    async (request) => ({ data: await svc.deployment(currentUser(request), request.params.id) }),
  );
  app.get(
    '/api/projects/:id/download-site/',
    { schema: { tags, params: ZProjectParams } },
    async (request, reply) => {
      const user = currentUser(request);
      const release = downloadSlots.take(user.id);
      let zip;
      try {
        zip = await svc.download(user, request.params.id);
      } catch (error) {
        release();
        throw error;
      }
      // The slot is held until the last byte is sent or the client goes away.
      reply.raw.once('close', release);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${zip.filename}"`)
        .header('x-site-files', String(zip.files))
        .send(zip.stream);
    },
  );
  app.delete(
    '/api/projects/:id/delete-netlify-site/',
    {
      schema: {
        tags,
        params: ZProjectParams,
        body: ZDeleteNetlifySite,
        response: { 200: ZMessage },
      },
    },
    async (request) =>
      svc.deleteSite(currentUser(request), request.params.id, request.body.site_url),
  );
};
