import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq } from 'drizzle-orm';
import type { TPublishResult } from '@cityforge/shared';
import { boot, shutdown } from '../apps/server/src/boot.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { cities, pages } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/lib/logger.ts';
import { startWorkers } from '../apps/server/src/workers.ts';
import { startNetlifyThread, type NetlifyThread } from './netlify-thread.ts';
import { NETLIFY_CLI_VERSION, ensureNetlifyCli, netlifyCliDeploy } from './netlify-cli.ts';
import type { SeededSite } from './site-build-data.ts';

type Line = (name: string, value: string, budget?: string) => void;

const TOKEN = 'netlify-bench-token';
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const n = (value: number) => value.toLocaleString('en-US');

/**
 * An incremental redeploy uploads only changed files. The real publish path end to
 * end, in this process: the app on the seeded database with its workers, the owner's Netlify
 * token stored encrypted as the profile stores it, POST /api/projects/{id}/publish/ (the
 * deploy runs as a pg-boss job; the call answers when it is ready), and the local fake Netlify
 * API on the other side, on a thread of its own (netlify-thread.ts). Three deploys: a cold
 * first one (the site built and sent), unchanged, and after editing one city.
 *
 * Then the peer: netlify-cli's own `netlify deploy --prod` (bench/netlify-cli.ts) sends the
 * same site, as built by the site bench into `builtDir`, to a new site on the same fake, and
 * one line compares its wall time with our first deploy's (goal: ≥ 3× faster).
 */
export type PublishBenchJob = {
  dataDir: string;
  email: string;
  password: string;
  userId: string;
  site: SeededSite;
  /** The same site built by the site bench; netlify-cli deploys this folder. */
  builtDir: string;
  /** What the last redeploy changes: one city's page (default) or one service's description. */
  edit?: 'city' | 'service';
};

