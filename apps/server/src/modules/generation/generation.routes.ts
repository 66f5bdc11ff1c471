import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreatePage, ZRegenerateSimilarResult } from '@cityforge/shared';
import type { ProjectRow, UserRow } from '../../db/schema/index.ts';
import { currentUser } from '../auth/auth.plugin.ts';
import type { ChangeFeed } from './change-feed.ts';
import type { GenerationService } from './generation.service.ts';
import { ZCityParams, ZProjectParams, ZPageParams } from '../../lib/route-params.ts';
import { createUserSlots, USER_CAPS } from '../../lib/user-slots.ts';

const ZRetryAnswer = z.object({ message: z.string(), status: z.string() });
const ZItemRetryAnswer = z.object({
  message: z.string(),
  data: z.object({ id: z.string(), status: z.string() }),
});

/** Browsers and proxies drop idle streams; a comment every 15 s keeps this one open. */
const PING_MS = 15_000;
/** How often an open stream checks that its session still stands (logout, expiry, disabled). */
const SESSION_CHECK_MS = 5_000;

export const generationRoutes: FastifyPluginAsyncZod<{
  generationService: GenerationService;
  changeFeed: ChangeFeed;
  owned: (user: UserRow, id: string) => Promise<ProjectRow>;
}> = async (app, { generationService: svc, changeFeed, owned }) => {
  const tags = ['generation'];
  const streamSlots = createUserSlots(
    USER_CAPS.eventStreams,
    `At most ${USER_CAPS.eventStreams} live progress views can be open at once; close a tab and the others keep updating.`,
  );
  app.addHook('onRequest', app.requireUser);
  // Open event streams end with the server, so a graceful stop does not wait on them.
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const close of [...streams]) close();
  });

  app.post(
    '/api/projects/:id/retry/',
    { schema: { tags, params: ZProjectParams, response: { 200: ZRetryAnswer } } },
    async (request) => svc.retryProject(currentUser(request), request.params.id),
  );
  app.post(
    '/api/projects/:id/page/:pageId/retry/',
    {
      schema: {
        tags,
        params: ZPageParams,
        response: { 200: ZItemRetryAnswer },
      },
    },
    async (request) =>
      svc.retryPage(currentUser(request), request.params.id, request.params.pageId),
  );
  app.post(
    '/api/projects/:id/city/:cityId/retry/',
    { schema: { tags, params: ZCityParams, response: { 200: ZItemRetryAnswer } } },
    async (request) =>
      svc.retryCity(currentUser(request), request.params.id, request.params.cityId),
  );
  app.post(
    '/api/projects/:id/cities/regenerate-similar/',
    { schema: { tags, params: ZProjectParams, response: { 200: ZRegenerateSimilarResult } } },
    async (request) => svc.regenerateSimilar(currentUser(request), request.params.id),
  );
  app.post(
    '/api/projects/:id/create_page/',
    {
      schema: {
        tags,
        params: ZProjectParams,
        body: ZCreatePage,
        response: {
          201: z.object({
            message: z.string(),
            data: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
          }),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await svc.createPage(currentUser(request), request.params.id, request.body)),
  );

  /**
   * Page state changes as server-sent events, so the detail screen updates the moment a page
   * finishes; the screen falls back to polling when the stream is unavailable.
   */
  app.get(
    '/api/projects/:id/events/',
    { schema: { tags, params: ZProjectParams, hide: true } },
    async (request, reply) => {
      const user = currentUser(request);
      const project = await owned(user, request.params.id);
      const release = streamSlots.take(user.id);
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      let unsubscribe: () => void;
      try {
        unsubscribe = await changeFeed.subscribe(project.id, (event) => {
          raw.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
        });
      } catch (err) {
        // The screen falls back to polling when the stream ends.
        request.log.warn({ err }, 'change feed unavailable');
        release();
        raw.end();
        return;
      }
      // Only once listening: a client that acts on "connected" must not miss what follows.
      raw.write(`retry: 2000\n: connected\n\n`);
      const ping = setInterval(() => raw.write(`: ping\n\n`), PING_MS);
      // A stream outlives the request that opened it: the session it was opened under is
      // checked again (token expiry, logout, a disabled account) and the stream ends with it.
      // The client reconnects with a fresh token, or stops when the session is gone.
      const recheck = setInterval(() => {
        app.requireUser(request).catch(() => {
          raw.write(`event: session-ended\ndata: {}\n\n`);
          end();
        });
      }, SESSION_CHECK_MS);
      const end = () => {
        if (!streams.delete(end)) return;
        clearInterval(ping);
        clearInterval(recheck);
        unsubscribe();
        release();
        raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
      // Gone while the feed was being joined: 'close' has fired already.
      if (raw.destroyed || request.raw.socket?.destroyed) end();
    },
  );
};
