import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { APP_VERSION, opsApi } from '@cityforge/shared';
import type { PgBoss } from 'pg-boss';
import type { DbHandle } from '../../db/client.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { route } from '../../lib/route.ts';

async function timed(check: () => Promise<unknown>, onError: (err: unknown) => void) {
  const start = performance.now();
  try {
    await check();
    return { ok: true, latencyMs: Math.round(performance.now() - start) };
  } catch (err) {
    onError(err);
    // The driver's text names hosts, users and databases: the anonymous health page must not.
    return { ok: false, latencyMs: Math.round(performance.now() - start), detail: 'unavailable' };
  }
}

/** What the health check reads: the database and the job queue. */
export interface HealthDeps {
  db: DbHandle['db'];
  boss: PgBoss;
  handle: DbHandle;
}

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: HealthDeps }> = async (app, { ctx }) => {
  route(app, opsApi.health, { schema: { tags: ['ops'] } }, async (request, reply) => {
    const logged = (what: string) => (err: unknown) =>
      request.log.warn({ err }, `health: ${what} unavailable`);
    const database = await timed(() => ctx.db.execute(sql`select 1`), logged('database'));
    const queue = await timed(async () => {
      if (!(await ctx.boss.getQueue(QUEUES.sendMail))) throw new Error('queues not created');
    }, logged('queue'));
    const ok = database.ok && queue.ok;
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      version: APP_VERSION,
      database: { ...database, kind: ctx.handle.kind },
      queue,
    });
  });
};
