import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUploadRefused, type TUploadReport } from '@cityforge/shared';
import { cities, locationCounties, locationStates, projects } from '../src/db/schema/index.ts';
import { DEFAULT_LIMITS, refuse } from '../src/modules/locations/refusals.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  brokenArchives,
  brokenWorkbooks,
  flippedFiles,
  formulaFiles,
  longCellFiles,
  mixedFiles,
  rowLimitFiles,
  truncatedFiles,
  wrongTypeFiles,
  zipBombs,
  type FuzzCase,
} from './helpers/broken-files.ts';
import { addCity, createProject, signedInUser } from './helpers/factories.ts';
import { multipartForm, spreadsheet, upload, type UploadFile } from './helpers/locations.ts';

/**
 * Fuzzes POST /api/project/{id}/upload/ with generated broken files (the upload's rules: type by
 * content and extension, size and row limits, zip-bomb limits, a clear error for each bad
 * file and nothing half-imported). Every case goes through the real route as a signed-in
 * owner on the Pro plan, and must get a 201 or a 4xx carrying one of the upload's own
 * refusal messages: never a 5xx, never a hang. A refusal leaves the project's states,
 * counties and cities exactly as they were, also when a good file rides along in the same
 * upload; a success adds only cities the file names and evaluates no formula.
 *
 * The generators (helpers/broken-files.ts) are seeded: every run sends the same bytes, and
 * a failure names the case and how its bytes were made.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Only the upload is under test. Every successful upload queues its cities' pages; left
  // running, the page workers would write hundreds of them beside the requests and slow
  // every answer down. The jobs stay queued (and are dropped with the app).
  await t.ctx.boss.offWork(QUEUES.generatePage);
  // A process's first upload starts its parse process (SheetJS loads there, see
  // parse-off-thread.ts): the cases below time the answers to their files, not that start.
  const warm = await signedInUser(t, { plan: 'pro' });
  const sheet = spreadsheet('csv', [
    ['City', 'State'],
    ['Austin', 'TX'],
  ]);
  const first = await upload(t, (await createProject(t, warm.user.id)).id, warm.headers, [sheet]);
  expect(first.statusCode).toBe(201);
});
afterAll(() => t.close());

// The upload route allows 30 requests a minute per user; each owner sends fewer.
const UPLOADS_PER_OWNER = 25;
// A refusal or a small import takes milliseconds; these bound a stuck request.
const REQUEST_TIMEOUT_MS = 15_000;
const SLOW_MS = 5_000;
const FAMILY_TIMEOUT_MS = 240_000;

// ---------------------------------------------------------------------------------------
// The clear messages a file may be refused with, and the status each one goes with.

const REFUSALS = [
  refuse.type(),
  refuse.size(DEFAULT_LIMITS),
  refuse.rows(DEFAULT_LIMITS),
  refuse.expanded(DEFAULT_LIMITS),
  refuse.compressed(DEFAULT_LIMITS),
  refuse.unreadable(),
  refuse.password(),
  refuse.empty(),
  refuse.noRows(),
  refuse.noColumns(),
];
const STATUS_OF_CODE: Record<string, number> = {
  type: 415,
  size: 413,
  rows: 413,
  bomb: 413,
  unreadable: 400,
  empty: 400,
  no_rows: 400,
  no_columns: 400,
};
const STATUS_OF_MESSAGE = new Map(REFUSALS.map((e) => [e.message, STATUS_OF_CODE[e.code]!]));

// ---------------------------------------------------------------------------------------
// Owners and projects

type Owner = { headers: Record<string, string>; userId: string };
type Slot = Owner & { projectId: string; sent: number };
let slot: Slot | undefined;
let needsProject = true;
const spareOwners: Owner[] = [];

async function freshProject(userId: string): Promise<string> {
  const project = await createProject(t, userId);
  // A city already there, so "unchanged" is not just "still empty".
  await addCity(t, project.id, {
    name: 'Bismarck',
    county: 'Burleigh County',
    state: 'ND',
    stateName: 'North Dakota',
    zips: ['58501'],
  });
  return project.id;
}

/** A new Pro owner; signing in hashes a password, so a few are made at once. */
async function nextOwner(): Promise<Owner> {
  if (!spareOwners.length) {
    const made = await Promise.all(
      Array.from({ length: 4 }, () => signedInUser(t, { plan: 'pro' })),
    );
    spareOwners.push(...made.map((o) => ({ headers: o.headers, userId: o.user.id })));
  }
  return spareOwners.pop()!;
}

