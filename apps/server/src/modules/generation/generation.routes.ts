import type { Access } from '../projects/index.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generationApi } from '@cityforge/shared';
import { currentUser } from '../../lib/request-user.ts';
import type { ChangeFeed } from './change-feed.ts';
import type { GenerationService } from './generation.service.ts';
import { route } from '../../lib/route.ts';
import { createUserSlots, USER_CAPS } from '../../lib/user-slots.ts';

/** Browsers and proxies drop idle streams; a comment every 15 s keeps this one open. */
const PING_MS = 15_000;
/** How often an open stream checks that its session still stands (logout, expiry, disabled). */
const SESSION_CHECK_MS = 5_000;

export const generationRoutes: FastifyPluginAsyncZod<{
  generationService: GenerationService;
  changeFeed: ChangeFeed;
  access: Access;
}> = async (app, { generationService: svc, changeFeed, access }) => {
  const docs = { schema: { tags: ['generation'] } };
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

  route(app, generationApi.retryProject, docs, async (request) =>
    svc.retryProject(currentUser(request), request.params.id, request.query),
  );
  route(app, generationApi.retryPage, docs, async (request) =>
    svc.retryPage(currentUser(request), request.params.id, request.params.pageId, request.query),
  );
  route(app, generationApi.retryCity, docs, async (request) =>
    svc.retryCity(currentUser(request), request.params.id, request.params.cityId, request.query),
  );
  route(app, generationApi.regenerateSimilar, docs, async (request) =>
    svc.regenerateSimilar(currentUser(request), request.params.id, request.query),
  );
  route(app, generationApi.rewriteChanged, docs, async (request) =>
    svc.rewriteFactsChanged(currentUser(request), request.params.id, request.query),
  );
  route(app, generationApi.regeneratePage, docs, async (request) =>
    svc.regenerateOne(currentUser(request), request.params.id, 'page', request.params.pageId),
  );
  route(app, generationApi.regenerateCity, docs, async (request) =>
    request.query.service
      ? svc.regenerateServiceCity(
          currentUser(request),
          request.params.id,
          request.params.cityId,
          request.query.service,
        )
      : svc.regenerateOne(currentUser(request), request.params.id, 'city', request.params.cityId),
  );
  route(app, generationApi.createPage, docs, async (request, reply) =>
    reply
      .status(201)
      .send(await svc.createPage(currentUser(request), request.params.id, request.body)),
  );

  /**
   * Page state changes as server-sent events, so the detail screen updates the moment a page
   * finishes; the screen falls back to polling when the stream is unavailable.
   */
  route(
    app,
    generationApi.events,
    { schema: { tags: docs.schema.tags, hide: true } },
    async (request, reply) => {
      const user = currentUser(request);
      const project = await access(user, request.params.id, 'read');
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
