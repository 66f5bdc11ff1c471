import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FACT_LIMITS, PROJECT_STATUS } from '@cityforge/shared';
import { cityFacts } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { cityIds, factsOf, leanCities, leanOf } from './helpers/facts.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { detailOf, settled } from './helpers/generation.ts';
import { citiesOf, spreadsheet, upload, uploaded, type Sheet } from './helpers/locations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function ownerWithProject() {
  const user = await signedInUser(t, { plan: 'pro' });
  const project = await createProject(t, user.user.id);
  return { project, headers: user.headers };
}

// A quote of exactly 2,000 characters as a person counts them (an emoji is one).
const LONG_QUOTE = `"${[...'Fixed our burst pipe in an hour, 🙂 polite crew. '.repeat(45)].slice(0, 1998).join('')}"`;
const chars = (text: string) => [...text].length;

describe('fact columns: every column that is not a place or functional one is a fact', () => {
  it.each(['csv', 'xlsx', 'xls'] as const)(
    'reads them from a .%s as written: odd headers, blanks, numbers and a 2,000-character cell',
    async (format) => {
      expect(chars(LONG_QUOTE)).toBe(FACT_LIMITS.valueChars);
      // The .xls writer of the test's library keeps 255 characters of a cell.
      const quote = format === 'xls' ? `"${'Spotless work. '.repeat(16).trim()}"` : LONG_QUOTE;
      const { project, headers } = await ownerWithProject();
      const sheet: Sheet = [
        ['Service areas 2025'],
        [],
        [
          'City',
          'State',
          'ZIP',
          '  Jobs   completed ',
          'Customer quote',
          '価格',
          'Price ($)',
          'ID',
        ],
        ['Austin', 'TX', '78701', 142, quote, '¥1,000', '$120', 1],
        ['Kyle', 'TX', '78640', '', '"On time and tidy"\n- Ann, Plum Creek', '', '', 2],
        ['Buda', 'TX', '78610', '', '', '', '', 3],
      ];
      const report = await uploaded(t, project.id, headers, [spreadsheet(format, sheet)]);
      expect(report).toMatchObject({
        citiesAdded: 3,
        skipped: [],
        factColumns: ['Jobs completed', 'Customer quote', '価格', 'Price ($)'],
        factsReceived: 5,
        factCities: 2,
        photosQueued: 0,
      });
      // A row number is bookkeeping, not a fact of the place.
      expect(report.ignoredColumns).toEqual(['ID']);

      const ids = await cityIds(t, project.id, headers);
      const austin = await factsOf(t, project.id, ids.Austin!, headers);
      expect(austin.facts).toEqual([
        { name: 'Jobs completed', value: '142' },
        { name: 'Customer quote', value: quote },
        { name: '価格', value: '¥1,000' },
        { name: 'Price ($)', value: '$120' },
      ]);
      // Cleaned like every cell: the line break inside the quote is one space.
      expect((await factsOf(t, project.id, ids.Kyle!, headers)).facts).toEqual([
        { name: 'Customer quote', value: '"On time and tidy" - Ann, Plum Creek' },
      ]);
      expect((await factsOf(t, project.id, ids.Buda!, headers)).facts).toEqual([]);

      // The detail screen's tree and the spec's detail count them per place.
      const lean = await leanOf(t, project.id, headers);
      expect(lean.citiesWithFacts).toBe(2);
      const places = leanCities(lean);
      expect([places.Austin!.factCount, places.Kyle!.factCount, places.Buda!.factCount]).toEqual([
        4, 1, 0,
      ]);
      const spec = citiesOf(await detailOf(t, project.id, headers));
      expect(Object.fromEntries(spec.map((c) => [c.name, c.factCount]))).toEqual({
        Austin: 4,
        Kyle: 1,
        Buda: 0,
      });
    },
  );

  it('reads the functional columns: page title, meta description and services, beside a display name', async () => {
    const { project, headers } = await ownerWithProject();
    const report = await uploaded(t, project.id, headers, [
      spreadsheet('xlsx', [
        ['City', 'State', 'ZIP', 'Display name', 'Title', 'Meta Description', 'Services'],
        [
          'Austin',
          'TX',
          '78701',
          'Austin Metro',
          'Plumbers in Austin | Lone Star',
          'Licensed plumbers across Austin.',
          'Drain cleaning; Water heaters, drain cleaning,, Leak repair',
        ],
      ]),
    ]);
    expect(report.columns).toMatchObject({
      displayName: 'Display name',
      pageTitle: 'Title',
      metaDescription: 'Meta Description',
      services: 'Services',
    });
    expect(report.factColumns).toEqual([]);
    const ids = await cityIds(t, project.id, headers);
    expect(Object.keys(ids)).toEqual(['Austin Metro']);
    expect(await factsOf(t, project.id, ids['Austin Metro']!, headers)).toMatchObject({
      facts: [],
      pageTitle: 'Plumbers in Austin | Lone Star',
      metaDescription: 'Licensed plumbers across Austin.',
      // Each service once, in the sheet's order and first spelling.
      services: ['Drain cleaning', 'Water heaters', 'Leak repair'],
      photo: null,
    });
  });

  it('reads the two example fact columns of the sample files', async () => {
    for (const type of ['csv', 'xlsx'] as const) {
      const { project, headers } = await ownerWithProject();
      const sample = await t.app.inject({
        method: 'GET',
        url: `/api/projects/sample-file/?file_type=${type}`,
        headers,
      });
      const report = await uploaded(t, project.id, headers, [
        { name: `sample.${type}`, data: sample.rawPayload },
      ]);
      expect(report).toMatchObject({
        citiesAdded: 6,
        factColumns: ['Jobs completed', 'Customer quote'],
        factsReceived: 4,
        factCities: 3,
      });
      const ids = await cityIds(t, project.id, headers);
      expect((await factsOf(t, project.id, ids.Austin!, headers)).facts[1]!.value).toMatch(
        /^"They replaced our water heater the same afternoon\." - Maria G\./,
      );
    }
  });
});