/** A signed-in owner with request budget left, on a project in its seeded state. */
async function slotFor(requests: number): Promise<Slot> {
  if (!slot || slot.sent + requests > UPLOADS_PER_OWNER) {
    const owner = await nextOwner();
    slot = { ...owner, projectId: await freshProject(owner.userId), sent: 0 };
    needsProject = false;
  }
  if (needsProject) {
    slot.projectId = await freshProject(slot.userId);
    needsProject = false;
  }
  return slot;
}

// ---------------------------------------------------------------------------------------
// What the project holds

type Snapshot = {
  states: number;
  counties: number;
  status: string;
  cities: Map<string, { label: string; name: string; zips: string[] }>;
};

async function snapshot(projectId: string): Promise<Snapshot> {
  const db = t.ctx.db;
  const [states] = await db
    .select({ n: count() })
    .from(locationStates)
    .where(eq(locationStates.projectId, projectId));
  const [counties] = await db
    .select({ n: count() })
    .from(locationCounties)
    .where(eq(locationCounties.projectId, projectId));
  const [project] = await db
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.id, projectId));
  const rows = await db
    .select({
      id: cities.id,
      name: cities.name,
      zips: cities.zips,
      state: locationStates.code,
    })
    .from(cities)
    .innerJoin(locationCounties, eq(cities.countyId, locationCounties.id))
    .innerJoin(locationStates, eq(locationCounties.stateId, locationStates.id))
    .where(eq(cities.projectId, projectId));
  return {
    states: states!.n,
    counties: counties!.n,
    status: project!.status,
    cities: new Map(
      rows.map((r) => [
        r.id,
        { label: `${r.name}, ${r.state}`, name: r.name, zips: [...r.zips].sort() },
      ]),
    ),
  };
}

function describeSnapshot(s: Snapshot): string {
  const list = [...s.cities.values()].map((c) => c.label).sort();
  return `${s.states} states, ${s.counties} counties, ${s.cities.size} cities [${list.join('; ')}], status ${s.status}`;
}

function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  return describeSnapshot(a) === describeSnapshot(b) && sameCities(a, b);
}

function sameCities(a: Snapshot, b: Snapshot): boolean {
  if (a.cities.size !== b.cities.size) return false;
  for (const [id, city] of a.cities) {
    const other = b.cities.get(id);
    if (!other || other.name !== city.name || other.zips.join() !== city.zips.join()) return false;
  }
  return true;
}

/** Cities the upload added, and cities it gave new ZIP codes (with only the new ones). */
function changes(before: Snapshot, after: Snapshot) {
  const added: Array<{ label: string; name: string; zips: string[] }> = [];
  const grown: Array<{ label: string; name: string; zips: string[] }> = [];
  for (const [id, city] of after.cities) {
    const old = before.cities.get(id);
    if (!old) added.push(city);
    else {
      const zips = city.zips.filter((z) => !old.zips.includes(z));
      if (zips.length || old.name !== city.name) grown.push({ ...city, zips });
    }
  }
  return { added, grown };
}

// ---------------------------------------------------------------------------------------
// What the file says, read independently of the product's column logic

const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Every cell's text of every sheet (or the raw text of a CSV), compacted. */
function textOf(files: UploadFile[]): string {
  const parts: string[] = [];
  for (const file of files) {
    parts.push(file.data.toString('utf8'), file.data.toString('latin1'));
    try {
      const book = XLSX.read(file.data, { type: 'buffer', dense: true });
      for (const name of book.SheetNames) {
        for (const row of book.Sheets[name]?.['!data'] ?? [])
          for (const cell of row ?? []) if (cell) parts.push(String(cell.w ?? cell.v ?? ''));
      }
    } catch {
      // Not a workbook SheetJS reads on its own: the raw text above is what there is.
    }
  }
  return compact(parts.join('\n'));
}

