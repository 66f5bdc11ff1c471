import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsApi, type TClientConfig } from '@cityforge/shared';
import { route } from '../../lib/route.ts';

/**
 * The web app's run-time settings, public by nature: a DSN only lets a client send events,
 * which is why Sentry puts it in every browser bundle. Cached briefly: every page load asks.
 */
export const clientConfigRoutes: FastifyPluginAsyncZod<{ sentryDsn: string | undefined }> = async (
  app,
  { sentryDsn },
) => {
  const body: TClientConfig = { sentryDsn: sentryDsn ?? null };
  route(app, opsApi.clientConfig, { schema: { tags: ['ops'] } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(body),
  );
};
