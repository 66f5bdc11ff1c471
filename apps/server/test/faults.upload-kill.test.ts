import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_STATUS, PROJECT_STATUS, type TProjectDetail } from '@cityforge/shared';
import { loadGeoNamesRows } from '../src/modules/locations/geo-sources.ts';
import {
  crashRig,
  createProject,
  detail,
  kill,
  pageStates,
  settled,
  signIn,
  uploadSheets,
  type ChildDatabase,
} from './helpers/crash.ts';
import type { ServerProcess } from './helpers/process.ts';
import { spreadsheet } from './helpers/locations.ts';

const rig = crashRig();
afterAll(() => rig.close());

const CITIES = 300;
const ROWS = 30_000;

/**
 * An agency's service-area sheet: City, State, County, ZIP for every ZIP of CITIES real
 * places, pasted again and again up to ROWS rows, so reading and resolving it takes a while.
 */
function serviceAreas() {
  const byCity = new Map<string, string[][]>();
  for (const r of loadGeoNamesRows().rows) {
    const key = `${r.stateId}|${r.city}`;
    const row = [r.city, r.stateId, r.county, r.zip];
    const rows = byCity.get(key);
    if (rows) rows.push(row);
    else byCity.set(key, [row]);
  }
  const lines = [...byCity.values()].slice(0, CITIES).flat();
  const sheet = [['City', 'State', 'County', 'ZIP']];
  for (let i = 0; i < ROWS; i++) sheet.push(lines[i % lines.length]!);
  return { file: spreadsheet('csv', sheet, 'service-areas'), zips: lines.length };
}

/** What the project holds, as the screen shows it. */
function tree(d: TProjectDetail) {
  const counties = d.states.flatMap((s) => s.counties);
  const cities = counties.flatMap((c) => c.cities);
  return {
    states: d.states.length,
    counties: counties.length,
    cities: cities.length,
    zips: cities.reduce((n, c) => n + c.zips.length, 0),
  };
}

/** The same, counted in the database's own tables. */
async function stored(db: ChildDatabase, id: string) {
  const [row] = await db.query<{ states: number; counties: number; cities: number; zips: number }>(
    `select
       (select count(*)::int from location_states where project_id = $1) as states,
       (select count(*)::int from location_counties where project_id = $1) as counties,
       (select count(*)::int from cities where project_id = $1) as cities,
       (select coalesce(sum(jsonb_array_length(zips)), 0)::int from cities where project_id = $1) as zips`,
    [id],
  );
  return row!;
}

const NOTHING = { states: 0, counties: 0, cities: 0, zips: 0 };

/** Bytes the child has written so far (PGlite lives inside it: its data files and WAL too). */
function writtenBy(server: ServerProcess): () => number {
  const file = `/proc/${server.child.pid}/io`;
  return () => Number(/wchar: (\d+)/.exec(fs.readFileSync(file, 'utf8'))![1]);
}

/**
 * Resolves once the upload's sheet has been read. The server hands the file to a parse process
 * over a pipe (bytes the byte counts below would take for rows) and that process writes its
 * answer back (megabytes for 30,000 rows): only after that do the server's writes mean rows.
 */
async function sheetParsed(server: ServerProcess, over: () => boolean) {
  const pid = server.child.pid!;
  while (!over()) {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(/\s+/) : []) {
      try {
        const io = fs.readFileSync(`/proc/${child}/io`, 'utf8');
        if (Number(/wchar: (\d+)/.exec(io)![1]) >= 64 * 1024) return;
      } catch {
        // Gone between the listing and the read.
      }
    }
    await sleep(2);
  }
}

/**
 * On PostgreSQL, a lock on the cities table held by the test's own transaction, taken before
 * the upload: the server stops where the lock meets it, so the kill lands at that moment however
 * fast the machine is. SHARE mode stops the upload's transaction at its insert of cities (its
 * states and counties written, nothing committed); SHARE UPDATE EXCLUSIVE lets the rows commit
 * and stops the planner statistics the upload refreshes right after (a bulk import's
 * ANALYZE), before it queues the pages and answers. Reads pass both. Released after the kill;
 * the killed server's backend then finds its client gone and its transaction ends.
 */
