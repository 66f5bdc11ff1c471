import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import { startEmbeddedVacuum, vacuumEmbedded } from '../src/db/embedded-vacuum.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { until } from './helpers/wait.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.execute(
    sql.raw(`create table vacuum_probe (id int primary key, n int not null, pad text not null)`),
  );
  await t.ctx.db.execute(
    sql.raw(
      `insert into vacuum_probe select g, 0, repeat('x', 300) from generate_series(1, 5000) g`,
    ),
  );
});
afterAll(() => t.close());

const size = async () =>
  rowsOf<{ bytes: string }>(
    await t.ctx.db.execute(sql.raw(`select pg_relation_size('vacuum_probe')::text as bytes`)),
  ).map((r) => Number(r.bytes))[0]!;
const rewriteAll = () => t.ctx.db.execute(sql.raw(`update vacuum_probe set n = n + 1`));

describe('the embedded database’s vacuum', () => {
  it('makes dead rows’ room reusable on PGlite, and leaves PostgreSQL to its autovacuum', async () => {
    await rewriteAll();
    const grown = await size();
    // Without a vacuum every rewrite adds a version of each row.
    await rewriteAll();
    expect(await size()).toBeGreaterThan(grown);
    const vacuumed = await vacuumEmbedded(t.handle);
    expect(vacuumed).toBe(t.handle.kind === 'pglite');
    if (!vacuumed) return;
    const before = await size();
    await rewriteAll();
    expect(await size()).toBe(before);
  });

  it('runs on its own every interval on PGlite, and never on PostgreSQL', async () => {
    const lastVacuum = async () =>
      rowsOf<{ at: string | null }>(
        await t.ctx.db.execute(
          sql.raw(
            `select last_vacuum::text as at from pg_stat_user_tables where relname = 'vacuum_probe'`,
          ),
        ),
      )[0]?.at ?? null;
    const warnings: unknown[] = [];
    const logger = { warn: (o: object) => void warnings.push(o), debug: () => {} };
    const first = await lastVacuum();
    const stop = startEmbeddedVacuum(t.handle, logger, 50);
    try {
      if (t.handle.kind !== 'pglite') return;
      await until(lastVacuum, (at) => at !== null && at !== first, 'the timer’s vacuum', 60_000);
      expect(warnings).toEqual([]);
    } finally {
      stop();
    }
  });
});
