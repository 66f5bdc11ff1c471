import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imagesApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { ImagesService } from './images.service.ts';

/**
 * An image is inert data to the browser: never sniffed into something else, never a document
 * that runs anything, and loadable by the sandboxed preview frame, whose origin is opaque.
 */
const SERVED_IMAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=31536000, immutable',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'cross-origin',
};

export const imagesRoutes: FastifyPluginAsyncZod<{ imagesService: ImagesService }> = async (
  app,
  { imagesService: svc },
) => {
  const tags = ['images'];
  // Each call spends the user's own OpenAI credit; a runaway client should not drain it.
  const limited = {
    rateLimit: {
      max: 20,
      timeWindow: '1 minute',
      keyGenerator: (r: FastifyRequest) => r.user?.id ?? r.ip,
    },
  };

  route(
    app,
    imagesApi.generate,
    { onRequest: app.requireUser, config: limited, schema: { tags } },
    async (request, reply) => {
      const image = await svc.generate(currentUser(request), request.params.id, request.body);
      return reply.status(201).send(image);
    },
  );

  route(app, imagesApi.list, { onRequest: app.requireUser, schema: { tags } }, async (request) =>
    svc.list(currentUser(request), request.params.id),
  );

  // Public on purpose: the names are random, the images are made for public websites, and
  // the editor canvas and the preview load them with plain <img> tags that carry no token.
  route(app, imagesApi.file, { schema: { tags } }, async (request, reply) => {
    const image = await svc.open(request.params.file);
    return reply
      .headers(SERVED_IMAGE_HEADERS)
      .header('content-type', image.mime)
      .header('content-length', String(image.size))
      .send(image.stream);
  });
};