export async function publishBench(line: Line, opts: PublishBenchJob) {
  const netlify = await startNetlifyThread({ tokens: [TOKEN], processingPolls: 1 });
  const config = loadConfig({
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'silent',
    NETLIFY_API_URL: netlify.url,
    // The local fake has no rate limit, nor does netlify-cli keep one: paced to Netlify's 500
    // calls a minute, 13,000 uploads would measure the limit, not the deploy.
    NETLIFY_CALLS_PER_WINDOW: '1000000',
    NETLIFY_DEPLOYS_PER_WINDOW: '100',
    WEB_DIST_DIR: path.join(opts.dataDir, 'no-web-build'),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const ctx = await boot(config, createLogger(config.LOG_LEVEL)).catch(async (error: unknown) => {
    await netlify.close();
    throw error;
  });
  const app = await buildApp(ctx);
  try {
    await startWorkers(ctx);
    await app.ready();
    await ctx.repos.usersRepo.update(opts.userId, {
      netlifyTokenEnc: ctx.cipher.encrypt(TOKEN, { userId: opts.userId, field: 'netlifyTokenEnc' }),
    });
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: opts.email, password: opts.password },
    });
    if (login.statusCode !== 200)
      throw new Error(`login failed ${login.statusCode}: ${login.body}`);
    const headers = { authorization: `Bearer ${(login.json() as { access: string }).access}` };
    const { projectId } = opts.site;

    /** One publish, with the time it spent in each state of the deploy row. */
    async function deploy(label: string, expected: string) {
      const before = await netlify.uploadCount();
      const previous = (await ctx.repos.publishingRepo.latestDeploy(projectId))?.id;
      const phases = new Map<string, number>();
      let watching = true;
      const started = performance.now();
      const watch = (async () => {
        while (watching) {
          const row = await ctx.repos.publishingRepo.latestDeploy(projectId);
          if (row && row.id !== previous && !phases.has(row.state))
            phases.set(row.state, performance.now() - started);
          // The screen polls every 5 s. Every 50 ms for the first 2 s tells a redeploy's
          // phases apart; then every 250 ms, so as not to take the embedded database from a
          // long build (at 50 ms throughout: ~0.6 s of its time in a first deploy).
          await sleep(performance.now() - started < 2_000 ? 50 : 250);
        }
      })();
      const res = await app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/publish/`,
        headers,
      });
      const ms = performance.now() - started;
      watching = false;
      await watch;
      if (res.statusCode !== 200)
        throw new Error(`publish answered ${res.statusCode}: ${res.body}`);
      const { deployment: d } = res.json() as TPublishResult;
      const received = await netlify.uploads(before);
      const paths = received.map((u) => u.path).sort();
      const zipped = received.filter((u) => u.via === 'zip').length;
      const agrees = d.filesToUpload === paths.length && d.filesUploaded === paths.length;
      // The build ends when the deploy leaves 'building' (as the polling above saw it).
      const built = phases.get('uploading') ?? phases.get('processing');
      const split =
        built !== undefined
          ? `build ~${s(built)}, digest + upload + ready ~${s(ms - built)}`
          : 'phases not seen';
      line(`deploy ${label}: time`, s(ms), `POST publish/ until ready; ${split}`);
      line(
        `deploy ${label}: files / uploaded`,
        `${n(d.filesTotal)} / ${n(d.filesToUpload)}`,
        `fake Netlify got ${n(paths.length)} files${zipped ? `, ${n(zipped)} of them in one ZIP` : ''} (${agrees ? 'agrees' : 'DISAGREES'} with filesToUpload/filesUploaded ${d.filesToUpload}/${d.filesUploaded}); expected ${expected}` +
          (paths.length && paths.length <= 5 ? `: ${paths.join(', ')}` : ''),
      );
      return { d, ms };
    }

    const { cities: places, serviceCities } = opts.site;
    const what = `${n(places)} cities${serviceCities ? ` + ${n(serviceCities)} service-city pages` : ''}`;
    const cold = await deploy(`${what}, first`, 'every file');
    await deploy('redeploy unchanged', '0');
    if (opts.edit === 'service') await editService(ctx.db, projectId);
    else await editCity(ctx.db, projectId);
    await deploy(
      opts.edit === 'service'
        ? 'redeploy after 1 service description edit'
        : 'redeploy after 1 city edit',
      opts.edit === 'service'
        ? '2 (the service page + sitemap.xml): its city pages keep their own words'
        : '2 (the page + sitemap.xml)',
    );
    await foldersGone(opts.dataDir);
    await cliPeer(line, netlify, opts.builtDir, cold.ms, cold.d.filesTotal);
  } finally {
    await app.close();
    await shutdown(ctx);
    await netlify.close();
  }
}

type BenchDb = Awaited<ReturnType<typeof boot>>['db'];

/** One city's page gains a line, as an edit in the editor saves it. */
async function editCity(db: BenchDb, projectId: string) {
  const [city] = await db
    .select({ id: cities.id, name: cities.name, contentHtml: cities.contentHtml })
    .from(cities)
    .where(eq(cities.projectId, projectId))
    .orderBy(asc(cities.name))
    .limit(1);
  await db
    .update(cities)
    .set({
      contentHtml: `${city!.contentHtml}\n<section class="section"><p>Now open on Sundays in ${city!.name}.</p></section>`,
      updatedAt: new Date(),
    })
    .where(eq(cities.id, city!.id));
}

/** The first service's description (its page's first paragraph) says something new. */
async function editService(db: BenchDb, projectId: string) {
  const [service] = await db
    .select({ id: pages.id, contentHtml: pages.contentHtml })
    .from(pages)
    .where(and(eq(pages.projectId, projectId), eq(pages.kind, 'service')))
    .orderBy(asc(pages.sortOrder))
    .limit(1);
  await db
    .update(pages)
    .set({
      contentHtml: service!.contentHtml!.replace(
        '<p>',
        '<p>Now with a camera inspection on every call. ',
      ),
      updatedAt: new Date(),
    })
    .where(eq(pages.id, service!.id));
}

/**
 * Our finished deploys' build folders go once the worker has been idle for a moment
 * (build-folders.ts): what runs next runs after that, not beside it.
 */
async function foldersGone(dataDir: string) {
  const folders = path.join(dataDir, 'deploys');
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (!fs.existsSync(folders) || fs.readdirSync(folders).length === 0) break;
    await sleep(100);
  }
}

/**
 * One line: our cold first deploy's time (the site built and sent) against `netlify deploy` of
 * the same files, already built, or why not.
 */
async function cliPeer(
  line: Line,
  netlify: NetlifyThread,
  builtDir: string,
  oursMs: number,
  oursFiles: number,
) {
  const label = 'first deploy vs netlify-cli';
  const cli = await ensureNetlifyCli();
  if (!cli.ok) return line(label, 'skipped', cli.reason);
  const installed =
    cli.installMs === null ? 'cached install' : `installed this run in ${s(cli.installMs)}`;
  const siteName = 'netlify-cli-peer';
  const created = await fetch(`${netlify.url}/sites`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: siteName }),
  });
  if (!created.ok) throw new Error(`fake Netlify refused the peer's site: ${created.status}`);
  const before = await netlify.uploadCount();
  const run = await netlifyCliDeploy({
    entry: cli.entry,
    apiUrl: netlify.url,
    token: TOKEN,
    siteName,
    dir: builtDir,
  });
  if (!run.ok) return line(label, 'skipped', `netlify-cli ${NETLIFY_CLI_VERSION}: ${run.reason}`);
  // Its exit code alone is not trusted: the deploy it names must be the site's live one.
  const deployId = /"deploy_id":\s*"([^"]+)"/.exec(run.stdout)?.[1];
  const site = await netlify.site(`${siteName}.netlify.app`);
  if (!deployId || site?.publishedDeployId !== deployId)
    return line(label, 'skipped', 'netlify-cli exited 0 but no deploy of it is live on the fake');
  const uploaded = (await netlify.uploadCount()) - before;
  const live = await netlify.publishedCount(site.id);
  const ratio = run.ms / oursMs;
  line(
    label,
    `${s(oursMs)} vs ${s(run.ms)}`,
    `${ratio >= 1 ? `${ratio.toFixed(1)}× faster` : `${(1 / ratio).toFixed(1)}× slower`}; goal ≥ 3× ` +
      `(ours: POST publish/ until ready, the site built and sent, ${n(oursFiles)} files; netlify-cli ` +
      `${NETLIFY_CLI_VERSION} deploy --prod of the built folder: ${n(uploaded)} uploads, ` +
      `${n(live)} files live; ${installed})`,
  );
}