/** A city comes from the file when its name or one of its ZIPs (as typed) is in it. */
function fromFile(city: { name: string; zips: string[] }, text: string): boolean {
  if (compact(city.name) && text.includes(compact(city.name))) return true;
  return city.zips.some((z) => text.includes(z) || text.includes(z.replace(/^0+/, '')));
}

// ---------------------------------------------------------------------------------------
// One request

type Answer = { status: number; body: string; ms: number } | { timeout: true; ms: number };

async function send(s: Slot, files: UploadFile[]): Promise<Answer> {
  const form = await multipartForm({ model: 'offline-draft' }, files);
  s.sent += 1;
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), REQUEST_TIMEOUT_MS);
  });
  const res = await Promise.race([
    t.app.inject({
      method: 'POST',
      url: `/api/project/${s.projectId}/upload/`,
      headers: { ...s.headers, ...form.headers },
      payload: form.payload,
    }),
    late,
  ]);
  clearTimeout(timer);
  const ms = Math.round(performance.now() - started);
  if (res === 'late') return { timeout: true, ms };
  return { status: res.statusCode, body: res.body, ms };
}

const short = (text: string, n = 300) => (text.length > n ? `${text.slice(0, n)}…` : text);

function messageOf(body: string): string | undefined {
  try {
    const json = JSON.parse(body) as { message?: unknown };
    return typeof json.message === 'string' ? json.message : undefined;
  } catch {
    return undefined;
  }
}

/** The known refusal a message is, with a file name in front when several files went. */
function knownRefusal(message: string, several: boolean): string | undefined {
  if (STATUS_OF_MESSAGE.has(message)) return message;
  if (!several) return undefined;
  const known = [...STATUS_OF_MESSAGE.keys()].find((m) => message.endsWith(`: ${m}`));
  return known;
}

/**
 * Checks the answer itself: no 5xx, no hang, a refusal with a known message and its status.
 * Returns the problems, and the refusal message when it was one.
 */
function checkAnswer(
  answer: Answer,
  several: boolean,
): { problems: string[]; message?: string; known?: string; nothingImported?: boolean } {
  const problems: string[] = [];
  if ('timeout' in answer) {
    problems.push(`no answer within ${REQUEST_TIMEOUT_MS} ms`);
    return { problems };
  }
  if (answer.ms > SLOW_MS) problems.push(`took ${answer.ms} ms`);
  const { status, body } = answer;
  if (status >= 500) {
    problems.push(`${status} ${short(body)}`);
    return { problems };
  }
  if (status === 201) return { problems };
  if (status === 422) {
    // Read fine, but no row is a US city (a file cut inside its first names): refused with
    // the rows' reasons, which is an answer about the rows, not about the file.
    const refused = ZUploadRefused.safeParse(JSON.parse(body));
    if (!refused.success || !refused.data.message.startsWith('No cities were imported: '))
      problems.push(`422 that is not a nothing-imported report: ${short(body)}`);
    else if (refused.data.report.imported !== 0)
      problems.push(`422 although ${refused.data.report.imported} rows were imported`);
    return { problems, nothingImported: true };
  }
  if (status < 400) {
    problems.push(`unexpected ${status} ${short(body)}`);
    return { problems };
  }
  const message = messageOf(body);
  if (!message?.trim()) {
    problems.push(`${status} without a message: ${short(body)}`);
    return { problems };
  }
  const known = knownRefusal(message, several);
  if (!known) problems.push(`${status} with an unknown message: "${short(message)}"`);
  else if (STATUS_OF_MESSAGE.get(known) !== status)
    problems.push(`${status} for "${known}", which goes with ${STATUS_OF_MESSAGE.get(known)}`);
  return { problems, message, known };
}

const GOOD: UploadFile = {
  name: 'good.csv',
  data: Buffer.from('City,State,County,ZIP\nAustin,TX,Travis,78701\n'),
  type: 'text/csv',
};

