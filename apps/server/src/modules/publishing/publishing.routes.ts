import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publishingApi, SITE_NOTE_HEADER, SITE_REDIRECTS_PAGE_SIZE } from '@cityforge/shared';
import { paged } from '../../lib/paging.ts';
import { route } from '../../lib/route.ts';
import { createUserSlots, USER_CAPS } from '../../lib/user-slots.ts';
import { currentUser } from '../../lib/request-user.ts';
import type { PublishService } from './publish.service.ts';

export const publishingRoutes: FastifyPluginAsyncZod<{ publishService: PublishService }> = async (
  app,
  { publishService: svc },
) => {
  const docs = { schema: { tags: ['publishing'] } };
  // A download builds the whole site into a temporary folder and streams it: a few per user.
  const downloadSlots = createUserSlots(
    USER_CAPS.downloads,
    `At most ${USER_CAPS.downloads} site downloads can run at once; wait for one to finish.`,
  );
  app.addHook('onRequest', app.requireUser);

  route(app, publishingApi.publish, docs, async (request, reply) => {
    const { status, body } = await svc.publish(currentUser(request), request.params.id);
    return reply.status(status).send(body);
  });
  route(app, publishingApi.deployment, docs, async (request) => ({
    data: await svc.deployment(currentUser(request), request.params.id),
  }));
  route(app, publishingApi.downloadSite, docs, async (request, reply) => {
    const user = currentUser(request);
    const release = downloadSlots.take(user.id);
    // The slot is held until the last byte is sent or the client goes away, whenever that is:
    // a client that leaves during the build gives it back at once, and the build stops.
    const left = new AbortController();
    reply.raw.once('close', () => {
      release();
      left.abort(new Error('the client left before the download was sent'));
    });
    let zip;
    try {
      zip = await svc.download(user, request.params.id, left.signal);
    } catch (error) {
      release();
      // Its build was stopped because the client left: nobody to answer, nothing went wrong.
      if (left.signal.aborted) return reply;
      throw error;
    }
    if (left.signal.aborted) {
      zip.stream.destroy();
      return reply;
    }
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${zip.filename}"`)
      .header('x-site-files', String(zip.files))
      .headers(zip.note ? { [SITE_NOTE_HEADER]: zip.note } : {})
      .send(zip.stream);
  });
  route(app, publishingApi.redirects, docs, async (request) => {
    const { page } = request.query;
    const { count, results } = await svc.redirects(currentUser(request), request.params.id, page);
    return paged(request.url, page, SITE_REDIRECTS_PAGE_SIZE, count, results);
  });
  route(app, publishingApi.deleteNetlifySite, docs, async (request) =>
    svc.deleteSite(currentUser(request), request.params.id, request.body.site_url),
  );
};