describe('fact columns: limits refuse the file whole, naming the column or the row', () => {
  async function refused(sheet: Sheet, format: 'csv' | 'xlsx' = 'csv') {
    const { project, headers } = await ownerWithProject();
    const res = await upload(t, project.id, headers, [spreadsheet(format, sheet)]);
    expect(res.statusCode, res.body).toBe(400);
    expect((await detailOf(t, project.id, headers)).totalCities).toBe(0);
    const rows = await t.ctx.db.select().from(cityFacts).where(eq(cityFacts.projectId, project.id));
    expect(rows).toEqual([]);
    return (res.json() as { message: string }).message;
  }

  it('refuses 41 fact columns, naming the one past the 40th', async () => {
    const names = Array.from({ length: 41 }, (_, i) => `Fact ${i + 1}`);
    const message = await refused([
      ['City', 'State', ...names],
      ['Austin', 'TX', ...names.map((_, i) => String(i))],
    ]);
    expect(message).toBe(
      'The file has 41 fact columns; at most 40 can be read (past the 40th: "Fact 41"). Remove or combine columns and upload it again.',
    );
    // Forty are fine.
    const { project, headers } = await ownerWithProject();
    const report = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        ['City', 'State', ...names.slice(0, 40)],
        ['Austin', 'TX', ...names.slice(0, 40).map((_, i) => String(i))],
      ]),
    ]);
    expect(report.factsReceived).toBe(40);
  });

  it.each(['csv', 'xlsx'] as const)(
    'refuses a .%s cell over 2,000 characters, naming its row and column',
    async (format) => {
      const message = await refused(
        [
          ['City', 'State', 'Customer quote'],
          ['Austin', 'TX', 'Great'],
          ['Kyle', 'TX', `${LONG_QUOTE}!`],
        ],
        format,
      );
      expect(message).toBe(
        'Row 3: "Customer quote" has 2,001 characters; a cell may hold at most 2,000.',
      );
    },
  );

  it('refuses two columns that are one fact, and a header too long for a name', async () => {
    expect(
      await refused([
        ['City', 'State', 'Notes', 'Notes'],
        ['Austin', 'TX', 'a', 'b'],
      ]),
    ).toBe('Columns C and D are both named "Notes"; give each fact column its own name.');
    expect(
      await refused([
        ['City', 'Jobs completed', 'State', 'jobs-Completed'],
        ['Austin', '1', 'TX', '2'],
      ]),
    ).toBe(
      'Columns B ("Jobs completed") and D ("jobs-Completed") name the same fact; give each fact column its own name.',
    );
    expect(
      await refused([
        ['City', 'State', 'x'.repeat(101)],
        ['Austin', 'TX', '1'],
      ]),
    ).toMatch(/^The header of column C \("x{40}\.\.\."\) is longer than 100 characters/);
  });
});

