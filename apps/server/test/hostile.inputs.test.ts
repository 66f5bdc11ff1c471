import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_HTML_CHARS } from '@cityforge/shared';
import { offlineServices } from '../src/modules/generation/offline/index.ts';
import { readRegeneratedHtml } from '../src/modules/editor/regenerate-answer.ts';
import { scanSheets } from '../src/modules/locations/sheet-xml.ts';
import { parseLocationsFile } from '../src/modules/locations/spreadsheet.ts';
import { faqsInHtml } from '@cityforge/shared/html';
import { hasOpenGraphTags, readMetaTags } from '../src/modules/site/meta.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { rawZip, workbookParts } from './helpers/broken-files.ts';
import { editorApi, faqPageOf, previewHtml, saveBody, viewOf } from './helpers/editor.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { detailOf } from './helpers/generation.ts';
import { citiesOf, upload, uploaded } from './helpers/locations.ts';
import { siteProject } from './helpers/publishing.ts';

/**
 * No input is quadratic: markup a user saves or a model writes, and sheet XML a
 * user uploads, of about 1 MB shaped to make backtracking tag patterns rescan the rest of the
 * input at every `<`. Each must still give the right answer; how long it takes is measured by
 * `npm run bench -- hostile`, never here.
 */
const MB = 1_000_000;
const FAQ =
  '<div class="faq"><details><summary>Do you <em>unblock</em> drains?</summary>' +
  '<p>Yes &amp; fast.</p><p>Same day.</p></details></div>';
const ANSWER = [{ question: 'Do you unblock drains?', answer: 'Yes & fast. Same day.' }];

describe('FAQ markup from a saved page', () => {
  it('finds nothing in a megabyte of tags that never end', () => {
    expect(faqsInHtml(`faq${'<a'.repeat(MB / 2)}`)).toEqual([]);
    expect(faqsInHtml(`<div class="faq">${'<div'.repeat(MB / 4)}`)).toEqual([]);
  });

  it('reads the FAQ in front of a megabyte of tags that never end', () => {
    expect(faqsInHtml(FAQ + '<a'.repeat(MB / 2))).toEqual(ANSWER);
  });

  it('reads a FAQ 100,000 elements deep, behind as many stray closing tags', () => {
    const n = MB / 20;
    const html = `${'</b>'.repeat(n)}<section class=faq>${'<div>'.repeat(n)}${FAQ}${'</div>'.repeat(n)}</section>`;
    expect(faqsInHtml(html)).toEqual(ANSWER);
  });

  it('reads class and text from unquoted attributes', () => {
    const attrs = ' data-x=a"b'.repeat(MB / 12);
    const html = `<div class=faq${attrs}><details><summary title=x>Q?</summary><p${attrs}>A.</p></details></div>`;
    expect(faqsInHtml(html)).toEqual([{ question: 'Q?', answer: 'A.' }]);
  });

  it('skips nested and unclosed comments as a browser does', () => {
    const comments = '<!-- <!-- <details><summary>Hidden</summary><p>x</p></details> -->';
    expect(faqsInHtml(comments.repeat(MB / 70) + FAQ)).toEqual(ANSWER);
    // A comment never closed hides the rest of the page, its FAQ included.
    expect(faqsInHtml(`${'<!--<!--'.repeat(MB / 8)}${FAQ}`)).toEqual([]);
  });
});

describe('meta tags a user wrote', () => {
  it('reads title and description past a megabyte of unquoted attributes', () => {
    const tags = `<title>Plumbers &amp; more</title><meta${' a=b'.repeat(MB / 4)} name=Description content=Calm>`;
    expect(readMetaTags(tags)).toEqual({ title: 'Plumbers & more', description: 'Calm' });
  });

  it('reads no title from titles never closed, and no Open Graph tag from text', () => {
    expect(readMetaTags('<title>'.repeat(MB / 7))).toEqual({ title: '', description: '' });
    expect(readMetaTags('<meta name="description"'.repeat(MB / 24))).toEqual({
      title: '',
      description: '',
    });
    expect(hasOpenGraphTags('<p>property=og:</p>'.repeat(MB / 20))).toBe(false);
    expect(hasOpenGraphTags(`${'<meta'.repeat(MB / 5)}`)).toBe(false);
    expect(hasOpenGraphTags('<META Property="OG:title" content=x>')).toBe(true);
  });
});

describe("a model's rewritten fragment", () => {
  const check = (html: string) => readRegeneratedHtml(JSON.stringify({ html }));

  it('refuses an event handler or a javascript: URL in unquoted attributes, however long', () => {
    const padding = ' a=b'.repeat(MB / 4);
    expect(check(`<p${padding} onclick=go()>x</p>`)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('inline event handler (onclick)'),
    });
    expect(check(`<a${padding} href=javascript:go()>x</a>`)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('javascript: URL'),
    });
    // Browsers use the first of two same-named attributes, but the check reads every one.
    expect(check('<a href="/ok" href="javascript:go()">x</a>')).toMatchObject({ ok: false });
  });

  it('refuses a fragment with nothing but tags that never end, or unclosed deep nesting', () => {
    expect(check('<div'.repeat(MB / 4))).toEqual({
      ok: false,
      problem: "the model's answer contains no HTML element",
    });
    expect(check('<div>'.repeat(MB / 5))).toMatchObject({
      ok: false,
      problem: expect.stringContaining('Unclosed tag <div>'),
    });
  });
});

