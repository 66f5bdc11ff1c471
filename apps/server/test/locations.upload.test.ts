import * as XLSX from '@e965/xlsx';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PROJECT_STATUS } from '@cityforge/shared';
import { aiUsage } from '../src/db/schema/index.ts';
import { parseLocationsFile } from '../src/modules/locations/spreadsheet.ts';
import { ANALYZE_AFTER_ADDED } from '../src/modules/locations/upload.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { detailOf, settled } from './helpers/generation.ts';
import {
  citiesOf,
  FIFTY_CITIES,
  multipartForm,
  spreadsheet,
  treeShape,
  upload,
  uploaded,
  type Sheet,
} from './helpers/locations.ts';
import { zipOf } from './helpers/zip.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HEADER = ['City', 'State', 'County', 'ZIP'];

async function ownerWithProject() {
  // Pro: uploads here reach 50 cities, past Free's monthly allowance (tested in billing.limits).
  const user = await signedInUser(t, { plan: 'pro' });
  const project = await createProject(t, user.user.id);
  return { user, project, headers: user.headers };
}

describe('upload: formats and the tree', () => {
  it('builds the same state › county › city tree from a CSV, an XLSX and an XLS of 50 cities', async () => {
    // Spreadsheets store ZIP codes as numbers and drop leading zeros (02108 → 2108); the
    // Excel files do that here, the CSV keeps them as text.
    const asNumbers: Sheet = [HEADER, ...FIFTY_CITIES.map(([c, s, k, z]) => [c, s, k, Number(z)])];
    const asText: Sheet = [HEADER, ...FIFTY_CITIES];
    const files = [
      spreadsheet('csv', asText),
      spreadsheet('xlsx', asNumbers),
      spreadsheet('xls', asNumbers),
    ];
    const shapes = [];
    for (const file of files) {
      const { project, headers } = await ownerWithProject();
      const report = await uploaded(t, project.id, headers, [file]);
      expect(report).toMatchObject({
        message: MSG.uploadComplete,
        rowsRead: 50,
        imported: 50,
        citiesAdded: 50,
        citiesExisting: 0,
        merged: 0,
        skipped: [],
        ambiguous: [],
      });
      expect(report.columns).toEqual({
        city: 'City',
        state: 'State',
        county: 'County',
        zip: 'ZIP',
      });
      const detail = await detailOf(t, project.id, headers);
      expect(detail.totalCities).toBe(50);
      shapes.push(treeShape(detail));
    }
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);

    const tree = shapes[0]!;
    expect(tree.map((s) => s.code)).toEqual([
      'AZ',
      'CO',
      'FL',
      'GA',
      'ID',
      'IL',
      'MA',
      'NJ',
      'OH',
      'TX',
      'WA',
    ]);
    const texas = tree.find((s) => s.code === 'TX')!;
    expect(texas).toMatchObject({ name: 'Texas', slug: 'texas' });
    const travis = texas.counties.find((c) => c.name === 'Travis County')!;
    expect(travis.slug).toBe('travis-county');
    expect(travis.cities.map((c) => c.name)).toEqual(['Austin', 'Pflugerville']);
    const massachusetts = tree.find((s) => s.code === 'MA')!;
    const boston = massachusetts.counties
      .flatMap((c) => c.cities)
      .find((c) => c.name === 'Boston')!;
    expect(boston.zips).toEqual(['02108']);
  });

  it('reports Springfield without a county as ambiguous, with its candidates, and imports the rest', async () => {
    const { project, headers } = await ownerWithProject();
    const report = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        HEADER,
        ['Austin', 'TX', 'Travis', '78701'],
        ['Springfield', '', '', ''],
      ]),
    ]);
    expect(report.citiesAdded).toBe(1);
    expect(report.ambiguous).toHaveLength(1);
    const [row] = report.ambiguous;
    expect(row).toMatchObject({ file: 'areas.csv', line: 3 });
    expect(row!.reason).toMatch(/Springfield/);
    expect(row!.candidates!.length).toBeGreaterThan(5);
    expect(row!.candidates).toEqual(
      expect.arrayContaining([expect.stringMatching(/Springfield, IL/)]),
    );
    expect(row!.candidates).toEqual(
      expect.arrayContaining([expect.stringMatching(/Springfield, MA/)]),
    );
  });

  it('settles Springfield with a county column', async () => {
    const { project, headers } = await ownerWithProject();
    const report = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [HEADER, ['Springfield', '', 'Sangamon', '']]),
    ]);
    expect(report).toMatchObject({ citiesAdded: 1, ambiguous: [], skipped: [] });
    const [city] = citiesOf(await detailOf(t, project.id, headers));
    expect(city).toMatchObject({ name: 'Springfield', county: { name: 'Sangamon County' } });
    expect(city!.state.code).toBe('IL');
  });

  it('resolves a ZIP-only file, and a renamed header', async () => {
    const { project, headers } = await ownerWithProject();
    const zipOnly = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [['Postal Code'], ['78701'], ['83702'], ['2139']], 'zips'),
    ]);
    expect(zipOnly).toMatchObject({ citiesAdded: 3, skipped: [], ambiguous: [] });
    expect(zipOnly.columns).toEqual({ zip: 'Postal Code' });
    const names = citiesOf(await detailOf(t, project.id, headers)).map(
      (c) => `${c.name}, ${c.state.code}`,
    );
    expect(names.sort()).toEqual(['Austin, TX', 'Boise, ID', 'Cambridge, MA']);

    const other = await ownerWithProject();
    const renamed = await uploaded(t, other.project.id, other.headers, [
      spreadsheet('xlsx', [
        ['Town', 'State Code', 'Zipcode', 'Notes'],
        ['Boise', 'ID', '83702', 'x'],
      ]),
    ]);
    expect(renamed.columns).toEqual({ city: 'Town', state: 'State Code', zip: 'Zipcode' });
    // A column the upload does not read as a place's is a fact of its row's place.
    expect(renamed.ignoredColumns).toEqual([]);
    expect(renamed.factColumns).toEqual(['Notes']);
    expect(renamed.citiesAdded).toBe(1);
  });

  it('merges a second upload: known cities gain ZIP codes, only new cities are queued', async () => {
    const { project, headers } = await ownerWithProject();
    const first = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        HEADER,
        ['Austin', 'TX', 'Travis', '78701'],
        ['Boise', 'ID', 'Ada', '83702'],
      ]),
    ]);
    expect(first.citiesAdded).toBe(2);
    await settled(t, project.id, headers);
    const second = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        HEADER,
        ['Austin', 'TX', 'Travis', '78702'],
        ['austin', 'texas', 'Travis County', '78701'],
        ['Round Rock', 'TX', 'Williamson', '78664'],
      ]),
    ]);
    expect(second).toMatchObject({ imported: 3, citiesAdded: 1, citiesExisting: 1, merged: 1 });
    const detail = await settled(t, project.id, headers);
    expect(detail.totalCities).toBe(3);
    const austin = citiesOf(detail).find((c) => c.name === 'Austin')!;
    expect(austin.zips).toEqual(['78701', '78702']);
    // Austin keeps its written page: one page written per city, never twice.
    const calls = await t.ctx.db
      .select({ cityId: aiUsage.cityId })
      .from(aiUsage)
      .where(eq(aiUsage.projectId, project.id));
    const perCity = new Map<string, number>();
    for (const c of calls) perCity.set(c.cityId!, (perCity.get(c.cityId!) ?? 0) + 1);
    expect([...perCity.values()]).toEqual([1, 1, 1]);
    expect(perCity.get(austin.id)).toBe(1);
  });

  it('takes several files in one upload and merges them', async () => {
    const { project, headers } = await ownerWithProject();
    const report = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [HEADER, ['Austin', 'TX', 'Travis', '78701']], 'a'),
      spreadsheet(
        'xlsx',
        [HEADER, ['Austin', 'TX', 'Travis', '78703'], ['Kyle', 'TX', 'Hays', '78640']],
        'b',
      ),
    ]);
    expect(report).toMatchObject({ rowsRead: 3, citiesAdded: 2, merged: 1 });
  });
});

