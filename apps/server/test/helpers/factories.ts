import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/lib/crypto.ts';
import { TEST_PASSWORD_COST, type TestApp } from './app.ts';
import { eq } from 'drizzle-orm';
import {
  cities,
  cityFacts,
  cityPageLedger,
  locationCounties,
  locationStates,
  pages,
  projects,
  workspaceMembers,
  workspaces,
  type WorkspaceRole,
} from '../../src/db/schema/index.ts';
import { defaultHeaderLinks } from '../../src/modules/projects/header-links.ts';

type NewProjectRow = typeof projects.$inferInsert;

export const DEFAULT_PASSWORD = 'correct-horse-1';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(6).toString('hex')}@example.com`;
}

type UserOptions = {
  email?: string;
  password?: string;
  verified?: boolean;
  superuser?: boolean;
  adminBypass?: boolean;
  plan?: 'free' | 'basic' | 'pro' | 'enterprise' | null;
  firstName?: string;
  lastName?: string;
};

/**
 * One scrypt hash per password per process, at the test apps' cost (TEST_PASSWORD_COST): most
 * factory users share DEFAULT_PASSWORD. The stored hash is a real one of the password (its
 * salt shared), so sign-in still runs the production scrypt check.
 */
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password, TEST_PASSWORD_COST);
    hashes.set(password, hash);
    hash.catch(() => hashes.delete(password));
  }
  return hash;
}

/** A user written straight to the database (fast); sign-in still goes through the API. */
export async function createUser(t: TestApp, opts: UserOptions = {}) {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const password = opts.password ?? DEFAULT_PASSWORD;
  const { usersRepo, billingRepo } = t.ctx.repos;
  const user = await usersRepo.create({
    email,
    passwordHash: await hashOf(password),
    firstName: opts.firstName ?? 'Test',
    lastName: opts.lastName ?? 'User',
    isSuperuser: opts.superuser ?? false,
    adminBypass: opts.adminBypass ?? false,
    emailVerifiedAt: opts.verified === false ? null : new Date(),
  });
  if (opts.plan) {
    await billingRepo.upsertSubscription({ userId: user.id, planId: opts.plan, status: 'active' });
  }
  return { user, email, password };
}

export async function login(t: TestApp, email: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`);
  return res.json() as { access: string; refresh: string; user: Record<string, unknown> };
}

/** A signed-in user: the row, its tokens and ready-made headers. */
export async function signedInUser(t: TestApp, opts: UserOptions = {}) {
  const created = await createUser(t, opts);
  const { access, refresh } = await login(t, created.email, created.password);
  return { ...created, access, refresh, headers: { authorization: `Bearer ${access}` } };
}

let projectSeq = 0;

/** The workspace every account gets with it (sign-up makes it). */
export async function accountWorkspaceId(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.ctx.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.accountId, userId));
  if (!row) throw new Error(`no workspace for account ${userId}`);
  return row.id;
}

/** A project row owned by `userId` (fast path; creation rules are tested through the API). */
export async function createProject(
  t: TestApp,
  userId: string,
  values: Partial<NewProjectRow> = {},
) {
  projectSeq += 1;
  return t.ctx.repos.projectsRepo.insert({
    userId,
    workspaceId: values.workspaceId ?? (await accountWorkspaceId(t, userId)),
    createdBy: userId,
    name: `Project ${projectSeq}`,
    serviceType: 'Plumbing',
    model: 'offline-draft',
    status: 'Created',
    headerLinks: defaultHeaderLinks(false),
    ...values,
  });
}

export async function addPage(
  t: TestApp,
  projectId: string,
  values: Partial<typeof pages.$inferInsert> = {},
) {
  const [row] = await addPages(t, projectId, [values]);
  return row!;
}

/** Several pages of a project in one statement; answers them in the order given (RETURNING
 * follows a VALUES list's order). */
export async function addPages(
  t: TestApp,
  projectId: string,
  values: Partial<typeof pages.$inferInsert>[],
) {
  return t.ctx.db
    .insert(pages)
    .values(
      values.map((v) => ({
        projectId,
        kind: 'main' as const,
        name: 'About',
        slug: 'about',
        status: 'Completed',
        model: 'offline-draft',
        ...v,
      })),
    )
    .returning();
}

