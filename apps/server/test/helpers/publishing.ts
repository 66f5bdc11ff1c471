import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { isDeployActive, type TProject, type TPublishResult } from '@cityforge/shared';
import { cities, deploys, projects } from '../../src/db/schema/index.ts';
import { QUEUES } from '../../src/jobs/boss.ts';
import type { TestApp } from './app.ts';
import { until } from './wait.ts';
import { giveKeys, signedInUser } from './factories.ts';
import { settled } from './generation.ts';
import type { Headers } from './http.ts';
import { spreadsheet, uploaded } from './locations.ts';

export const NETLIFY_TOKEN = 'netlify-test-token';

/** Stores a Netlify token on a user the way the profile does (encrypted at rest). */
export async function giveNetlifyToken(t: TestApp, userId: string, token = NETLIFY_TOKEN) {
  await t.ctx.repos.usersRepo.update(userId, {
    netlifyTokenEnc: t.ctx.cipher.encrypt(token, { userId, field: 'netlifyTokenEnc' }),
  });
}

const CITIES = [
  ['City', 'State', 'County', 'ZIP'],
  ['Austin', 'TX', 'Travis', '78701, 78702'],
  ['Pflugerville', 'TX', 'Travis', '78660'],
  ['Round Rock', 'TX', 'Williamson', '78664'],
  ['Boise', 'ID', 'Ada', '83702'],
];

/**
 * A user with a Netlify token and a written project on the offline model: homepage, main
 * and service pages, and four city pages in two states (or the sheet's `cities`), with
 * tracking codes.
 */
export async function siteProject(
  t: TestApp,
  opts: {
    token?: string | null;
    cities?: string[][];
    owner?: Awaited<ReturnType<typeof signedInUser>>;
  } = {},
) {
  // A paying customer: the plan's limits are not what these tests are about.
  const u = opts.owner ?? (await signedInUser(t, { plan: 'basic' }));
  await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
  if (opts.token !== null) await giveNetlifyToken(t, u.user.id, opts.token ?? NETLIFY_TOKEN);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects/create/',
    headers: u.headers,
    payload: {
      name: 'Lone Star Plumbing',
      serviceType: 'Plumbing',
      model: 'offline-draft',
      prompt: 'Family plumbers since 1998.\n- Drain Cleaning\n- Water Heater Repair',
      contactPhoneNumber: '(512) 555-0199',
      email: 'hello@lonestar.test',
      createServicePages: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { data: { id: string } }).data.id;
  await settled(t, id, u.headers);
  await uploaded(t, id, u.headers, [spreadsheet('csv', opts.cities ?? CITIES)]);
  await settled(t, id, u.headers);
  // The settle queued the pages' scoring: the site is the one a deploy sees once it is done
  // (a test that reads the project twice must not see the scores land in between).
  await t.drainQueue(QUEUES.scoreSimilarity);
  await t.ctx.repos.projectsRepo.update(id, {
    trackingCodeHead: '<script async src="https://stats.example/t.js"></script>',
    trackingCodeBody: '<noscript><img src="https://stats.example/p.gif" alt=""></noscript>',
  });
  return { ...u, id };
}

/**
 * Edits a written city after the last deploy, as the editor would: `html` added to its page,
 * stamped 5 s after its last write (the sitemap's lastmod has whole seconds, and a test can
 * run inside one).
 */
export async function appendToCity(t: TestApp, projectId: string, name: string, html: string) {
  const [city] = await t.ctx.db
    .select()
    .from(cities)
    .where(and(eq(cities.projectId, projectId), eq(cities.name, name)));
  await t.ctx.db
    .update(cities)
    .set({
      contentHtml: `${city!.contentHtml}${html}`,
      updatedAt: new Date(city!.updatedAt.getTime() + 5_000),
    })
    .where(eq(cities.id, city!.id));
}

export async function publish(t: TestApp, id: string, headers: Headers) {
  return t.app.inject({ method: 'POST', url: `/api/projects/${id}/publish/`, headers });
}

export async function published(t: TestApp, id: string, headers: Headers): Promise<TPublishResult> {
  const res = await publish(t, id, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TPublishResult;
}

const run = promisify(execFile);
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

/** The project as the list and the card read it (GET /api/projects/{id}/). */
export async function projectOf(t: TestApp, id: string, headers: Headers): Promise<TProject> {
  const res = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TProject }).data;
}

/** The clock reaches a staged release's next batch. Answers the project's last deploy before it. */
export async function makeDue(t: TestApp, id: string): Promise<string | null> {
  const [last] = await t.ctx.db
    .select({ id: deploys.id })
    .from(deploys)
    .where(eq(deploys.projectId, id))
    .orderBy(desc(deploys.startedAt))
    .limit(1);
  await t.ctx.db
    .update(projects)
    .set({ nextReleaseAt: new Date(Date.now() - 1000) })
    .where(eq(projects.id, id));
  return last?.id ?? null;
}

/**
 * Waits for the scheduled check to have released `live` places and for the batch's own deploy
 * (not `since`, the one before it: `makeDue`'s answer) to be over. The project is read in
 * statements of their own (its row, its deploy, its counts): one read can have the last deploy
 * from before the batch's transaction and the count from after it. Once the batch's own deploy
 * shows, all of it is from after.
 */
export async function batchOut(
  t: TestApp,
  id: string,
  headers: Headers,
  live: number,
  since: string | null,
): Promise<TProject> {
  const project = await until(
    () => projectOf(t, id, headers),
    (p) =>
      !!p.deployment &&
      p.deployment.id !== since &&
      p.release?.live === live &&
      !isDeployActive(p.deployment.state),
    `the batch of ${live} to be out`,
  );
  expect(project.deployment?.state, project.deployment?.error ?? '').toBe('ready');
  return project;
}

export type VnuMessage = { type: string; url?: string; message: string; extract?: string };

/** The Nu HTML Checker (vnu.jar on the machine's Java) over every HTML file under `dir`. */
export async function validateHtml(dir: string): Promise<VnuMessage[]> {
  // vnu exits 1 when it found errors; its JSON report is on stderr either way.
  const { stderr } = await run(
    'java',
    ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--skip-non-html', dir],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stderr?: string; code?: number }) => {
    if (error.code !== 1) throw error;
    return { stderr: error.stderr ?? '' };
  });
  const report = JSON.parse(stderr) as { messages?: VnuMessage[] };
  if (!Array.isArray(report.messages)) throw new Error(`unexpected vnu output: ${stderr}`);
  return report.messages.filter((m) => m.type === 'error');
}

/** Writes files (path → content) into a fresh temporary folder. */
export function folderOf(files: Map<string, Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-site-'));
  for (const [file, body] of files) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, body);
  }
  return dir;
}