describe('upload: the planner learns the new rows', () => {
  it('analyzes the location tables after an upload adds 50 cities, not after a small one', async () => {
    // A database of its own: the statistics are per table, and other tests here upload too.
    const fresh = await createTestApp();
    try {
      const analyzed = async () => {
        const rows = await fresh.ctx.db.execute(
          sql.raw(`select relname, last_analyze from pg_stat_user_tables
            where relname in ('cities', 'location_counties', 'location_states') order by 1`),
        );
        return (rows as unknown as { rows: { relname: string; last_analyze: unknown }[] }).rows.map(
          (r) => [r.relname, r.last_analyze !== null],
        );
      };
      const user = await signedInUser(fresh, { plan: 'pro' });
      const small = await createProject(fresh, user.user.id);
      const two = spreadsheet('csv', [HEADER, ...FIFTY_CITIES.slice(0, 2)]);
      expect((await uploaded(fresh, small.id, user.headers, [two])).citiesAdded).toBe(2);
      expect(await analyzed()).toEqual([
        ['cities', false],
        ['location_counties', false],
        ['location_states', false],
      ]);
      const big = await createProject(fresh, user.user.id);
      const fifty = spreadsheet('csv', [HEADER, ...FIFTY_CITIES]);
      expect((await uploaded(fresh, big.id, user.headers, [fifty])).citiesAdded).toBe(
        ANALYZE_AFTER_ADDED,
      );
      expect(await analyzed()).toEqual([
        ['cities', true],
        ['location_counties', true],
        ['location_states', true],
      ]);
    } finally {
      await fresh.close();
    }
  });
});

