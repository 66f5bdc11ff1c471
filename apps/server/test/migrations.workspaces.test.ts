import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PGlite } from '@electric-sql/pglite';
import {
  fromConnectionString,
  fromPglite,
  runMigrations,
  type DbHandle,
} from '../src/db/client.ts';
import { projects, workspaceMembers, workspaces } from '../src/db/schema/index.ts';
import { createCipher } from '../src/lib/crypto.ts';
import { createAuthRepo } from '../src/modules/auth/auth.repo.ts';
import { projectAccess } from '../src/modules/projects/access.ts';
import { createAccessRepo } from '../src/modules/projects/access.repo.ts';
import { createProjectsRepo } from '../src/modules/projects/projects.repo.ts';
import { createUsersRepo } from '../src/modules/users/users.repo.ts';
import { createUsersService } from '../src/modules/users/users.service.ts';
import { scratchPostgres } from './helpers/app.ts';

/**
 * An install from before workspaces: its database migrated up to the migration before them,
 * with accounts, their sealed keys and their projects; then the rest of the migrations, as an
 * upgrade runs them at boot. Each account must find its projects and keys as they were.
 */
const MIGRATIONS = path.join(import.meta.dirname, '../src/db/migrations');
type Journal = { entries: { idx: number; tag: string }[] };

/** A migrations folder holding only the migrations before the workspaces one. */
function migrationsBeforeWorkspaces(): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'),
  ) as Journal;
  const cut = journal.entries.findIndex((e) => e.tag.endsWith('_workspaces'));
  expect(cut).toBeGreaterThan(0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const before = journal.entries.slice(0, cut);
  fs.writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: before }),
  );
  for (const { tag } of before)
    fs.copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function oldDatabase(folder: string): Promise<DbHandle> {
  const url = inject('testDatabaseUrl');
  if (!url) {
    const handle = fromPglite(new PGlite());
    cleanups.push(() => handle.close());
    await migratePglite(handle.db as never, { migrationsFolder: folder });
    return handle;
  }
  const scratch = await scratchPostgres(url);
  const handle = fromConnectionString(scratch.url, 2);
  cleanups.push(async () => {
    await handle.close();
    await scratch.drop();
  });
  await migratePg(handle.db as never, { migrationsFolder: folder });
  return handle;
}

type Old = { id: string; email: string; key: string; projectIds: string[]; name: string };

/** Accounts as the old schema stores them: a sealed OpenRouter key each, and projects. */
async function seedOld(handle: DbHandle, secret: string): Promise<Old[]> {
  const cipher = createCipher(secret);
  const people = [
    { first: 'Ada', last: 'Lovelace', projects: 2 },
    { first: '', last: '', projects: 1 },
    { first: 'Solo', last: '', projects: 0 },
  ];
  const seeded: Old[] = [];
  for (const person of people) {
    const email = `old-${randomBytes(4).toString('hex')}@example.com`;
    const rows = await handle.db.execute(
      sql`insert into users (email, password_hash, first_name, last_name) values (${email}, 'x', ${person.first}, ${person.last}) returning id`,
    );
    const id = (rows as unknown as { rows: { id: string }[] }).rows[0]!.id;
    const key = `sk-or-${randomBytes(8).toString('hex')}`;
    const sealed = cipher.encrypt(key, { userId: id, field: 'openRouterKeyEnc' });
    await handle.db.execute(sql`update users set open_router_key_enc = ${sealed} where id = ${id}`);
    const projectIds: string[] = [];
    for (let i = 0; i < person.projects; i += 1) {
      const made = await handle.db.execute(
        sql`insert into projects (user_id, name, service_type, model, status) values (${id}, ${`Old ${i}`}, 'Plumbing', 'offline-draft', 'Completed') returning id`,
      );
      projectIds.push((made as unknown as { rows: { id: string }[] }).rows[0]!.id);
    }
    const name = `${person.first} ${person.last}`.trim() || email;
    seeded.push({ id, email, key, projectIds, name });
  }
  return seeded;
}

describe('upgrading an install from before workspaces', () => {
  it('gives every account its workspace, owned by it, with its projects; keys still open', async () => {
    const folder = migrationsBeforeWorkspaces();
    cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
    const handle = await oldDatabase(folder);
    const secret = randomBytes(32).toString('hex');
    const old = await seedOld(handle, secret);

    await runMigrations(handle);

    const { db } = handle;
    const usersRepo = createUsersRepo(db);
    const usersService = createUsersService({ usersRepo, cipher: createCipher(secret) });
    const authRepo = createAuthRepo(db);
    const access = projectAccess(createAccessRepo(db));
    const projectsRepo = createProjectsRepo(db);
    for (const account of old) {
      const [workspace] = await db
        .select()
        .from(workspaces)
        .where(eq(workspaces.accountId, account.id));
      expect(workspace?.name).toBe(account.name);
      const members = await db
        .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, workspace!.id));
      expect(members).toEqual([{ userId: account.id, role: 'owner' }]);

      // Its requests act in that workspace, as its owner, and find every project there.
      const user = (await usersRepo.findById(account.id))!;
      const current = await authRepo.requestWorkspace(user, null);
      expect(current).toEqual({ id: workspace!.id, role: 'owner', accountId: account.id });
      const actor = { ...user, workspace: { ...current!, pinned: false } };
      for (const id of account.projectIds) {
        const project = await access(actor, id, 'manage');
        expect(project).toMatchObject({
          userId: account.id,
          workspaceId: workspace!.id,
          createdBy: account.id,
        });
      }
      const listed = await projectsRepo.list({ workspaceId: workspace!.id, query: '' }, 1, 50);
      expect(listed.rows.map((r) => r.id).sort()).toEqual([...account.projectIds].sort());

      // The key sealed before the upgrade opens for the same account.
      expect(usersService.secretsOf(user).openRouterKey).toBe(account.key);
    }
    // Nobody reaches another account's projects.
    const [a, b] = old;
    const current = await authRepo.requestWorkspace({ id: b!.id, isSuperuser: false }, null);
    const intruder = {
      ...(await usersRepo.findById(b!.id))!,
      workspace: { ...current!, pinned: false },
    };
    await expect(access(intruder, a!.projectIds[0]!, 'read')).rejects.toMatchObject({
      status: 404,
    });
    const all = await db.select({ n: sql<number>`count(*)::int` }).from(projects);
    expect(all[0]!.n).toBe(3);
    // Every migration from an empty database: the embedded one takes its time building them.
  }, 300_000);
});