/** Runs one case end to end and returns what is wrong with the answer, if anything. */
async function runCase(c: FuzzCase): Promise<string[]> {
  const s = await slotFor(2);
  const before = await snapshot(s.projectId);
  const answer = await send(s, c.files);
  const { problems, message, known, nothingImported } = checkAnswer(answer, c.files.length > 1);
  const after = await snapshot(s.projectId);
  const status = 'timeout' in answer ? 0 : answer.status;
  const { verdict } = c;

  if (status !== 201) {
    // Whatever the answer, a request that did not succeed changed nothing.
    if (!sameSnapshot(before, after))
      problems.push(
        `answered ${status || 'nothing'} but changed the project: before ${describeSnapshot(before)}; after ${describeSnapshot(after)}`,
      );
    if (verdict.kind === 'accepted' && status >= 400 && status < 500 && !nothingImported)
      problems.push(`refused a file it should take: ${status} "${message}"`);
    if (verdict.kind === 'refused' && verdict.statuses && !verdict.statuses.includes(status))
      problems.push(`expected ${verdict.statuses.join('/')}, got ${status} "${message ?? ''}"`);
    if (verdict.kind === 'refused' && verdict.message && message !== undefined) {
      const ok =
        typeof verdict.message === 'string'
          ? message === verdict.message
          : verdict.message.test(message);
      if (!ok) problems.push(`expected the message "${verdict.message}", got "${message}"`);
    }
    if (known && verdict.untrue?.includes(known))
      problems.push(`refused with "${known}", which is untrue of this file (${status})`);
    if (!sameSnapshot(before, after) || status === 0) needsProject = true;

    // One bad file refuses the whole upload: the same refusal beside a good file.
    if (known && problems.length === 0 && c.files.length === 1) {
      const beside = await send(s, [GOOD, ...c.files]);
      const again = checkAnswer(beside, true);
      const afterPair = await snapshot(s.projectId);
      const pairStatus = 'timeout' in beside ? 0 : beside.status;
      for (const p of again.problems) problems.push(`beside a good file: ${p}`);
      if (pairStatus !== status || again.known !== known)
        problems.push(
          `beside a good file: ${pairStatus} "${again.message ?? ''}" instead of ${status} "…: ${known}"`,
        );
      if (!sameSnapshot(before, afterPair)) {
        problems.push(
          `beside a good file: half-imported: before ${describeSnapshot(before)}; after ${describeSnapshot(afterPair)}`,
        );
        needsProject = true;
      }
    }
    return problems;
  }

  // A success: the next case gets a project of its own (this one is generating now).
  needsProject = true;
  if (verdict.kind === 'refused')
    problems.push(
      `took a file it should refuse (expected ${verdict.statuses?.join('/') ?? '4xx'})`,
    );
  const report = JSON.parse((answer as { body: string }).body) as TUploadReport;
  const { added, grown } = changes(before, after);
  if (report.citiesAdded !== added.length)
    problems.push(
      `report says ${report.citiesAdded} cities added, the project gained ${added.length}`,
    );
  if (report.imported > report.rowsRead)
    problems.push(`report imports ${report.imported} of ${report.rowsRead} rows read`);
  const text = textOf(c.files);
  for (const city of [...added, ...grown])
    if (!fromFile(city, text))
      problems.push(
        `imported ${city.label} (${city.zips.join(' ')}), which the file does not name`,
      );
  const expected = c.cities ?? {};
  const labels = added.map((a) => a.label).sort();
  if (expected.exactly) {
    const want = [...expected.exactly].sort();
    if (labels.join('; ') !== want.join('; '))
      problems.push(`added [${labels.join('; ')}], expected [${want.join('; ')}]`);
  }
  for (const trap of expected.never ?? [])
    if (labels.includes(trap)) problems.push(`added ${trap}: a formula was evaluated`);
  if (expected.names) {
    const names = added.map((a) => a.name).sort();
    const want = [...expected.names].sort();
    if (JSON.stringify(names) !== JSON.stringify(want))
      problems.push(`stored names ${JSON.stringify(names)}, expected ${JSON.stringify(want)}`);
  }
  if (expected.forbidden) {
    for (const city of added)
      if (expected.forbidden.test(city.name))
        problems.push(`stored the name "${short(city.name, 80)}" (matches ${expected.forbidden})`);
  }
  if (expected.reported) {
    const lines = new Set([...report.skipped, ...report.ambiguous].map((i) => i.line));
    const missing = expected.reported.filter((l) => !lines.has(l));
    if (missing.length) problems.push(`lines ${missing.join(', ')} neither imported nor reported`);
  }
  return problems;
}