async function holdCities(db: ChildDatabase, mode: 'share' | 'share update exclusive') {
  if (db.kind !== 'pg') return async () => {};
  const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table cities in ${mode} mode`);
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}

/**
 * Resolves once the server is writing the upload's rows, before they are committed.
 * PostgreSQL shows it: a transaction of the child that has written and waits on the location
 * tables (holdCities). PGlite runs inside the child, so its writes show as the child's own: an
 * idle server writes next to nothing; the first data pages the import's rows push out are the
 * first bytes.
 */
async function rowsBeingWritten(db: ChildDatabase, server: ServerProcess, over: () => boolean) {
  const written = writtenBy(server);
  const start = written();
  while (!over()) {
    if (db.kind === 'pg') {
      const rows = await db.query(
        `select 1 from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and backend_xid is not null and wait_event_type = 'Lock'
            and query ~ '\\m(location_states|location_counties|cities)\\M'`,
      );
      if (rows.length) return;
    } else if (written() - start >= 16 * 1024) return;
    await sleep(5);
  }
}

/**
 * Resolves once the rows are committed; the upload then queues a job per city and answers,
 * and the kill lands there. PostgreSQL shows the project In progress (set in the rows'
 * transaction), its server held before it answers (holdCities). PGlite shows the commit as one
 * burst of write-ahead log, hundreds of kilobytes at once, where the rows before it went out a
 * data page (8 KB) at a time.
 */
async function rowsCommitted(
  db: ChildDatabase,
  server: ServerProcess,
  id: string,
  over: () => boolean,
) {
  const written = writtenBy(server);
  let last = written();
  while (!over()) {
    if (db.kind === 'pg') {
      const rows = await db.query(`select 1 from projects where id = $1 and status = $2`, [
        id,
        PROJECT_STATUS.inProgress,
      ]);
      if (rows.length) return;
    } else {
      const now = written();
      if (now - last >= 128 * 1024) return;
      last = now;
    }
    await sleep(2);
  }
}

describe('a server killed during a big spreadsheet upload', () => {
  it.each([
    { moment: 'while its rows are being written', committed: false },
    { moment: 'once its rows are committed, while their pages are queued', committed: true },
  ])(
    'killed $moment: all of the upload or none, nothing stuck, and the file goes in again',
    async ({ committed }) => {
      const db = await rig.database();
      const first = await rig.start(db);
      const api = await signIn(first.base);
      const id = await createProject(api, {
        name: 'Upload Crash Plumbing',
        serviceType: 'Plumbing',
        model: 'offline-draft',
      });
      await settled(api, id);

      const { file, zips } = serviceAreas();
      const release = await holdCities(db, committed ? 'share update exclusive' : 'share');
      let answered = false;
      const inFlight = uploadSheets(api, id, [file]).then(
        (res) => {
          answered = true;
          return res;
        },
        (error: unknown) => error,
      );
      try {
        await Promise.race([
          sheetParsed(first, () => answered).then(() =>
            committed
              ? rowsCommitted(db, first, id, () => answered)
              : rowsBeingWritten(db, first, () => answered),
          ),
          inFlight.then(() => {
            throw new Error('the upload finished before the kill');
          }),
        ]);
        await kill(first);
      } finally {
        await release();
      }
      // The request dies with the process: no answer ever came.
      expect(await inFlight).toBeInstanceOf(Error);
      expect(answered).toBe(false);

      const second = await rig.start(db);
      const again = await signIn(second.base);
      const after = tree(await detail(again, id));

      // Not stuck: whatever was imported is written, and the project settles as Created.
      const written = await settled(again, id, 240_000);
      expect(written.status).toBe(PROJECT_STATUS.created);
      const pages = pageStates(written);
      expect(pages.filter((p) => p.status !== PAGE_STATUS.completed)).toEqual([]);

      // The same file again: it goes in whole (or finds every city already there).
      const retry = await uploadSheets(again, id, [file]);
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      const report = retry.body;
      expect(report.rowsRead).toBe(ROWS);
      const final = tree(await settled(again, id, 240_000));
      expect(final.zips).toBe(zips);
      expect(final.cities).toBe(report.citiesAdded + report.citiesExisting);
      expect(report.citiesExisting).toBe(after.cities);
      // All of the first upload or none of it, never a part; once committed, all of it.
      expect(committed ? [final] : [NOTHING, final]).toContainEqual(after);

      expect(await second.stop()).toBe(0);
      expect(await stored(db, id)).toEqual(final);
    },
    420_000,
  );
});
