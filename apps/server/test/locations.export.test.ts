import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUS } from '@cityforge/shared';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { cityIds, factsApi, factsOf, leanCities, leanOf } from './helpers/facts.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import type { Headers } from './helpers/http.ts';
import { spreadsheet, uploaded, type UploadFile } from './helpers/locations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const facts = factsApi(() => t);

// What a spreadsheet would run as a formula if the export wrote it as it is, and values that
// look like the export's own escapes: each must come back exactly as it was.
const TRICKY = [
  '=HYPERLINK("http://evil.example","Click")',
  '+1 512 555 0100',
  '-5 degrees in January',
  '@home crew',
  "'=already marked",
  '="wrapped"',
  `-${'a long quote that starts with a dash, '.repeat(8)}`.trim(),
];

/** A written project of three places, with facts, overrides and a display name. */
async function writtenProject() {
  const user = await signedInUser(t, { plan: 'pro' });
  const row = await createProject(t, user.user.id, { name: 'Lone Star Plumbing' });
  const { headers } = user;
  await uploaded(t, row.id, headers, [
    spreadsheet('csv', [
      ['City', 'State', 'County', 'ZIP', 'Display name', 'Page title', 'Jobs completed', 'Crew'],
      ['Austin', 'TX', 'Travis', '78701, 78702', '', 'Austin plumbers', '142', 'Ana'],
      ['Kyle', 'TX', 'Hays', '78640', 'Kyle & Plum Creek', '', '', ''],
      ['Boise', 'ID', 'Ada', '83702', '', '', '7', ''],
    ]),
  ]);
  expect((await settled(t, row.id, headers)).status).toBe(PROJECT_STATUS.created);
  return { project: row, headers, ids: await cityIds(t, row.id, headers) };
}