type Outcome = { name: string; recipe: string; problems: string[] };

/** Runs a family and returns a summary of the answers and every failing case. */
async function runFamily(cases: FuzzCase[]) {
  const names = new Set(cases.map((c) => c.name));
  expect(names.size, 'case names are unique').toBe(cases.length);
  const failures: Outcome[] = [];
  const started = performance.now();
  for (const c of cases) {
    let problems: string[];
    try {
      problems = await runCase(c);
    } catch (error) {
      problems = [`the test itself threw: ${(error as Error).stack ?? String(error)}`];
    }
    if (problems.length) failures.push({ name: c.name, recipe: c.recipe, problems });
  }
  const ms = Math.round(performance.now() - started);
  return { failures, ms };
}

function report(family: string, cases: FuzzCase[], failures: Outcome[], ms: number): string {
  const lines = failures.map(
    (f) => `\n  ✗ ${f.name}\n      bytes: ${f.recipe}\n      ${f.problems.join('\n      ')}`,
  );
  return `${family}: ${failures.length} of ${cases.length} cases failed (${ms} ms)${lines.join('')}`;
}

async function fuzz(family: string, cases: FuzzCase[]) {
  const { failures, ms } = await runFamily(cases);
  console.info(`[upload fuzz] ${family}: ${cases.length} cases in ${ms} ms`);
  expect(
    failures.map((f) => f.name),
    report(family, cases, failures, ms),
  ).toEqual([]);
}

// ---------------------------------------------------------------------------------------

const TRAVERSAL_TARGETS = [
  '/tmp/cityforge-fuzz-escape.xml',
  '/tmp/cityforge-fuzz-absolute.xml',
  '/tmp/cityforge-fuzz-dots.xml',
];

describe('upload fuzz: broken files get a clear refusal or a clean import', () => {
  it(
    'valid CSV, XLSX and XLS files cut short at random offsets',
    () => fuzz('truncated', truncatedFiles(0x7a11, 20)),
    FAMILY_TIMEOUT_MS,
  );

  it(
    'valid files with random bytes flipped',
    () => fuzz('flipped', flippedFiles(0xf11b, 20)),
    FAMILY_TIMEOUT_MS,
  );

  it(
    'foreign and empty files, swapped extensions, odd names and lying MIME types',
    () => fuzz('wrong type', wrongTypeFiles(0x3a91c)),
    FAMILY_TIMEOUT_MS,
  );

  it(
    'xlsx: missing parts, malformed XML, lying dimensions and counts, odd cells and entries',
    async () => {
      for (const target of TRAVERSAL_TARGETS) fs.rmSync(target, { force: true });
      await fuzz('broken workbooks', brokenWorkbooks(0xb00c));
      for (const target of TRAVERSAL_TARGETS)
        expect(fs.existsSync(target), `${target} written by an upload`).toBe(false);
    },
    FAMILY_TIMEOUT_MS,
  );

  it(
    'xlsx: archives whose headers lie (methods, flags, ZIP64, directory)',
    () => fuzz('broken archives', brokenArchives(0xa7c)),
    FAMILY_TIMEOUT_MS,
  );

  it(
    'xlsx: zip bombs, in one part or many, honest or lying about their size',
    () => fuzz('zip bombs', zipBombs(0xb0b)),
    FAMILY_TIMEOUT_MS,
  );

  it(
    'formula-looking cells are inert text or skipped, never evaluated',
    () => fuzz('formulas', formulaFiles()),
    FAMILY_TIMEOUT_MS,
  );

  it(
    'over-long cells in every column',
    () => fuzz('long cells', longCellFiles(0x10c)),
    FAMILY_TIMEOUT_MS,
  );

  it(
    'rows around and past the row limit',
    () => fuzz('row limit', rowLimitFiles()),
    FAMILY_TIMEOUT_MS,
  );

  it(
    'mixed valid and invalid rows: every valid row imported, every invalid one reported',
    () => fuzz('mixed rows', mixedFiles(0x31c5, 25)),
    FAMILY_TIMEOUT_MS,
  );
});
