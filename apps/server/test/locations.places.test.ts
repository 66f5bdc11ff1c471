import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PAGE_STATUS, type TUploadRefused } from '@cityforge/shared';
import { cities, locationStates, projects } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { detailOf, settled } from './helpers/generation.ts';
import { citiesOf, spreadsheet, upload, uploaded } from './helpers/locations.ts';

// Uploads of the lists agencies send — suburbs, with and without ZIPs — through the API,
// against the real place and ZIP data.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HEADER = ['City', 'State', 'County', 'ZIP'];

async function ownerWithProject() {
  const user = await signedInUser(t, { plan: 'pro' });
  const project = await createProject(t, user.user.id);
  return { project, headers: user.headers };
}

describe('upload: places, not post offices', () => {
  it('imports suburbs under their own names and counties, keeping the ZIPs their rows carry', async () => {
    const { project, headers } = await ownerWithProject();
    const report = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        HEADER,
        ['Sandy Springs', 'GA', '', ''],
        ['Centennial', 'Colorado', '', ''],
        ['Edina', 'MN', '', ''],
        ['Lakeway', 'TX', '', '78734'],
        ['Bee Cave', 'TX', '', '78738'],
        ['Lago Vista', 'TX', '', '78645'],
      ]),
    ]);
    expect(report).toMatchObject({
      message: MSG.uploadComplete,
      citiesAdded: 6,
      skipped: [],
      ambiguous: [],
    });
    expect(report.notes.map((n) => [n.line, n.reason])).toEqual([
      [5, "ZIP 78734's post office is Austin; kept it under Lakeway"],
      [6, "ZIP 78738's post office is Austin; kept it under Bee Cave"],
      [7, "ZIP 78645's post office is Leander; kept it under Lago Vista"],
    ]);
    const detail = await settled(t, project.id, headers);
    const got = citiesOf(detail)
      .map((c) => [c.name, c.state.code, c.county.name, c.zips.length ? c.zips : 'some'])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(got.map(([name, state, county]) => [name, state, county])).toEqual([
      ['Bee Cave', 'TX', 'Travis County'],
      ['Centennial', 'CO', 'Arapahoe County'],
      ['Edina', 'MN', 'Hennepin County'],
      ['Lago Vista', 'TX', 'Travis County'],
      ['Lakeway', 'TX', 'Travis County'],
      ['Sandy Springs', 'GA', 'Fulton County'],
    ]);
    const byName = new Map(citiesOf(detail).map((c) => [c.name, c]));
    expect(byName.get('Lakeway')!.zips).toEqual(['78734']);
    // A city without ZIPs on its row lists the ZIPs that belong to it.
    expect(byName.get('Edina')!.zips).toEqual(expect.arrayContaining(['55424', '55435']));
  });

  it('tells the page which other counties a city reaches into', async () => {
    const { project, headers } = await ownerWithProject();
    await uploaded(t, project.id, headers, [
      spreadsheet('csv', [HEADER, ['Kansas City', 'MO', '', '']]),
    ]);
    await settled(t, project.id, headers);
    const [row] = await t.ctx.db.select().from(cities).where(eq(cities.projectId, project.id));
    expect(row!.otherCounties).toContain('Clay County');
    // The offline writer names them on the page.
    expect(row!.contentHtml).toMatch(/Clay County/);
  });

  it('refuses an upload that imports nothing with 422, one sentence and the report, storing nothing', async () => {
    const { project, headers } = await ownerWithProject();
    const before = await t.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    const res = await upload(t, project.id, headers, [
      spreadsheet('csv', [
        HEADER,
        ['Atlantisville', 'TX', '', ''],
        ['Springfield', '', '', ''],
        ['Austin', 'Texxas', '', ''],
      ]),
    ]);
    expect(res.statusCode).toBe(422);
    const body = res.json<TUploadRefused>();
    expect(body.message).toBe(
      "No cities were imported: all 3 rows could not be matched to a US city; see the report for each row's reason.",
    );
    expect(body.report).toMatchObject({ rowsRead: 3, imported: 0, citiesAdded: 0 });
    expect(body.report.skipped.map((s) => s.line)).toEqual([2, 4]);
    expect(body.report.ambiguous.map((s) => s.line)).toEqual([3]);
    expect(body.report.ambiguous[0]!.candidates).toContain('Springfield, IL (Sangamon County)');
    const stored = await t.ctx.db.select().from(cities).where(eq(cities.projectId, project.id));
    expect(stored).toEqual([]);
    const states = await t.ctx.db
      .select()
      .from(locationStates)
      .where(eq(locationStates.projectId, project.id));
    expect(states).toEqual([]);
    const after = await t.ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(after[0]!.status).toBe(before[0]!.status);
  });

  it('merges a re-upload into a city stored under an earlier dataset’s key, keeping its id', async () => {
    const { project, headers } = await ownerWithProject();
    await uploaded(t, project.id, headers, [
      spreadsheet('csv', [HEADER, ['Kansas City', 'MO', '', '64101']]),
    ]);
    await settled(t, project.id, headers);
    // The ZIP-only geography labelled some split cities with another of their counties.
    await t.ctx.db
      .update(cities)
      .set({ placeKey: 'mo|clay|kansas city' })
      .where(eq(cities.projectId, project.id));
    const [before] = citiesOf(await detailOf(t, project.id, headers));
    const again = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [HEADER, ['Kansas City', 'Missouri', '', '64102']]),
    ]);
    expect(again).toMatchObject({ citiesAdded: 0, citiesExisting: 1 });
    const after = citiesOf(await detailOf(t, project.id, headers));
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(before!.id);
    expect(after[0]!.zips).toEqual(['64101', '64102']);
  });
});

