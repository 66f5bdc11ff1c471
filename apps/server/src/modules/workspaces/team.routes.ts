import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiTokensApi, invitationsApi } from '@cityforge/shared';
import { currentUser } from '../../lib/request-user.ts';
import { route } from '../../lib/route.ts';
import type { ApiTokensService } from './api-tokens.service.ts';
import type { InvitationsService } from './invitations.service.ts';

/** A workspace's invitations, the accept page's two calls, and the caller's API tokens. */
export const teamRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  apiTokens: ApiTokensService;
}> = async (app, { invitations, apiTokens }) => {
  const security = [{ bearer: [] }];
  const signedIn = { onRequest: app.requireUser, schema: { tags: ['workspaces'], security } };
  const api = invitationsApi;
  route(app, api.create, signedIn, async (request, reply) => {
    const created = await invitations.invite(currentUser(request), request.params.id, request.body);
    return reply.code(201).send(created);
  });
  route(app, api.list, signedIn, async (request) =>
    invitations.list(currentUser(request), request.params.id),
  );
  route(app, api.revoke, signedIn, async (request) =>
    invitations.revoke(currentUser(request), request.params.id, request.params.invitationId),
  );
  route(app, api.resend, signedIn, async (request) =>
    invitations.resend(currentUser(request), request.params.id, request.params.invitationId),
  );
  route(app, api.preview, { schema: { tags: ['workspaces'] } }, async (request) =>
    invitations.preview(request.params.token),
  );
  route(app, api.accept, signedIn, async (request) =>
    invitations.accept(currentUser(request), request.params.token),
  );

  const tokens = { ...signedIn, schema: { tags: ['api tokens'], security } };
  route(app, apiTokensApi.create, tokens, async (request, reply) => {
    const user = currentUser(request);
    const viaToken = request.apiTokenId !== null;
    const created = await apiTokens.create(user, viaToken, request.params.id, request.body.name);
    return reply.code(201).send(created);
  });
  route(app, apiTokensApi.list, tokens, async (request) =>
    apiTokens.list(currentUser(request), request.apiTokenId !== null, request.params.id),
  );
  route(app, apiTokensApi.revoke, tokens, async (request) => {
    const { id, tokenId } = request.params;
    return apiTokens.revoke(currentUser(request), request.apiTokenId !== null, id, tokenId);
  });
};
