import zlib from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/**
 * Answers that cost less on the wire: an ETag on every answer built in memory, so the
 * five-second polling of a project revalidates (If-None-Match → 304, no body) instead of
 * downloading the whole tree again, and br/gzip for whatever is sent (JSON, the web app's
 * files). Event streams are written on the raw socket and never pass through here; ZIPs and
 * images are not compressible types and are sent as they are.
 */
export async function registerCompactAnswers(app: FastifyInstance): Promise<void> {
  // Before compression: the tag is of the answer itself, whatever encoding a client gets.
  await app.register(etag, { weak: true });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) is for files compressed once; at 4 a 1.6 MB answer
    // compresses in a few ms to nearly gzip -9's size. Its default 4 MB window is set up anew
    // for every answer: a 256 KB one (18) doubled the br answers a second (a 70 KB project
    // tree, 10 connections) for the same bytes.
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      },
    },
    zlibOptions: { level: 6 },
  });
  // API reads may be kept by the browser for this user only, and are asked about every time:
  // that is what makes its fetch send If-None-Match on the next poll.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method === 'GET' &&
      !reply.hasHeader('cache-control') &&
      (request.url.startsWith('/api/') || request.url.startsWith('/auth/'))
    )
      reply.header('cache-control', 'private, no-cache');
    return payload;
  });
}
