import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, reviewsApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { ReviewService } from './review.service.ts';

export const reviewRoutes: FastifyPluginAsyncZod<{ reviewService: ReviewService }> = async (
  app,
  { reviewService: svc },
) => {
  const docs = { schema: { tags: ['review'] } };
  app.addHook('onRequest', app.requireUser);
  route(app, reviewsApi.board, docs, async (request) => ({
    data: await svc.board(currentUser(request), request.params.id),
  }));
  route(app, reviewsApi.list, docs, async (request) => ({
    data: await svc.list(currentUser(request), request.params.id, request.query.pageId),
  }));
  route(app, reviewsApi.submit, docs, async (request, reply) => {
    const data = await svc.submit(currentUser(request), request.params.id, request.body);
    return reply.code(201).send({ data, message: MSG.reviewRecorded });
  });
};
