import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_TTL_DAYS } from '@cityforge/shared';
import {
  pageVersions,
  projectClients,
  projectImages,
  sheetLinks,
  sheetSyncRuns,
  type WorkspaceRole,
  apiTokens,
  workspaceInvitations,
} from '../../src/db/schema/index.ts';
import { hashPassword, randomToken, sha256 } from '../../src/lib/crypto.ts';
import { TEST_PASSWORD_COST, type TestApp } from './app.ts';
import {
  DEFAULT_PASSWORD,
  accountWorkspaceId,
  addMember,
  addCities,
  addPage,
  addPages,
  createProject,
  giveKeys,
  uniqueEmail,
} from './factories.ts';

/** Who calls a route in the authorization matrix. */
export type Role =
  | 'anonymous'
  | 'owner'
  | 'admin'
  | 'editor'
  | 'viewer'
  | 'client'
  | 'clientShared'
  | 'other'
  | 'adminBypass'
  | 'superuser';
export const ROLES: readonly Role[] = [
  'anonymous',
  'owner',
  'admin',
  'editor',
  'viewer',
  'client',
  'clientShared',
  'other',
  'adminBypass',
  'superuser',
];

/** The callers who are members of the fixture's workspace, and their role there. */
const MEMBER_ROLES: Partial<Record<Role, WorkspaceRole>> = {
  admin: 'admin',
  editor: 'editor',
  viewer: 'viewer',
  client: 'client',
  clientShared: 'client',
};

type UserOpts = {
  plan?: 'free' | 'basic' | 'pro' | 'enterprise';
  superuser?: boolean;
  adminBypass?: boolean;
  verified?: boolean;
  keys?: boolean;
};

/** What each signed-in role is, besides not owning the fixture (the owner excepted). */
const ROLE_USERS: Record<Exclude<Role, 'anonymous'>, UserOpts> = {
  owner: { plan: 'pro', keys: true },
  // Members use the workspace's account (the owner's plan and keys) for its projects.
  admin: {},
  editor: {},
  viewer: {},
  client: {},
  clientShared: {},
  other: { plan: 'pro', keys: true },
  adminBypass: { adminBypass: true, keys: true },
  superuser: { superuser: true },
};

// Every fixture user shares one hash, so a case costs no scrypt at all.
let sharedHash: Promise<string> | undefined;

async function fastUser(t: TestApp, opts: UserOpts = {}) {
  sharedHash ??= hashPassword(DEFAULT_PASSWORD, TEST_PASSWORD_COST);
  const email = uniqueEmail('matrix');
  const user = await t.ctx.repos.usersRepo.create({
    email,
    passwordHash: await sharedHash,
    firstName: 'Matrix',
    lastName: 'User',
    isSuperuser: opts.superuser ?? false,
    adminBypass: opts.adminBypass ?? false,
    emailVerifiedAt: opts.verified === false ? null : new Date(),
  });
  if (opts.plan)
    await t.ctx.repos.billingRepo.upsertSubscription({
      userId: user.id,
      planId: opts.plan,
      status: 'active',
    });
  // Every signed-in caller holds provider keys, so a refusal can only come from who they are.
  if (opts.keys)
    await giveKeys(t, user.id, { openrouter: `sk-or-${user.id}`, openai: `sk-${user.id}` });
  return { user, email, password: DEFAULT_PASSWORD };
}

/**
 * A session made the way sign-in makes one (a refresh-token family and an access JWT), without
 * the password check: /auth/login/ itself is one of the routes the matrix calls.
 */
