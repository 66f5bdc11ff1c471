import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TClientConfig } from '@cityforge/shared';

const ZClientConfig = z.object({ sentryDsn: z.string().nullable() });

/**
 * The web app's run-time settings, public by nature: a DSN only lets a client send events,
 * which is why Sentry puts it in every browser bundle. Cached briefly: every page load asks.
 */
export const clientConfigRoutes: FastifyPluginAsyncZod<{ sentryDsn: string | undefined }> = async (
  app,
  { sentryDsn },
) => {
  const body: TClientConfig = { sentryDsn: sentryDsn ?? null };
  app.get(
    '/api/client-config/',
    { schema: { tags: ['ops'], response: { 200: ZClientConfig } } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
};
