import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  cities,
  cityFacts,
  locationCounties,
  locationStates,
  pages as pagesTable,
  serviceCityPages,
} from '../src/db/schema/index.ts';
import { createFactsRepo } from '../src/modules/locations/facts.repo.ts';
import { createLocationsRepo } from '../src/modules/locations/locations.repo.ts';
import { measureWritten } from '../src/modules/locations/page-scores.ts';
import { placesIndex } from '../src/modules/locations/page-substance.ts';
import { countyNames } from '../src/modules/locations/place-mentions.ts';
import { PAGES_PER_READ } from '../src/modules/locations/score-reads.ts';
import { scoreProject } from '../src/modules/locations/similarity.job.ts';
import { scoreSiblings } from '../src/modules/locations/similarity.ts';
import { createServiceCityRepo } from '../src/modules/pages/service-city.repo.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, signedInUser } from './helpers/factories.ts';

/**
 * A project's service-city pages are scored in the scoring process beside its city pages, read
 * a slice of pages at a time, never the project's HTML at once: the scores are those of one
 * pass over every page.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SERVICES = [
  'Drain Cleaning',
  'Leak Detection',
  'Repiping',
  'Water Heater Repair',
  'Sewer Repair',
];

/** `places` places in two counties, each with a page for every service; facts on a few. */
async function seeded(places: number) {
  const u = await signedInUser(t, { plan: 'basic' });
  const project = await createProject(t, u.user.id, { name: 'Everywhere Plumbing' });
  const db = t.ctx.db;
  const [state] = await db
    .insert(locationStates)
    .values({ projectId: project.id, code: 'TX', name: 'Texas', slug: 'texas' })
    .returning();
  const counties = await db
    .insert(locationCounties)
    .values(
      ['Travis', 'Hays'].map((name) => ({
        projectId: project.id,
        stateId: state!.id,
        name: `${name} County`,
        slug: `${name.toLowerCase()}-county`,
      })),
    )
    .returning();
  const services = await db
    .insert(pagesTable)
    .values(
      SERVICES.map((name, sortOrder) => ({
        projectId: project.id,
        kind: 'service' as const,
        name,
        slug: name.toLowerCase().replaceAll(' ', '-'),
        status: 'Completed',
        model: 'offline-draft',
        sortOrder,
      })),
    )
    .returning();
  const towns = await db
    .insert(cities)
    .values(
      Array.from({ length: places }, (_, i) => ({
        projectId: project.id,
        countyId: counties[i % 2]!.id,
        name: `Town ${i}`,
        slug: `town-${i}`,
        placeKey: `tx|${counties[i % 2]!.name}|town ${i}`.toLowerCase(),
        zips: [String(78000 + i)],
        status: 'Completed',
        model: 'offline-draft',
      })),
    )
    .returning();
  await db.insert(cityFacts).values(
    towns
      .filter((_, i) => i % 7 === 0)
      .map((town) => ({
        projectId: project.id,
        cityId: town.id,
        key: 'jobs completed',
        name: 'Jobs completed',
        value: '412',
      })),
  );
  const rows = towns.flatMap((town, i) =>
    services.map((service, k) => ({
      projectId: project.id,
      cityId: town.id,
      servicePageId: service.id,
      status: 'Completed',
      model: 'offline-draft',
      // A few wordings per service, so pages share their closest sibling's score (ties by id),
      // some listing places, some stating the place's fact.
      contentHtml: [
        `<section class="hero"><h1>${service.name} in ${town.name}</h1></section>`,
        `<p>${service.name} for ${town.name} and ${counties[i % 2]!.name}, wording ${(i + k) % 4}.</p>`,
        i % 5 === 0
          ? `<p>Towns we serve: ${town.name}, Town ${i + 1}, Town ${i + 2}, Town ${i + 3}, ${counties[i % 2]!.name}, Texas.</p>`
          : '',
        i % 7 === 0
          ? `<p>We have completed 412 plumbing jobs in ${town.name} so far this decade.</p>`
          : '',
      ].join(''),
    })),
  );
  await db.insert(serviceCityPages).values(rows);
  return project.id;
}

describe('scoring service-city pages', () => {
  it('reads them a slice at a time and scores them as one pass over every page would', async () => {
    const places = 61; // 305 pages: two slices
    const projectId = await seeded(places);
    const repo = createServiceCityRepo(t.ctx.db);
    const facts = createFactsRepo(t.ctx.db);
    const reads: number[] = [];
    const counted = {
      ...repo,
      forScoring: (id: string, ids: string[]) => {
        reads.push(ids.length);
        return repo.forScoring(id, ids);
      },
    };
    const locations = createLocationsRepo(t.ctx.db);
    expect(await scoreProject({ locations, serviceCities: counted, facts }, projectId)).toBe(
      places * SERVICES.length,
    );
    expect(reads).toEqual([PAGES_PER_READ, places * SERVICES.length - PAGES_PER_READ]);

    // One pass over every page at once, in the order of their ids.
    const ids = await repo.writtenIds(projectId);
    const all = await repo.forScoring(projectId, ids);
    all.sort((a, b) => (a.id < b.id ? -1 : 1));
    const index = placesIndex([
      ...new Set(all.flatMap((r) => [r.name, ...countyNames(r.county), r.stateName])),
    ]);
    const known = await facts.ofCities([...new Set(all.map((r) => r.cityId))]);
    const measured = all.map((row) => ({
      ...row,
      ...measureWritten(row, known.get(row.cityId) ?? [], { places: index }, [row.service]),
    }));
    const best = new Map<string, { similarity: number; similarTo: string | null }>();
    for (const key of ['servicePageId', 'cityId'] as const)
      for (const group of Map.groupBy(measured, (p) => p[key]).values())
        for (const [id, score] of scoreSiblings(group))
          if (score.similarity > (best.get(id)?.similarity ?? -1)) best.set(id, score);

    const stored = new Map(
      (
        await t.ctx.db
          .select()
          .from(serviceCityPages)
          .where(eq(serviceCityPages.projectId, projectId))
      ).map((row) => [row.id, row]),
    );
    expect(measured.some((p) => p.substance.factsStated > 0)).toBe(true);
    expect(measured.some((p) => p.substance.stuffing > 0)).toBe(true);
    expect([...best.values()].some((s) => s.similarTo !== null)).toBe(true);
    for (const page of measured) {
      const row = stored.get(page.id)!;
      const want = best.get(page.id)!;
      // Stored as PostgreSQL reals, read back as their shortest decimal.
      expect(row.similarity).toBeCloseTo(want.similarity, 6);
      expect(row.similarTo).toBe(want.similarTo);
      expect(row.localShare).toBeCloseTo(page.substance.localShare, 6);
      expect([row.wordCount, row.factsStated, row.stuffing]).toEqual([
        page.substance.words,
        page.substance.factsStated,
        page.substance.stuffing,
      ]);
    }
  });
});
