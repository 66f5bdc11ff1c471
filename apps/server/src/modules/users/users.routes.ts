import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUpdateMe, ZUser } from '@cityforge/shared';
import { currentUser } from '../auth/auth.plugin.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ usersService: UsersService }> = async (
  app,
  { usersService },
) => {
  app.get(
    '/auth/me/',
    { onRequest: app.requireUser, schema: { tags: ['auth'], response: { 200: ZUser } } },
    async (request) => usersService.present(currentUser(request)),
  );
  app.patch(
    '/auth/me/',
    {
      onRequest: app.requireUser,
      schema: { tags: ['auth'], body: ZUpdateMe, response: { 200: ZUser } },
    },
    async (request) => usersService.updateMe(currentUser(request), request.body),
  );
};
