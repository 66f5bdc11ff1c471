import * as XLSX from '@e965/xlsx';
import { buildElementTree, checkTags } from '@cityforge/shared/html';
import { offlineServices } from '../apps/server/src/modules/generation/offline/index.ts';
import { readRegeneratedHtml } from '../apps/server/src/modules/editor/regenerate-answer.ts';
import { scanSheets } from '../apps/server/src/modules/locations/sheet-xml.ts';
import { parseLocationsFile } from '../apps/server/src/modules/locations/spreadsheet.ts';
import { faqsInHtml } from '@cityforge/shared/html';
import { readMetaTags } from '../apps/server/src/modules/site/meta.ts';
import { textStats } from '../apps/web/src/features/editor/html-editor/status-bar.ts';
import type { Line } from './bench-types.ts';

/**
 * `npm run bench -- hostile`: every reader of user or model markup, and of the
 * prompt, on inputs shaped to make backtracking patterns rescan the rest of the input, each
 * printed next to a normal input of the same size. Linear code shows the two close together;
 * the tag patterns these replaced took 2.4 s on 32 KB of `faq<a<a…` and grew fourfold per
 * doubling.
 */
const MB = 1_000_000;

/** `unit` repeated to `size` characters (cut at the end). */
const filled = (unit: string, size: number) =>
  unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

const NORMAL_PAGE =
  '<section class="wrap split"><h2>Drain cleaning</h2><div class="prose"><p>We clear ' +
  '<a href="/drains">blocked drains</a> &amp; sewers the same day.</p><img src="/a.webp" ' +
  'alt="Van"></div><div class="faq"><details><summary>How fast?</summary><p>Within an ' +
  'hour.</p></details></div></section>\n';

/** Best of three runs, in milliseconds: the figure is the work, not the machine's noise. */
function timeOf(run: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

type Case = { name: string; run: (input: string) => unknown; hostile: string; normal: string };

const deep = (n: number) => '<div>'.repeat(n) + '</b>'.repeat(n);
const unquoted = (tag: string, size: number) =>
  `<${tag}${filled(' a=b', size - tag.length - 16)} class=faq>`;

function cases(): Case[] {
  const page = filled(NORMAL_PAGE, MB);
  const fragment = (html: string) => JSON.stringify({ html });
  return [
    {
      name: 'FAQ read, faq<a<a…',
      run: faqsInHtml,
      hostile: `faq${filled('<a', MB - 3)}`,
      normal: page,
    },
    {
      name: 'FAQ read, <div>×n </b>×n',
      run: faqsInHtml,
      hostile: `faq${deep(MB / 9)}`,
      normal: page,
    },
    {
      name: 'FAQ read, unquoted attributes',
      run: faqsInHtml,
      hostile: unquoted('div', MB),
      normal: page,
    },
    {
      name: 'FAQ read, <!--<!--…',
      run: faqsInHtml,
      hostile: `faq${filled('<!--<!--', MB)}`,
      normal: page,
    },
    { name: 'tag check, <a<a…', run: checkTags, hostile: filled('<a', MB), normal: page },
    { name: 'tag check, <div>×n </b>×n', run: checkTags, hostile: deep(MB / 9), normal: page },
    {
      name: 'element tree, <div>×n </b>×n',
      run: buildElementTree,
      hostile: deep(MB / 9),
      normal: page,
    },
    { name: 'word count (web), <a<a…', run: textStats, hostile: filled('<a', MB), normal: page },
    {
      name: 'meta tags, unquoted attributes',
      run: readMetaTags,
      hostile: `<title>x</title>${unquoted('meta', MB)}`,
      normal: filled(
        '<title>Plumbers in Austin</title><meta name="description" content="Fast.">\n',
        MB,
      ),
    },
    {
      name: 'model fragment check, <p<p…',
      run: readRegeneratedHtml,
      hostile: fragment(`<p>ok</p>${filled('<p', MB)}`),
      normal: fragment(page),
    },
  ];
}

/**
 * A one-sheet workbook with raw XML added to its rows, its parts stored rather than deflated:
 * repeated XML deflates past the compression guard, which would refuse it before the scan.
 */
function storedXlsx(extraRows: string, rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Areas');
  const written = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const zip = XLSX.CFB.read(written, { type: 'buffer' });
  const at = zip.FullPaths.findIndex((p: string) => p.endsWith('/xl/worksheets/sheet1.xml'));
  const sheet = zip.FileIndex[at]!;
  const xml = Buffer.from(sheet.content as Uint8Array).toString('utf8');
  sheet.content = Buffer.from(xml.replace('</sheetData>', `${extraRows}</sheetData>`));
  sheet.size = sheet.content.length;
  return XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip', compression: false }) as Buffer;
}

function sheetCases(line: Line) {
  const header = [['City', 'State', 'ZIP']];
  const hostile = storedXlsx('<row>'.repeat(200_000), [...header, ['Austin', 'TX', '78701']]);
  // Real rows of about the same size: one city per row, closed, with values.
  const unit = '<row><c t="inlineStr"><is><t>Austin</t></is></c></row>';
  const normal = storedXlsx(
    unit.repeat(Math.floor((hostile.length - 2_000) / unit.length)),
    header,
  );
  const size = `${(hostile.length / MB).toFixed(1)} MB`;
  const both = (what: string, run: (data: Buffer) => unknown) =>
    line(
      `${what}, <row>×200,000 (${size})`,
      `${timeOf(() => run(hostile)).toFixed(0)} ms`,
      `normal rows, ${(normal.length / MB).toFixed(1)} MB: ${timeOf(() => run(normal)).toFixed(0)} ms`,
    );
  both('sheet scan', scanSheets);
  both('sheet parse', (data) => {
    try {
      return parseLocationsFile({ filename: 'areas.xlsx', data });
    } catch (error) {
      return error;
    }
  });
}

function promptCase(line: Line) {
  const gap = ' '.repeat(4_000);
  const hostile = `Services: AC repair${gap},${gap}duct cleaning${gap}and${gap}furnace${'.'.repeat(3_000)}x.`;
  const normal = filled(
    'We keep Dallas cool. Services: AC repair, duct cleaning and furnace tune-ups. ',
    hostile.length,
  );
  const run = (prompt: string) => offlineServices({ name: 'Cool Co', serviceType: 'HVAC', prompt });
  line(
    `offline services, padded ${(hostile.length / 1000).toFixed(0)}k prompt`,
    `${timeOf(() => run(hostile)).toFixed(1)} ms`,
    `normal prompt: ${timeOf(() => run(normal)).toFixed(1)} ms`,
  );
}

export function hostileBench(line: Line) {
  for (const c of cases()) {
    const hostile = timeOf(() => c.run(c.hostile));
    const normal = timeOf(() => c.run(c.normal));
    const size = `${(c.hostile.length / MB).toFixed(1)} MB`;
    line(
      `${c.name} (${size})`,
      `${hostile.toFixed(0)} ms`,
      `normal ${size}: ${normal.toFixed(0)} ms`,
    );
  }
  sheetCases(line);
  promptCase(line);
}
