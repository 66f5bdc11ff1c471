import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { TLeanProjectDetail } from '@cityforge/shared';
import { rowsOf } from '../src/db/client.ts';
import { cities, cityFacts, locationCounties, locationStates } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createFactsRepo } from '../src/modules/locations/facts.repo.ts';
import { createServiceCityRepo } from '../src/modules/pages/service-city.repo.ts';
import { createLocationsRepo } from '../src/modules/locations/locations.repo.ts';
import { finishScores, measurePage, scoringIndexes } from '../src/modules/locations/page-scores.ts';
import { PAGES_PER_READ, PLACES_PER_READ } from '../src/modules/locations/score-reads.ts';
import { scoreProject } from '../src/modules/locations/similarity.job.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { http } from './helpers/http.ts';
import { spreadsheet, uploaded } from './helpers/locations.ts';

/**
 * Scoring for the quality gate runs in a process of its own, which asks this one for the pages
 * a slice at a time: the thread that answers requests never measures a page.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { get } = http(() => t);
const HEADER = ['City', 'State', 'County', 'ZIP'];

async function writtenProject(rows: string[][]) {
  const u = await signedInUser(t, { plan: 'basic' });
  const project = await createProject(t, u.user.id, {
    name: 'Lone Star Plumbing',
    serviceType: 'Plumbing',
    contactPhoneNumber: '512-555-0199',
  });
  await uploaded(t, project.id, u.headers, [spreadsheet('csv', [HEADER, ...rows])], {
    model: 'offline-draft',
  });
  await settled(t, project.id, u.headers);
  return { headers: u.headers, id: project.id };
}

async function lean(id: string, headers: Record<string, string>) {
  const res = await get(`/api/projects/${id}/detail/lean/`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TLeanProjectDetail }).data;
}

/** The state of the project's scoring job in the queue, if one was asked for. */
async function scoringJob(projectId: string): Promise<string | undefined> {
  const found = await t.ctx.db.execute(
    sql`select state from ${sql.identifier(t.bossSchema)}.job
         where name = ${QUEUES.scoreSimilarity} and data->>'projectId' = ${projectId}
         order by created_on desc limit 1`,
  );
  return rowsOf<{ state: string }>(found)[0]?.state;
}

/** This process's children that run the scoring (from /proc: the test reads the OS, no hook). */
function scoringProcesses(): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      return parent === process.pid && command.includes('score-worker.ts') ? [Number(entry)] : [];
    } catch {
      return []; // gone meanwhile
    }
  });
}

