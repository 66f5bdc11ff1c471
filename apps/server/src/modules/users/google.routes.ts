import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { googleApi } from '@cityforge/shared';
import { currentUser } from '../../lib/request-user.ts';
import { requestOrigin, returnBase } from '../../lib/return-url.ts';
import { route } from '../../lib/route.ts';
import type { GoogleAccount } from './google-account.ts';

/** The account's Google connection: status, connect, Google's callback, disconnect. */
export const googleRoutes: FastifyPluginAsyncZod<{
  googleAccount: GoogleAccount;
  appUrl: string;
}> = async (app, { googleAccount: google, appUrl }) => {
  const signedIn = { onRequest: app.requireUser, schema: { tags: ['auth'] } };
  // Each one reaches Google: a few a minute is all a person needs.
  const limited = {
    config: {
      rateLimit: {
        max: 20,
        timeWindow: '1 minute',
        keyGenerator: (r: FastifyRequest) => r.user?.id ?? r.ip,
      },
    },
  };

  route(app, googleApi.status, signedIn, async (request) => google.status(currentUser(request)));
  route(app, googleApi.connect, { ...signedIn, ...limited }, async (request) =>
    google.connectUrl(currentUser(request), returnBase(appUrl, requestOrigin(request))),
  );
  route(app, googleApi.disconnect, { ...signedIn, ...limited }, async (request) =>
    google.disconnect(currentUser(request)),
  );
  // Google sends the browser here, without our session: the state says whose code it is.
  route(
    app,
    googleApi.callback,
    {
      ...limited,
      schema: {
        tags: ['auth'],
        summary: "Google's redirect back after its consent screen",
        description:
          'Answers 302 to the profile: `/profile?google=connected`, or `denied`, `expired` (a state that is altered, foreign or older than 10 minutes) or `failed`; only `connected` stores anything.',
      },
    },
    async (request, reply) => reply.redirect(await google.callback(request.query), 302),
  );
};