const slugOf = (name: string) => name.toLowerCase().replace(/\W+/g, '-');

/** A city with its state and county (created when missing). */
export async function addCity(
  t: TestApp,
  projectId: string,
  city: {
    name: string;
    county: string;
    state: string;
    stateName: string;
    status?: string;
    zips?: string[];
  },
) {
  const { state, county, cities: rows } = await addCities(t, projectId, city, [city]);
  return { state, county, city: rows[0]! };
}

/**
 * Places of one county, with their state and county (created when missing), a statement each;
 * answers the places in the order given.
 */
export async function addCities(
  t: TestApp,
  projectId: string,
  where: { county: string; state: string; stateName: string },
  places: { name: string; status?: string; zips?: string[]; contentHtml?: string }[],
) {
  const db = t.ctx.db;
  const [state] = await db
    .insert(locationStates)
    .values({ projectId, code: where.state, name: where.stateName, slug: slugOf(where.stateName) })
    .onConflictDoUpdate({
      target: [locationStates.projectId, locationStates.code],
      set: { name: where.stateName },
    })
    .returning();
  const [county] = await db
    .insert(locationCounties)
    .values({ projectId, stateId: state!.id, name: where.county, slug: slugOf(where.county) })
    .onConflictDoUpdate({
      target: [locationCounties.stateId, locationCounties.name],
      set: { name: where.county },
    })
    .returning();
  const rows = await db
    .insert(cities)
    .values(
      places.map((place) => ({
        projectId,
        countyId: county!.id,
        name: place.name,
        slug: slugOf(place.name),
        placeKey: `${where.state}|${where.county}|${place.name}`.toLowerCase(),
        zips: place.zips ?? [],
        status: place.status ?? 'Completed',
        contentHtml: place.contentHtml,
        model: 'offline-draft',
      })),
    )
    .returning();
  // As an upload does: the pages count against the owner's monthly allowance.
  const [owner] = await db
    .select({ id: projects.userId })
    .from(projects)
    .where(eq(projects.id, projectId));
  await db.insert(cityPageLedger).values({ userId: owner!.id, projectId, pages: places.length });
  return { state: state!, county: county!, cities: rows };
}

/** Stores provider keys on a user the way the profile does (encrypted at rest). */
export async function giveKeys(
  t: TestApp,
  userId: string,
  keys: { openrouter?: string; openai?: string },
) {
  await t.ctx.repos.usersRepo.update(userId, {
    ...(keys.openrouter
      ? {
          openRouterKeyEnc: t.ctx.cipher.encrypt(keys.openrouter, {
            userId,
            field: 'openRouterKeyEnc',
          }),
        }
      : {}),
    ...(keys.openai
      ? { openAiKeyEnc: t.ctx.cipher.encrypt(keys.openai, { userId, field: 'openAiKeyEnc' }) }
      : {}),
  });
}

/**
 * A city's facts written straight to the database, in the given order, as an upload of fact
 * columns stores them (the upload itself is tested apart).
 */
export async function addFacts(
  t: TestApp,
  city: { id: string; projectId: string },
  facts: Array<{ name: string; value: string }>,
) {
  if (!facts.length) return;
  await t.ctx.db.insert(cityFacts).values(
    facts.map((f, position) => ({
      projectId: city.projectId,
      cityId: city.id,
      key: f.name.toLowerCase().replace(/\s+/g, ' ').trim(),
      name: f.name,
      value: f.value,
      position,
    })),
  );
}

/**
 * A person joined to a workspace with a role (fast path; joining through an invitation is
 * tested through the API). `chosen` makes it the workspace their requests use.
 */
export async function addMember(
  t: TestApp,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
  opts: { chosen?: boolean } = {},
) {
  await t.ctx.db
    .insert(workspaceMembers)
    .values({ workspaceId, userId, role, chosenAt: opts.chosen ? new Date() : null });
}
