import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi } from '@cityforge/shared';
import { route } from '../../lib/route.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ usersService: UsersService }> = async (
  app,
  { usersService },
) => {
  const options = { onRequest: app.requireUser, schema: { tags: ['auth'] } };
  route(app, authApi.me, options, async (request) => usersService.present(currentUser(request)));
  route(app, authApi.updateMe, options, async (request) =>
    usersService.updateMe(currentUser(request), request.body),
  );
};