async function startSession(t: TestApp, userId: string) {
  const familyId = randomUUID();
  const refresh = randomToken(48);
  await t.ctx.repos.authRepo.insertRefresh({
    userId,
    familyId,
    tokenHash: sha256(refresh),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  const access = await t.ctx.jwt.sign({ sub: userId, fam: familyId });
  return { access, refresh, headers: { authorization: `Bearer ${access}` } };
}

async function signedIn(t: TestApp, opts: UserOpts) {
  const made = await fastUser(t, opts);
  return { ...made, ...(await startSession(t, made.user.id)) };
}

/** A one-time link token (e-mail verification or password reset) for a user. */
async function oneTimeToken(
  t: TestApp,
  userId: string,
  purpose: 'verify_email' | 'reset_password',
): Promise<string> {
  const token = randomToken(32);
  await t.ctx.repos.authRepo.insertOneTime({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

const written = (heading: string) =>
  `<section class="hero"><h1>${heading}</h1><p>Fast, tidy plumbing repairs.</p></section>`;

// A 1×1 PNG: the smallest file the public image route serves as an image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Everything one matrix case may touch, fresh for that case: an owner (plan Pro, keys) with a
 * written project — homepage, a main page, a service page, a failed page, a written city and a
 * failed one (state and county included), a saved version, a regenerated page waiting beside
 * the main page and the city (a proposal each) and an image with its file — plus
 * the caller for `role`, a bystander user for the admin routes and one-time tokens for the
 * link routes. Nothing is shared between cases, so a DELETE or a publish changes no other case.
 */
export async function matrixFixture(t: TestApp, role: Role) {
  const owner = await signedIn(t, ROLE_USERS.owner);
  const caller =
    role === 'anonymous' ? null : role === 'owner' ? owner : await signedIn(t, ROLE_USERS[role]);

  const workspaceId = await accountWorkspaceId(t, owner.user.id);
  const member = MEMBER_ROLES[role];
  if (member) await addMember(t, workspaceId, caller!.user.id, member, { chosen: true });

  const project = await createProject(t, owner.user.id, {
    name: 'Matrix Plumbing',
    status: 'Created',
    workspaceId,
    // An older hosting URL, so delete-netlify-site gets past "unknown URL" to the token check.
    netlifySiteUrlHistory: ['https://matrix-old.netlify.app'],
  });
  const { db } = t.ctx;
  const { homepage, mainPage, servicePage, failedPage } = await sitePages(t, project.id);
  const { state, county, city, failedCity } = await twoPlaces(t, project.id);
  const [version] = await db
    .insert(pageVersions)
    .values({
      projectId: project.id,
      pageId: homepage.id,
      name: 'Original',
      contentHtml: written('Matrix Plumbing'),
    })
    .returning();
  // Regenerated pages waiting beside the main page and the city, to be picked.
  const [pageProposal, cityProposal] = await db
    .insert(pageVersions)
    .values(
      [
        { projectId: project.id, pageId: mainPage.id, name: 'Regenerated', proposed: true },
        { projectId: project.id, cityId: city.id, name: 'Regenerated', proposed: true },
      ].map((v) => ({ ...v, contentHtml: written('Regenerated') })),
    )
    .returning();
  const imageId = randomUUID();
  const imageFile = `${imageId}.png`;
  await t.ctx.modules.images.files.save(imageFile, PNG, 'image/png');
  await db.insert(projectImages).values({
    id: imageId,
    projectId: project.id,
    prompt: 'A van',
    model: 'gpt-image-2.5-flare',
    file: imageFile,
    mime: 'image/png',
    bytes: PNG.length,
    width: 1,
    height: 1,
  });

  // A linked sheet (on an address no sync may read: nothing reaches the network) and a run
  // its safety stop holds, for the sheet-link routes.
  await db.insert(sheetLinks).values({
    projectId: project.id,
    url: 'https://127.0.0.1:9/areas.csv',
    sourceUrl: 'https://127.0.0.1:9/areas.csv',
    schedule: 'manual',
  });
  const [sheetRun] = await db
    .insert(sheetSyncRuns)
    .values({
      projectId: project.id,
      trigger: 'manual',
      status: 'stopped',
      message: 'This sync would remove 2 cities of 2 cities, more than a fifth.',
      removing: [],
    })
    .returning();

  if (role === 'clientShared')
    await db.insert(projectClients).values({ projectId: project.id, userId: caller!.user.id });
  // Members the member routes act on: a viewer to re-role or remove, a client to share with.
  const teammate = await fastUser(t);
  await addMember(t, workspaceId, teammate.user.id, 'viewer');
  const teamClient = await fastUser(t);
  await addMember(t, workspaceId, teamClient.user.id, 'client');

  // Someone the admin routes act on, and who the account-link routes verify or reset.
  const bystander = await fastUser(t, { verified: false });
  const team = await teamFixture(t, workspaceId, owner.user.id, caller?.email);
  return {
    ...team,
    owner,
    caller,
    workspaceId,
    callerWorkspaceId: caller ? await accountWorkspaceId(t, caller.user.id) : null,
    teammate,
    teamClient,
    headers: caller?.headers ?? {},
    project,
    homepage,
    mainPage,
    servicePage,
    failedPage,
    state,
    county,
    city,
    failedCity,
    version: version!,
    pageProposal: pageProposal!,
    cityProposal: cityProposal!,
    imageFile,
    sheetRun: sheetRun!,
    bystander,
    verifyToken: await oneTimeToken(t, bystander.user.id, 'verify_email'),
    resetToken: await oneTimeToken(t, bystander.user.id, 'reset_password'),
  };
}

/** The project's site pages, one statement: a homepage, a main and a service page, a failed one. */
async function sitePages(t: TestApp, projectId: string) {
  const [homepage, mainPage, servicePage, failedPage] = await addPages(t, projectId, [
    {
      kind: 'homepage',
      name: 'Homepage',
      slug: 'homepage',
      contentHtml: written('Matrix Plumbing'),
    },
    { name: 'About Us', slug: 'about-us', sortOrder: 1, contentHtml: written('About us') },
    {
      kind: 'service',
      name: 'Drain Cleaning',
      slug: 'drain-cleaning',
      contentHtml: written('Drain cleaning'),
    },
    {
      name: 'Contact Us',
      slug: 'contact-us',
      sortOrder: 2,
      status: 'Failed',
      failedAt: new Date(),
      failureReason: 'The provider was unreachable.',
    },
  ]);
  return {
    homepage: homepage!,
    mainPage: mainPage!,
    servicePage: servicePage!,
    failedPage: failedPage!,
  };
}

/** Two places in Travis County, Texas: Austin written, Pflugerville failed. */
async function twoPlaces(t: TestApp, projectId: string) {
  const {
    state,
    county,
    cities: [city, failedCity],
  } = await addCities(t, projectId, { county: 'Travis', state: 'TX', stateName: 'Texas' }, [
    { name: 'Austin', zips: ['78701'], contentHtml: written('Plumbing in Austin') },
    { name: 'Pflugerville', zips: ['78660'], status: 'Failed' },
  ]);
  return { state, county, city: city!, failedCity: failedCity! };
}

/**
 * The owner's workspace's team: a pending invitation addressed to the caller (last sent an
 * hour ago, so a resend goes out) and an API token of the owner.
 */
async function teamFixture(t: TestApp, workspaceId: string, ownerId: string, email?: string) {
  const invitationToken = randomToken();
  const [invitation] = await t.ctx.db
    .insert(workspaceInvitations)
    .values({
      workspaceId,
      email: email ?? uniqueEmail('invitee'),
      role: 'editor',
      tokenHash: sha256(invitationToken),
      invitedBy: ownerId,
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
      lastSentAt: new Date(Date.now() - 3_600_000),
    })
    .returning();
  const [apiToken] = await t.ctx.db
    .insert(apiTokens)
    .values({ workspaceId, userId: ownerId, name: 'Matrix', tokenHash: sha256(randomToken()) })
    .returning();
  return { invitation: invitation!, invitationToken, apiToken: apiToken! };
}
export type MatrixFixture = Awaited<ReturnType<typeof matrixFixture>>;

/**
 * A written project of another user (the caller), so a request can name the caller's own
 * project with the fixture owner's page, city or version ids.
 */
export async function callerProject(t: TestApp, userId: string) {
  const project = await createProject(t, userId, { name: 'Caller Roofing', status: 'Created' });
  await addPage(t, project.id, {
    kind: 'homepage',
    name: 'Homepage',
    slug: 'homepage',
    contentHtml: written('Caller Roofing'),
  });
  await addPage(t, project.id, {
    kind: 'main',
    name: 'About Us',
    slug: 'about-us',
    contentHtml: written('About us'),
  });
  return project;
}