async function exported(projectId: string, headers: Headers, format: 'csv' | 'xlsx') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/cities/export/?format=${format}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The export's cells, read the way a spreadsheet program opens the file. */
function cellsOf(data: Buffer, format: 'csv' | 'xlsx'): string[][] {
  const book =
    format === 'csv'
      ? XLSX.read(data.toString('utf8').replace(/^\uFEFF/, ''), { type: 'string', raw: true })
      : XLSX.read(data, { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
}

const asFile = (data: Buffer, format: 'csv' | 'xlsx'): UploadFile => ({
  name: `places.${format}`,
  data,
});

describe('GET /api/projects/:id/cities/export/', () => {
  it.each(['csv', 'xlsx'] as const)(
    'writes every place with its page, its overrides and every fact column (.%s)',
    async (format) => {
      const { project, headers } = await writtenProject();
      const res = await exported(project.id, headers, format);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="lone-star-plumbing-places.${format}"`,
      );
      const [head, ...rows] = cellsOf(res.rawPayload, format);
      expect(head).toEqual([
        'City',
        'Display name',
        'State',
        'County',
        'ZIP codes',
        'Page slug',
        'Page URL',
        'Status',
        'Quality',
        'Quality reasons',
        'Photo',
        'Page title',
        'Meta description',
        'Services',
        'Jobs completed',
        'Crew',
      ]);
      const byCity = Object.fromEntries(rows.map((r) => [r[0], r]));
      expect(byCity.Austin).toEqual([
        'Austin',
        '',
        'TX',
        'Travis County',
        '78701, 78702',
        'austin',
        '/states/texas/travis-county/austin',
        'Completed',
        expect.stringMatching(/^(passes|held|pending)$/),
        expect.any(String),
        '',
        'Austin plumbers',
        '',
        '',
        '142',
        'Ana',
      ]);
      // A display name goes in its own column; City keeps the name the place resolves by.
      expect(byCity.Kyle!.slice(0, 3)).toEqual(['Kyle', 'Kyle & Plum Creek', 'TX']);
      expect(byCity.Boise!.slice(14)).toEqual(['7', '']);
    },
  );

  it('gives each page the verdict and reasons the detail screen shows', async () => {
    const { project, headers } = await writtenProject();
    await t.drainQueue(QUEUES.scoreSimilarity);
    const screen = leanCities(await leanOf(t, project.id, headers));
    const [head, ...rows] = cellsOf((await exported(project.id, headers, 'csv')).rawPayload, 'csv');
    const at = (name: string) => head!.indexOf(name);
    const exportedVerdicts = Object.fromEntries(
      rows.map((r) => [
        r[at('Display name')] || r[0],
        [r[at('Quality')], r[at('Quality reasons')]],
      ]),
    );
    expect(exportedVerdicts).toEqual(
      Object.fromEntries(
        Object.values(screen).map((c) => [
          c.name,
          [c.quality.verdict, c.quality.reasons.join(', ')],
        ]),
      ),
    );
    // Kyle has no facts in a project that has some: held for want of proof, in both.
    expect(screen['Kyle & Plum Creek']!.quality.reasons).toContain('proof');
  });

  it('names the live address once the site has one', async () => {
    const { project, headers } = await writtenProject();
    await t.ctx.repos.projectsRepo.update(project.id, {
      netlifySiteUrl: 'https://lone-star.netlify.app',
    });
    const [, ...rows] = cellsOf((await exported(project.id, headers, 'csv')).rawPayload, 'csv');
    expect(rows.map((r) => r[6]).sort()).toEqual([
      'https://lone-star.netlify.app/states/idaho/ada-county/boise',
      'https://lone-star.netlify.app/states/texas/hays-county/kyle-and-plum-creek',
      'https://lone-star.netlify.app/states/texas/travis-county/austin',
    ]);
  });

  it.each(['csv', 'xlsx'] as const)(
    'round trip (.%s): uploaded unchanged it changes nothing; a blank cell filled in is stored',
    async (format) => {
      const { project, headers, ids } = await writtenProject();
      const file = (await exported(project.id, headers, format)).rawPayload;
      const same = await uploaded(t, project.id, headers, [asFile(file, format)]);
      expect(same).toMatchObject({
        citiesAdded: 0,
        citiesExisting: 3,
        citiesUpdated: 0,
        skipped: [],
        ambiguous: [],
        factColumns: ['Jobs completed', 'Crew'],
      });
      // The export's report columns are read-only: never facts.
      expect(same.ignoredColumns).toEqual(['Page URL', 'Status', 'Quality', 'Quality reasons']);

      // An agency fills in Kyle's blank Jobs completed and sends the file back.
      const cells = cellsOf(file, format);
      const kyle = cells.find((r) => r[0] === 'Kyle')!;
      kyle[14] = '38';
      const filled = await uploaded(t, project.id, headers, [spreadsheet(format, cells, 'filled')]);
      expect(filled).toMatchObject({ citiesAdded: 0, citiesUpdated: 1, factsReceived: 4 });
      expect((await factsOf(t, project.id, ids['Kyle & Plum Creek']!, headers)).facts).toEqual([
        { name: 'Jobs completed', value: '38' },
      ]);
    },
  );

  it('never writes a CSV cell a spreadsheet would run, and reads every value back as it was', async () => {
    const { project, headers, ids } = await writtenProject();
    const austin = ids.Austin!;
    const put = await facts.put(project.id, austin, headers, {
      facts: TRICKY.map((value, i) => ({ name: `Tricky ${i + 1}`, value })),
      photo: null,
      metaDescription: '=1+1',
    });
    expect(put.statusCode, put.body).toBe(200);
    const file = (await exported(project.id, headers, 'csv')).rawPayload;
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    for (const row of cellsOf(file, 'csv'))
      for (const cell of row) if (/^[=+\-@]/.test(cell)) expect(cell).toMatch(/^="(?:[^"]|"")*"$/);
    const austinRow = cellsOf(file, 'csv').find((r) => r[0] === 'Austin')!;
    expect(austinRow).toContain('="+1 512 555 0100"');
    // Too long for a formula's text: marked as text instead.
    expect(austinRow).toContain(`'${TRICKY[6]!}`);

    const again = await uploaded(t, project.id, headers, [asFile(file, 'csv')]);
    expect(again).toMatchObject({ citiesAdded: 0, citiesUpdated: 0 });
    const back = await factsOf(t, project.id, austin, headers);
    expect(back.facts.map((f) => f.value)).toEqual(TRICKY);
    expect(back.metaDescription).toBe('=1+1');
  });

  it("answers 404 for another user's project and 400 for an unknown format", async () => {
    const { project, headers } = await writtenProject();
    const stranger = await signedInUser(t);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/cities/export/?format=csv`,
      headers: stranger.headers,
    });
    expect(other.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/cities/export/?format=pdf`,
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { format: ['Choose format csv or xlsx.'] } });
  });
});