describe('upload: namesakes, townships and places the data lacks', () => {
  it('takes the namesake that dwarfs the others, keeps townships where the rows put them, and says so', async () => {
    const { project, headers } = await ownerWithProject();
    const report = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        HEADER,
        ['Plantation', 'FL', '', ''],
        ['Plantation', 'FL', 'Sarasota', ''],
        ['Lower Merion', 'PA', '', '19003'],
        ['Washington Township', 'NJ', 'Gloucester', ''],
        ['Township of Cheltenham', 'PA', '', ''],
        ['Waimea', 'HI', '', ''],
      ]),
    ]);
    expect(report).toMatchObject({ citiesAdded: 5, skipped: [] });
    expect(report.ambiguous.map((a) => [a.line, a.candidates])).toEqual([
      [7, ['Waimea, HI (Hawaii County)', 'Waimea, HI (Kauai County)']],
    ]);
    expect(report.notes.map((n) => [n.line, n.reason])).toEqual([
      [
        2,
        'Took Plantation, FL in Broward County (population 92,560), not the smaller places of that name in Sarasota County (4,919) and Monroe County (1,885); add a County column if you meant another',
      ],
      [
        4,
        '"Lower Merion" is not in our place data for Pennsylvania; kept it as written, in Montgomery County (from ZIP 19003)',
      ],
      [
        5,
        '"Washington Township" is not in our place data in Gloucester County (it has Washington, NJ in Warren County); kept it as written, in Gloucester County (from the County column); add a ZIP to put it on the map',
      ],
      [
        6,
        '"Township of Cheltenham" matched Cheltenham, PA; kept the name "Township of Cheltenham"',
      ],
    ]);

    const detail = await settled(t, project.id, headers);
    const got = citiesOf(detail)
      .map((c) => [c.name, c.state.code, c.county.name, c.zips])
      .sort((a, b) => `${a[0]}${a[2]}`.localeCompare(`${b[0]}${b[2]}`));
    expect(got).toEqual([
      ['Lower Merion', 'PA', 'Montgomery County', ['19003']],
      ['Plantation', 'FL', 'Broward County', expect.arrayContaining(['33317', '33324'])],
      ['Plantation', 'FL', 'Sarasota County', expect.any(Array)],
      ['Township of Cheltenham', 'PA', 'Montgomery County', expect.any(Array)],
      ['Washington Township', 'NJ', 'Gloucester County', []],
    ]);
    const stored = new Map(
      (await t.ctx.db.select().from(cities).where(eq(cities.projectId, project.id))).map((c) => [
        c.name,
        c,
      ]),
    );
    expect(stored.get('Lower Merion')!.latitude).toBeCloseTo(40.002, 3);
    expect(stored.get('Washington Township')).toMatchObject({ latitude: null, longitude: null });
    // Their pages were written like any other, under the customer's names.
    for (const name of ['Lower Merion', 'Washington Township', 'Township of Cheltenham']) {
      expect(stored.get(name)!.status).toBe(PAGE_STATUS.completed);
      expect(stored.get(name)!.contentHtml).toContain(name);
    }
  });

  it('merges every form of a kept township into one city, and a later ZIP puts it on the map', async () => {
    const { project, headers } = await ownerWithProject();
    await uploaded(t, project.id, headers, [
      spreadsheet('csv', [HEADER, ['Lower Merion Township', 'PA', 'Montgomery', '']]),
    ]);
    const [first] = citiesOf(await settled(t, project.id, headers));
    const [offMap] = await t.ctx.db.select().from(cities).where(eq(cities.projectId, project.id));
    expect(offMap).toMatchObject({ latitude: null, longitude: null });
    const again = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        HEADER,
        ['Township of Lower Merion', 'Pennsylvania', '', '19010'],
        ['lower merion', 'PA', 'Montgomery County', '19003'],
      ]),
    ]);
    expect(again).toMatchObject({ citiesAdded: 0, citiesExisting: 1, merged: 1 });
    const after = citiesOf(await settled(t, project.id, headers));
    expect(after.map((c) => [c.id, c.name, c.zips])).toEqual([
      [first!.id, 'Lower Merion Township', ['19003', '19010']],
    ]);
    const [row] = await t.ctx.db.select().from(cities).where(eq(cities.projectId, project.id));
    // The position of the first ZIP given, 19010's.
    expect(row!.latitude).toBeCloseTo(40.0236, 3);
  });
});
