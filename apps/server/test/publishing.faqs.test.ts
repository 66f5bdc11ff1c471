import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { faqsInHtml } from '@cityforge/shared/html';
import { cities, projects } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createFactsRepo } from '../src/modules/locations/facts.repo.ts';
import { createServiceCityRepo } from '../src/modules/pages/service-city.repo.ts';
import { createLocationsRepo } from '../src/modules/locations/locations.repo.ts';
import { scoreProject } from '../src/modules/locations/similarity.job.ts';
import { buildSite } from '../src/modules/publishing/site-build.ts';
import { createSiteOutput } from '../src/modules/publishing/site-output.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { appendToCity, siteProject } from './helpers/publishing.ts';

/**
 * A city page's FAQPage data follows the FAQs its HTML shows. The scoring, which reads every
 * written page anyway, stores them with the content hash it read them from; a build takes the
 * stored ones only while the hash is still the content's, and reads the markup otherwise.
 */
let t: TestApp;
let scratch: string;
beforeAll(async () => {
  t = await createTestApp();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-faqs-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const BOISE = '/states/idaho/ada-county/boise.html';

async function boise(projectId: string) {
  const [row] = await t.ctx.db
    .select()
    .from(cities)
    .where(and(eq(cities.projectId, projectId), eq(cities.name, 'Boise')));
  return row!;
}

/** The FAQPage questions of Boise's page in a fresh build of the project. */
async function builtQuestions(projectId: string, renderThreads: number): Promise<string[]> {
  const [project] = await t.ctx.db.select().from(projects).where(eq(projects.id, projectId));
  const out = createSiteOutput(fs.mkdtempSync(path.join(scratch, 'out-')));
  await buildSite({
    project: project!,
    siteUrl: 'https://lonestar.test',
    repo: t.ctx.repos.publishingRepo,
    images: { open: async () => null },
    out,
    renderThreads,
  });
  const html = fs.readFileSync(path.join(out.dir, BOISE), 'utf8');
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
  const faqPage = scripts
    .map((m) => JSON.parse(m[1]!) as { '@type': string; mainEntity?: Array<{ name: string }> })
    .find((data) => data['@type'] === 'FAQPage');
  return faqPage?.mainEntity?.map((q) => q.name) ?? [];
}

describe("a city page's FAQs", () => {
  it('are stored by the scoring with the hash of the content they were read from, and a build takes them only while it holds', async () => {
    const u = await siteProject(t);
    await scoreProject(
      {
        locations: createLocationsRepo(t.ctx.db),
        facts: createFactsRepo(t.ctx.db),
        serviceCities: createServiceCityRepo(t.ctx.db),
      },
      u.id,
    );
    const scored = await boise(u.id);
    expect(scored.faqsHash).toBe(scored.contentHash);
    expect(scored.faqs).toEqual(faqsInHtml(scored.contentHtml!));
    expect(scored.faqs!.length).toBeGreaterThan(0);

    // What the build shows is what was stored (a stand-in here, to tell the two apart), on
    // this thread and on a render thread.
    const stored = [{ question: 'Stored question?', answer: 'Stored answer.' }];
    await t.ctx.db.update(cities).set({ faqs: stored }).where(eq(cities.id, scored.id));
    for (const threads of [0, 1])
      expect(await builtQuestions(u.id, threads)).toEqual(['Stored question?']);

    // The content changed since: the stored FAQs are not its own, the markup is read again.
    await appendToCity(
      t,
      u.id,
      'Boise',
      '<section class="faq"><details><summary>Open on Sundays?</summary><p>Yes.</p></details></section>',
    );
    const edited = await boise(u.id);
    expect(edited.faqsHash).not.toBe(edited.contentHash);
    const fromMarkup = faqsInHtml(edited.contentHtml!).map((f) => f.question);
    expect(fromMarkup).toContain('Open on Sundays?');
    expect(await builtQuestions(u.id, 0)).toEqual(fromMarkup);

    // The next scoring stores the edited page's FAQs under its new hash.
    await scoreProject(
      {
        locations: createLocationsRepo(t.ctx.db),
        facts: createFactsRepo(t.ctx.db),
        serviceCities: createServiceCityRepo(t.ctx.db),
      },
      u.id,
    );
    const rescored = await boise(u.id);
    expect(rescored.faqsHash).toBe(rescored.contentHash);
    expect(rescored.faqs!.map((f) => f.question)).toEqual(fromMarkup);
    expect(await builtQuestions(u.id, 1)).toEqual(fromMarkup);
  });

  it('of pages scored before the scoring kept them are read by a scoring the recovery sweep asks for', async () => {
    const u = await siteProject(t);
    await t.drainQueue(QUEUES.scoreSimilarity);
    await t.ctx.db
      .update(cities)
      .set({ faqs: null, faqsHash: null })
      .where(eq(cities.projectId, u.id));
    await t.ctx.modules.generation.recover(new Date());
    await t.drainQueue(QUEUES.scoreSimilarity);
    const row = await boise(u.id);
    expect(row.faqsHash).toBe(row.contentHash);
    expect(row.faqs).toEqual(faqsInHtml(row.contentHtml!));
  });
});