describe('fact columns: a re-upload merges', () => {
  const HEAD = ['City', 'State', 'ZIP'];

  it('replaces a value, leaves one under a blank cell, keeps facts it lacks, and reports what changed', async () => {
    const { project, headers } = await ownerWithProject();
    await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        [...HEAD, 'Jobs completed', 'Customer quote'],
        ['Austin', 'TX', '78701', '142', '"Quick and clean" - Maria'],
        ['Kyle', 'TX', '78640', '10', ''],
        ['San Marcos', 'TX', '78666', '', ''],
      ]),
    ]);
    // The pages are written: a change of facts now marks them.
    expect((await settled(t, project.id, headers)).status).toBe(PROJECT_STATUS.created);
    expect((await leanOf(t, project.id, headers)).factsChangedCities).toBe(0);

    const again: Sheet = [
      [...HEAD, 'Jobs completed', 'Customer quote', 'Crew lead'],
      ['Austin', 'TX', '78701', '150', '', ''],
      ['Kyle', 'TX', '78640', '10', '', 'Luis'],
      ['San Marcos', 'TX', '78666', '', '', ''],
      ['Buda', 'TX', '78610', '3', '', ''],
    ];
    const second = await uploaded(t, project.id, headers, [spreadsheet('xlsx', again)]);
    expect(second).toMatchObject({
      citiesAdded: 1,
      citiesExisting: 3,
      // Austin's count changed, Kyle gained a crew lead; San Marcos brought nothing.
      citiesUpdated: 2,
      factsReceived: 4,
      factCities: 3,
    });
    const ids = await cityIds(t, project.id, headers);
    expect((await factsOf(t, project.id, ids.Austin!, headers)).facts).toEqual([
      { name: 'Jobs completed', value: '150' },
      { name: 'Customer quote', value: '"Quick and clean" - Maria' },
    ]);
    expect((await factsOf(t, project.id, ids.Kyle!, headers)).facts).toEqual([
      { name: 'Jobs completed', value: '10' },
      { name: 'Crew lead', value: 'Luis' },
    ]);

    // Written pages whose facts changed are marked until rewritten; a new page is not.
    const lean = await leanOf(t, project.id, headers);
    const places = leanCities(lean);
    expect(lean.factsChangedCities).toBe(2);
    expect(Object.fromEntries(Object.entries(places).map(([n, c]) => [n, c.factsChanged]))).toEqual(
      { Austin: true, Buda: false, Kyle: true, 'San Marcos': false },
    );
    expect(lean.citiesWithFacts).toBe(3);
    expect((await factsOf(t, project.id, ids.Austin!, headers)).changed).toBe(true);

    await settled(t, project.id, headers);
    // The same sheet again changes nothing; a header spelled otherwise is the same fact.
    const same = await uploaded(t, project.id, headers, [spreadsheet('csv', again)]);
    expect(same).toMatchObject({ citiesAdded: 0, citiesExisting: 4, citiesUpdated: 0 });
    const respelled = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        [...HEAD, 'JOBS COMPLETED'],
        ['Austin', 'TX', '78701', '150'],
      ]),
    ]);
    expect(respelled).toMatchObject({ citiesAdded: 0, citiesUpdated: 0 });
    expect((await factsOf(t, project.id, ids.Austin!, headers)).facts[0]).toEqual({
      name: 'JOBS COMPLETED',
      value: '150',
    });
    // More ZIP codes for a place are an update too.
    const zips = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [HEAD, ['Austin', 'TX', '78702']]),
    ]);
    expect(zips).toMatchObject({ citiesAdded: 0, citiesUpdated: 1 });
  });

  it('takes the later row of two that name one place, cell by cell', async () => {
    const { project, headers } = await ownerWithProject();
    const report = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        [...HEAD, 'Jobs completed', 'Crew lead'],
        ['Austin', 'TX', '78701', '100', 'Ana'],
        ['Austin', 'TX', '78702', '120', ''],
      ]),
    ]);
    expect(report).toMatchObject({ citiesAdded: 1, merged: 1, factsReceived: 2, factCities: 1 });
    const ids = await cityIds(t, project.id, headers);
    expect((await factsOf(t, project.id, ids.Austin!, headers)).facts).toEqual([
      { name: 'Jobs completed', value: '120' },
      { name: 'Crew lead', value: 'Ana' },
    ]);
  });
});