describe('scoring a project', () => {
  it('holds no request: the detail is answered while the scoring is stopped halfway', async () => {
    // A first project scored: the scoring process is up, and it is the only one.
    const first = await writtenProject([
      ['Austin', 'TX', 'Travis', '78701'],
      ['Round Rock', 'TX', 'Williamson', '78664'],
    ]);
    await t.drainQueue(QUEUES.scoreSimilarity);
    expect((await lean(first.id, first.headers)).scoringCities).toBe(0);
    const scorers = scoringProcesses();
    expect(scorers).toHaveLength(1);
    const scorer = scorers[0]!;

    // The scoring process stopped by the OS: a scoring it takes never ends until it goes on.
    process.kill(scorer, 'SIGSTOP');
    try {
      const second = await writtenProject([
        ['Boise', 'ID', 'Ada', '83702'],
        ['Meridian', 'ID', 'Ada', '83642'],
        ['Kyle', 'TX', 'Hays', '78640'],
      ]);
      // Asked for when the project settled; wait until the worker has taken it.
      let state = await scoringJob(second.id);
      for (; state === 'created' || state === 'retry'; state = await scoringJob(second.id))
        await new Promise((r) => setTimeout(r, 50));
      expect(state).toBe('active');
      // Taken and under way: the project's detail and list are answered all the same.
      const during = await lean(second.id, second.headers);
      expect(during.scoringCities).toBe(3);
      const list = await get('/api/projects/?page=1', second.headers);
      expect(list.statusCode).toBe(200);
      expect(await scoringJob(second.id)).toBe('active');
    } finally {
      process.kill(scorer, 'SIGCONT');
    }
    await t.drainQueue(QUEUES.scoreSimilarity);
    expect(scoringProcesses()).toEqual([scorer]);
  });

  it('scores a project of many slices as one pass over all its pages would', async () => {
    const u = await signedInUser(t, { plan: 'basic' });
    const project = await createProject(t, u.user.id, {
      name: 'Everywhere Plumbing',
      serviceType: 'Plumbing',
    });
    const pages = PLACES_PER_READ + PAGES_PER_READ + 7; // two reads of places, six of pages
    const [state] = await t.ctx.db
      .insert(locationStates)
      .values({ projectId: project.id, code: 'TX', name: 'Texas', slug: 'texas' })
      .returning();
    const counties = await t.ctx.db
      .insert(locationCounties)
      .values(
        ['Travis', 'Hays', 'Williamson'].map((name) => ({
          projectId: project.id,
          stateId: state!.id,
          name: `${name} County`,
          slug: `${name.toLowerCase()}-county`,
        })),
      )
      .returning();
    const rows = Array.from({ length: pages }, (_, i) => {
      const name = `Town ${i}`;
      const county = counties[i % 3]!;
      const neighbour = `Town ${(i + 3) % pages}`;
      // A few wordings, so some pages share their closest sibling's score (ties by order).
      const body = [
        `<p>Plumbers serving ${name} and ${county.name} with same-day repairs and written prices.</p>`,
        `<p>Our vans reach ${neighbour} and ${name} every morning, and wording ${i % 7} is ours.</p>`,
        i % 5 === 0
          ? `<p>Towns we serve: ${name}, ${neighbour}, Town ${(i + 1) % pages}, Town ${(i + 2) % pages}, ${county.name}, Texas.</p>`
          : '',
        i % 97 === 0
          ? `<p>We have completed 412 plumbing jobs in ${name} so far this decade.</p>`
          : '',
        `<section class="faq"><details><summary>Do you serve ${name}?</summary>Yes, all of it.</details></section>`,
      ].join('');
      return {
        projectId: project.id,
        countyId: county.id,
        name,
        slug: `town-${i}`,
        placeKey: `tx|${county.name}|${name}`.toLowerCase(),
        zips: [String(78000 + i)],
        status: 'Completed',
        model: 'offline-draft',
        contentHtml: `<section class="hero"><h1>Plumbing in ${name}</h1></section>${body}`,
      };
    });
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i += 500)
      for (const row of await t.ctx.db
        .insert(cities)
        .values(rows.slice(i, i + 500))
        .returning({ id: cities.id }))
        ids.push(row.id);
    // First-hand facts on pages of every slice.
    await t.ctx.db.insert(cityFacts).values(
      ids
        .filter((_, i) => i % 97 === 0)
        .map((cityId) => ({
          projectId: project.id,
          cityId,
          key: 'jobs completed',
          name: 'Jobs completed',
          value: '412',
        })),
    );

    const repos = {
      locations: createLocationsRepo(t.ctx.db),
      facts: createFactsRepo(t.ctx.db),
      serviceCities: createServiceCityRepo(t.ctx.db),
    };
    expect(await scoreProject(repos, project.id)).toBe(pages);

    // One pass over every page at once, in the scoring's order (by id).
    const all = (await repos.locations.scoringPages(project.id, ids)).sort((a, b) =>
      a.id < b.id ? -1 : 1,
    );
    const facts = await repos.facts.ofCities(ids);
    const indexes = scoringIndexes(all);
    const expected = finishScores(
      all.map((row) => measurePage(row, facts.get(row.id) ?? [], indexes)!),
    );
    const stored = await t.ctx.db.select().from(cities).where(eq(cities.projectId, project.id));
    const byId = new Map(stored.map((row) => [row.id, row]));
    expect(expected.some((e) => e.factsStated > 0)).toBe(true);
    expect(expected.some((e) => e.stuffing > 0)).toBe(true);
    for (const e of expected) {
      const row = byId.get(e.id)!;
      // Stored as PostgreSQL reals, read back as their shortest decimal.
      expect(row.similarity).toBeCloseTo(e.similarity, 6);
      expect(row.similarTo).toBe(e.similarTo);
      expect(row.localShare).toBeCloseTo(e.localShare, 6);
      expect([row.wordCount, row.factsStated, row.stuffing]).toEqual([
        e.wordCount,
        e.factsStated,
        e.stuffing,
      ]);
      expect(row.faqs).toEqual(e.faqs);
      expect(row.faqsHash).toBe(row.contentHash);
    }
  });
});
