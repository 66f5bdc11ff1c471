import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MSG } from '@cityforge/shared';

// /images/ is the server's too: an unknown image is a 404, never the app's index.html.
const API_PREFIXES = ['/api/', '/auth/', '/images/'];

/**
 * Serves the built SPA from the same origin as the API: hashed assets cached forever,
 * index.html for every other GET that accepts HTML (client-side routes), JSON 404s for
 * unknown API paths.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    const wantsHtml =
      request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (isApi || !wantsHtml) return reply.status(404).send({ message: MSG.notFound });
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build`, then restart the server.');
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html')
      .send(fs.createReadStream(indexPath));
  });
}