describe('upload: refusals change nothing', () => {
  const bomb = zipOf([
    { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
    { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(8 * 1024 * 1024, 0x20) },
  ]);
  const cases: Array<[string, { name: string; data: Buffer }, number, string | RegExp]> = [
    [
      'a .txt file',
      { name: 'areas.txt', data: Buffer.from('City\nAustin\n') },
      415,
      MSG.invalidFileType,
    ],
    ['an empty file', { name: 'areas.csv', data: Buffer.alloc(0) }, 400, 'The file is empty.'],
    [
      'a sheet with a header and no rows',
      spreadsheet('xlsx', [HEADER]),
      400,
      'The spreadsheet has no rows under its header.',
    ],
    [
      'a broken xlsx',
      {
        name: 'areas.xlsx',
        data: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]),
      },
      400,
      'The file could not be read as a spreadsheet.',
    ],
    [
      'an xlsx zip bomb',
      { name: 'areas.xlsx', data: bomb },
      413,
      'The spreadsheet expands to more than 200 times its size when opened, which is not allowed.',
    ],
  ];

  for (const [what, file, status, message] of cases) {
    it(`refuses ${what} with its message`, async () => {
      const { project, headers } = await ownerWithProject();
      await uploaded(t, project.id, headers, [
        spreadsheet('csv', [HEADER, ['Boise', 'ID', 'Ada', '83702']]),
      ]);
      await settled(t, project.id, headers);
      const before = await detailOf(t, project.id, headers);

      // A good file beside the bad one is not half-imported either.
      const res = await upload(t, project.id, headers, [
        spreadsheet('csv', [HEADER, ['Austin', 'TX', 'Travis', '78701']], 'good'),
        file,
      ]);
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json() as { message: string };
      expect(body.message).toBe(`${file.name}: ${message}`);

      const single = await upload(t, project.id, headers, [file]);
      expect(single.statusCode).toBe(status);
      expect((single.json() as { message: string }).message).toBe(message);

      const after = await detailOf(t, project.id, headers);
      expect(treeShape(after)).toEqual(treeShape(before));
      expect(after.status).toBe(before.status);
    });
  }

  it('refuses a file over the size limit with 413', async () => {
    const { project, headers } = await ownerWithProject();
    const big = { name: 'big.csv', data: Buffer.alloc(10 * 1024 * 1024 + 10, 0x41) };
    const res = await upload(t, project.id, headers, [big]);
    expect(res.statusCode).toBe(413);
    expect((res.json() as { message: string }).message).toBe('The file is larger than 10 MB.');
    expect((await detailOf(t, project.id, headers)).totalCities).toBe(0);
  });

  it('needs a file and a model, and a model the owner can use', async () => {
    const { project, headers } = await ownerWithProject();
    const none = await upload(t, project.id, headers, [], { model: 'offline-draft' });
    expect(none.statusCode).toBe(400);
    expect((none.json() as { message: string }).message).toBe(MSG.noFilesSelected);

    const file = spreadsheet('csv', [HEADER, ['Boise', 'ID', 'Ada', '83702']]);
    const noModel = await upload(t, project.id, headers, [file], { prompt: 'x' });
    expect(noModel.statusCode).toBe(400);
    expect(noModel.json()).toMatchObject({ errors: { model: [MSG.modelRequired] } });

    const locked = await upload(t, project.id, headers, [file], {
      model: 'anthropic/claude-3.7-sonnet',
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({
      errors: {
        model: [
          'Add your OpenRouter API key in your profile to use Claude 3.7 Sonnet (OpenRouter).',
        ],
      },
    });
    expect((await detailOf(t, project.id, headers)).totalCities).toBe(0);
  });

  it("answers 404 for another user's project, and refuses while the project generates", async () => {
    const { project } = await ownerWithProject();
    const stranger = await signedInUser(t);
    const file = spreadsheet('csv', [HEADER, ['Boise', 'ID', 'Ada', '83702']]);
    const res = await upload(t, project.id, stranger.headers, [file]);
    expect(res.statusCode).toBe(404);

    const busy = await ownerWithProject();
    await t.ctx.repos.projectsRepo.update(busy.project.id, { status: PROJECT_STATUS.inProgress });
    const refused = await upload(t, busy.project.id, busy.headers, [file]);
    expect(refused.statusCode).toBe(409);
  });
});

describe('upload: the simple screen and the sample file', () => {
  it('takes the project in the form and uses its model when none is given', async () => {
    const { project, headers } = await ownerWithProject();
    const form = await multipartForm({ project: project.id, prompt: 'Mention free estimates.' }, [
      spreadsheet('csv', [HEADER, ['Boise', 'ID', 'Ada', '83702']]),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = await detailOf(t, project.id, headers);
    expect(citiesOf(detail)[0]!.model.id).toBe('offline-draft');

    const missing = await multipartForm({}, [
      spreadsheet('csv', [HEADER, ['Boise', 'ID', '', '']]),
    ]);
    const noProject = await t.app.inject({
      method: 'POST',
      url: '/api/upload/',
      headers: { ...headers, ...missing.headers },
      payload: missing.payload,
    });
    expect(noProject.statusCode).toBe(400);
    expect(noProject.json()).toMatchObject({ errors: { project: [MSG.projectRequired] } });
  });

  it('honours the model the simple upload sends, refusing one the caller has no key for', async () => {
    const user = await signedInUser(t, { plan: 'pro' });
    // The project was made with a provider model; the upload asks for the offline writer.
    const project = await createProject(t, user.user.id, { model: 'gpt-4o-mini' });
    const send = async (model: string) => {
      const form = await multipartForm({ project: project.id, model }, [
        spreadsheet('csv', [HEADER, ['Boise', 'ID', 'Ada', '83702']]),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/upload/',
        headers: { ...user.headers, ...form.headers },
        payload: form.payload,
      });
    };
    const refused = await send('gpt-4o');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().errors ?? {})).toEqual(['model']);
    expect(citiesOf(await detailOf(t, project.id, user.headers))).toEqual([]);

    const res = await send('offline-draft');
    expect(res.statusCode, res.body).toBe(201);
    const cities = citiesOf(await detailOf(t, project.id, user.headers));
    expect(cities.map((c) => c.model.id)).toEqual(['offline-draft']);
  });

  it.each(['xlsx', 'csv'] as const)(
    'serves a %s sample that the upload reads in full',
    async (type) => {
      const { project, headers } = await ownerWithProject();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/sample-file/?file_type=${type}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="cityforge-locations-sample.${type}"`,
      );
      const file = { filename: `sample.${type}`, data: res.rawPayload };
      const parsed = parseLocationsFile(file);
      expect(Object.keys(parsed.columns).sort()).toEqual(
        ['city', 'county', 'displayName', 'slug', 'state', 'zip'].sort(),
      );
      if (type === 'xlsx') {
        const sheet = XLSX.read(res.rawPayload).Sheets.Locations!;
        expect(sheet.D5).toMatchObject({ t: 's', v: '02139' });
      }
      const report = await uploaded(t, project.id, headers, [
        { name: `sample.${type}`, data: res.rawPayload },
      ]);
      expect(report).toMatchObject({ citiesAdded: 6, skipped: [], ambiguous: [] });
      const names = citiesOf(await detailOf(t, project.id, headers)).map((c) => c.name);
      expect(names).toContain('Denver Metro');
    },
  );

  it('defaults to xlsx and refuses other types', async () => {
    const { headers } = await ownerWithProject();
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/sample-file/', headers });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/projects/sample-file/?file_type=pdf',
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
