import { sql } from 'drizzle-orm';
import { MSG, PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import type { AppContext } from '../context.ts';
import { publishChange } from '../modules/generation/change-feed.ts';
import type { JobRef, Target } from '../modules/generation/generation.repo.ts';
import { sendPageJobs } from '../modules/generation/page-jobs.ts';
import { sendScoreJob } from '../modules/locations/similarity.job.ts';
import { DEPLOY_STALE_MS } from '../modules/publishing/publish.service.ts';
import { bossSchemaOf, QUEUES } from './boss.ts';

const SWEEP_MS = 30_000;
/**
 * A page is queued in one transaction and its job sent right after; a queued page still
 * without a job this long after it was queued lost its job to a crash between the two. (Were
 * the sender only slow, the page would get two jobs: harmless, the second finds it taken.)
 */
const ORPHAN_AFTER_MS = 60_000;
// Any fixed number, the same in every process: one worker sweeps at a time.
const SWEEP_LOCK = 4_172_026_002;

type Orphan = JobRef & { target: Target };

/**
 * What a process killed mid-step leaves behind, put right (DESIGN §5: a killed worker loses
 * no page). Pages queued without a job get one; a project whose pages are all settled but
 * which still says In progress is settled; a deploy whose worker died ends as interrupted.
 * `before` bounds what counts as left behind: everything at the boot of the embedded mode
 * (the folder's lock says no other process runs), only what has been still for a while when
 * other processes may be mid-step on the same PostgreSQL.
 */
async function sweep(ctx: AppContext, before: { orphans: Date; deploys: Date }) {
  const { db, repos } = ctx;
  const found = await db.execute(sql`
    select t.target, t.id, t.project_id as "projectId", t.model from (
      select 'page' as target, id, project_id, model, updated_at from pages where status = ${PAGE_STATUS.queued}
      union all
      select 'city', id, project_id, model, updated_at from cities where status = ${PAGE_STATUS.queued}
    ) t
    where t.updated_at < ${before.orphans.toISOString()}::timestamptz
      and not exists (
        select 1 from ${sql.identifier(bossSchemaOf(ctx.boss))}.job j
        where j.name = ${QUEUES.generatePage}
          and j.state in ('created', 'retry', 'active')
          and j.data->>'pageId' = t.id::text)`);
  const orphans = (found as unknown as { rows: Orphan[] }).rows;
  const byProject = Map.groupBy(orphans, (o) => o.projectId);
  for (const [projectId, pages] of byProject) {
    const owned = await repos.projectsRepo.withOwner(projectId);
    if (!owned) continue;
    for (const target of ['page', 'city'] as const)
      await sendPageJobs(ctx.boss, {
        owner: owned.owner,
        pages: pages.filter((p) => p.target === target),
        target,
        serverKeys: ctx.serverKeys,
      });
  }
  if (orphans.length)
    ctx.logger.warn({ pages: orphans.length }, 'queued pages had lost their jobs; sent again');

  // The last page of a project written just before a crash, with the project never settled.
  const busy = await db.execute(
    sql`select id from projects where lower(status) = ${PROJECT_STATUS.inProgress.toLowerCase()}`,
  );
  for (const { id } of (busy as unknown as { rows: Array<{ id: string }> }).rows) {
    const status = await repos.generationRepo.settleProject(id);
    if (!status) continue;
    await publishChange(db, { projectId: id, kind: 'project', id, status });
    await sendScoreJob(ctx.boss, id);
  }

  const deploys = await repos.publishingRepo.abandonAllStale(before.deploys, MSG.deployInterrupted);
  if (deploys) ctx.logger.warn({ deploys }, 'deploys whose worker went away ended as interrupted');
}

/** One sweep at a time across worker processes (PostgreSQL); PGlite has one process anyway. */
async function sweepOnce(ctx: AppContext, before: { orphans: Date; deploys: Date }) {
  if (ctx.handle.kind === 'pglite') return sweep(ctx, before);
  const client = await ctx.handle.pool.connect();
  try {
    const { rows } = await client.query<{ got: boolean }>(
      'select pg_try_advisory_lock($1) as got',
      [SWEEP_LOCK],
    );
    if (!rows[0]?.got) return;
    try {
      await sweep(ctx, before);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SWEEP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Run by a server process that runs workers, before they start. In the embedded mode
 * everything in flight at boot was left by a dead process; with PostgreSQL a sweep every
 * half minute catches what a dead worker or API process left, once it has been still long enough.
 */
export async function startRecovery(ctx: AppContext): Promise<void> {
  const still = () => ({
    orphans: new Date(Date.now() - ORPHAN_AFTER_MS),
    deploys: new Date(Date.now() - DEPLOY_STALE_MS),
  });
  const run = (before: { orphans: Date; deploys: Date }) =>
    sweepOnce(ctx, before).catch((err: unknown) =>
      ctx.logger.warn({ err }, 'recovery sweep failed'),
    );
  if (ctx.handle.kind === 'pglite') {
    const now = new Date();
    await run({ orphans: now, deploys: now });
    return;
  }
  await run(still());
  setInterval(() => void run(still()), SWEEP_MS).unref();
}