describe("a project's prompt (user text of up to 20,000 characters)", () => {
  it('reads a services list padded with runs that made the split patterns backtrack', () => {
    const gap = ' '.repeat(4_000);
    const prompt = `Services: AC repair${gap},${gap}duct cleaning${gap}and${gap}furnace tune-ups${'.'.repeat(3_000)}x.`;
    expect(prompt.length).toBeLessThanOrEqual(20_000);
    const titles = offlineServices({ name: 'Cool Co', serviceType: 'HVAC', prompt }).map(
      (s) => s.title,
    );
    // Dots inside the title are kept (and the title cut at 100 characters); only a final run goes.
    expect(titles).toEqual(['AC Repair', 'Duct Cleaning', `Furnace Tune-ups${'.'.repeat(84)}`]);
  });
});

const rows = [
  ['City', 'State', 'ZIP'],
  ['Austin', 'TX', '78701'],
  ['Dallas', 'TX', '75201'],
];
// Stored, not deflated: repeated XML deflates past the compression guard, which would
// refuse the file before its XML is read. A stored part is read as it is.
const storedXlsx = (extraRows: string) =>
  rawZip(
    workbookParts(rows, { extraRows }).map((part) => ({
      name: part.name,
      data: part.content,
      method: 0,
      crc: crc32(part.content),
    })),
  );

describe('sheet XML inside an uploaded .xlsx', () => {
  it('imports the real rows in front of 200,000 rows never closed', () => {
    const data = storedXlsx('<row>'.repeat(200_000));
    expect(data.length).toBeGreaterThan(MB);
    expect(scanSheets(data)).toEqual({ wellFormed: true, lastValueRow: 3 });
    const parsed = parseLocationsFile({ filename: 'areas.xlsx', data });
    expect(parsed.rows.map((r) => r.city)).toEqual(['Austin', 'Dallas']);
  });

  it('counts a value in the last of 200,000 open rows and refuses the file as too long', () => {
    const data = storedXlsx(`${'<row>'.repeat(200_000)}<c t="inlineStr"><is><t>x</t></is></c>`);
    expect(scanSheets(data).lastValueRow).toBe(200_003);
    expect(() => parseLocationsFile({ filename: 'areas.xlsx', data })).toThrow(
      'The file has more than 50,000 rows.',
    );
  });

  it('reads declared row numbers, prefixes and self-closed rows', () => {
    const data = storedXlsx(
      `${'<x:row/>'.repeat(100_000)}<x:row r="60000"><x:c><x:v>1</x:v></x:c></x:row>`,
    );
    expect(scanSheets(data)).toEqual({ wellFormed: true, lastValueRow: 60_000 });
  });

  it('calls a part cut short inside its closing tag malformed', () => {
    const parts = workbookParts(rows, { extraRows: '<row>'.repeat(200_000) });
    const sheet = parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!;
    sheet.content = sheet.content.subarray(0, sheet.content.length - 1);
    const data = rawZip(
      parts.map((p) => ({ name: p.name, data: p.content, method: 0, crc: crc32(p.content) })),
    );
    expect(scanSheets(data).wellFormed).toBe(false);
  });
});

describe('hostile input through the API', () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof siteProject>>;
  beforeAll(async () => {
    t = await createTestApp();
    site = await siteProject(t, { token: null });
  });
  afterAll(() => t.close());

  it('saves a 1 MB page of unclosed tags and previews it with its FAQ data and meta', async () => {
    const api = editorApi(() => t);
    const view = await viewOf(t, site.id, site.headers, { slug: 'contact-us' });
    // As large as the editor allows: the whole page, chrome and content, at the limit.
    const room =
      MAX_PAGE_HTML_CHARS - (view.page.complete_html.length - view.page.content_html.length);
    const content = (FAQ + '<a'.repeat(room / 2)).slice(0, room);
    const meta = `<title>Hostile</title><meta name=description content=Calm${' a=b'.repeat(4_000)}>`;
    const body = { ...saveBody(view, { content_html: content }), meta_tags: meta };
    expect(body.html.length).toBe(MAX_PAGE_HTML_CHARS);
    const saved = await api.save(site.id, view.page.id, site.headers, body);
    expect(saved.statusCode, saved.body).toBe(200);

    const preview = await previewHtml(
      t,
      `/api/projects/${site.id}/page/${view.page.id}/`,
      site.headers,
    );
    expect(faqPageOf(preview)?.mainEntity).toEqual([
      {
        '@type': 'Question',
        name: ANSWER[0]!.question,
        acceptedAnswer: { '@type': 'Answer', text: ANSWER[0]!.answer },
      },
    ]);
    expect(preview).toContain('<meta property="og:title" content="Hostile">');
    expect(preview).toContain('<meta property="og:description" content="Calm">');
  });

  it('imports an uploaded .xlsx holding 200,000 rows never closed, and refuses one with a value past them', async () => {
    const user = await signedInUser(t, { plan: 'pro' });
    const project = await createProject(t, user.user.id);
    const report = await uploaded(t, project.id, user.headers, [
      { name: 'areas.xlsx', data: storedXlsx('<row>'.repeat(200_000)) },
    ]);
    expect(report).toMatchObject({ rowsRead: 2, imported: 2, citiesAdded: 2 });
    const names = citiesOf(await detailOf(t, project.id, user.headers)).map((c) => c.name);
    expect(names.sort()).toEqual(['Austin', 'Dallas']);

    const other = await createProject(t, user.user.id);
    const refused = await upload(t, other.id, user.headers, [
      { name: 'areas.xlsx', data: storedXlsx(`${'<row>'.repeat(200_000)}<c><v>1</v></c>`) },
    ]);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((refused.json() as { message: string }).message).toBe(
      'The file has more than 50,000 rows.',
    );
  });
});
