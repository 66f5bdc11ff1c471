import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromPglite } from 'pg-boss';
import { PGLITE_START_PARAMS } from '../src/db/open.ts';
import { MAX_AHEAD, inPipelineLane, withLanes } from '../src/db/pglite-lanes.ts';

// The lanes order the embedded database's one connection; they are tested on an in-memory
// PGlite whatever database the rest of the suite runs on.
let raw: PGlite;
let db: PGlite;
beforeAll(async () => {
  raw = await PGlite.create({ startParams: PGLITE_START_PARAMS });
  db = withLanes(raw);
});
afterAll(() => raw.close());

/** A statement that holds the connection for `ms`, then notes `label` as done. */
const hold = (ms: number, label: string, done: string[]) =>
  db.query(`select pg_sleep(${ms / 1000})`).then(() => done.push(label));

describe('the embedded database’s lanes', () => {
  it('lets the pipeline’s statements go ahead of others waiting, at most MAX_AHEAD in a row', async () => {
    const done: string[] = [];
    const first = hold(100, 'first', done);
    const others = Array.from({ length: 3 }, (_, i) => hold(1, `other${i}`, done));
    const pipeline = inPipelineLane(() =>
      Array.from({ length: MAX_AHEAD + 2 }, (_, i) => hold(1, `pipeline${i}`, done)),
    );
    await Promise.all([first, ...others, ...pipeline]);
    expect(done).toEqual([
      'first',
      ...Array.from({ length: MAX_AHEAD }, (_, i) => `pipeline${i}`),
      'other0',
      `pipeline${MAX_AHEAD}`,
      `pipeline${MAX_AHEAD + 1}`,
      'other1',
      'other2',
    ]);
  });

  it('gives the event loop a turn between waiting statements', async () => {
    // PGlite answers without I/O: handed straight on, 40 queued statements would run as one
    // chain and a timer (or a model's answer) would wait for all of them.
    const done: string[] = [];
    const queued = Array.from({ length: 40 }, (_, i) => hold(5, `s${i}`, done));
    const seenAt = await new Promise<number>((resolve) => setTimeout(() => resolve(done.length)));
    await Promise.all(queued);
    expect(seenAt).toBeLessThan(40);
  });

  it('keeps transactions whole and passes other calls through', async () => {
    await db.exec('create table lane_probe (n int)');
    const outside: number[] = [];
    const tx = db.transaction(async (t) => {
      await t.query('insert into lane_probe values (1)');
      await new Promise((r) => setTimeout(r, 50));
      await t.query('insert into lane_probe values (2)');
    });
    // Asked while the transaction is open: runs after it, never between its statements.
    const read = db
      .query<{ n: number }>('select count(*)::int as n from lane_probe')
      .then((r) => outside.push(r.rows[0]!.n));
    await Promise.all([tx, read]);
    expect(outside).toEqual([2]);
    expect(db.closed).toBe(false);
  });

  it('puts a pg-boss worker started in the lane ahead of a queue of other statements', async () => {
    const boss = new PgBoss({ db: fromPglite(db), backend: 'pglite', supervise: false });
    await boss.start();
    try {
      await boss.createQueue('lane-probe');
      const done: string[] = [];
      await inPipelineLane(() =>
        boss.work('lane-probe', { pollingIntervalSeconds: 0.5 }, async () => {
          await db.query(`select 'job'`);
          done.push('job');
        }),
      );
      await boss.send('lane-probe', {});
      // Two seconds of other statements: the worker's next fetch (within its half-second poll)
      // and its job's own statements go ahead of those still waiting.
      const others = Array.from({ length: 100 }, (_, i) => hold(20, `other${i}`, done));
      await Promise.all(others);
      for (let waited = 0; !done.includes('job') && waited < 5_000; waited += 50)
        await new Promise((r) => setTimeout(r, 50));
      expect(done).toContain('job');
      expect(done.indexOf('job')).toBeLessThan(80);
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});
