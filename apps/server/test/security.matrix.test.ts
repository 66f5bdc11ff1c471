import { afterAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import { MSG } from '@cityforge/shared';
import {
  cities,
  pageVersions,
  pages,
  projectClients,
  projectImages,
  projects,
  users,
  workspaceMembers,
  workspaces,
} from '../src/db/schema/index.ts';
import { rowsOf } from '../src/db/client.ts';
import { createTestApp } from './helpers/app.ts';
import { DEFAULT_PASSWORD, uniqueEmail } from './helpers/factories.ts';
import { multipartForm, spreadsheet } from './helpers/locations.ts';
import {
  ROLES,
  callerProject,
  matrixFixture,
  type MatrixFixture,
  type Role,
} from './helpers/matrix-fixture.ts';
import { routerRoutes, specRoutes } from './helpers/openapi.ts';

/**
 * The authorization matrix, generated from the server's own route table: every route the
 * OpenAPI document lists, called by every kind of caller, each case on a fresh fixture.
 * A route added without an entry below, or an entry whose route is gone, fails.
 *
 * - public: no session needed; never 401/403, never 500.
 * - user: any signed-in user, on their own data; anonymous 401, everyone signed in allowed.
 * - create: a project made in the caller's current workspace: an editor's at least; a viewer
 *   403 (the role is too small), a client 403.
 * - review | read | edit | manage: one project (or its page, city, version, image), by what the
 *   route does to it. The workspace's owner and a superuser allowed; admin ⊇ editor ⊇ viewer
 *   allowed as far as their role reaches and 403 beyond; a client with the project shared
 *   allowed to review and 404 otherwise, like a client without it, a member of another
 *   workspace and an admin-bypass user (exactly like a missing project).
 * - ws-read | ws-manage: the fixture's workspace (its members, its name): members as far as
 *   their role reaches (403 beyond), clients 403, outsiders 404.
 * - superuser: administration; anonymous 401, every other signed-in role 403.
 *
 * "Allowed" means not 401/403/404 and never 500. Where the answer is stable it is pinned
 * exactly; external services are not running, so a route that would call Netlify, an AI
 * provider or Stripe answers its documented error (400/502/503) — still past authorization.
 */

// Nothing reaches the network: providers, Netlify and DNS all point at a closed local port.
const t = await createTestApp({
  NETLIFY_API_URL: 'http://127.0.0.1:9/api/v1',
  DNS_SERVERS: '127.0.0.1:9',
});
afterAll(() => t.close());

/** A project route's need (the access rule's), or a workspace route's (`ws-…`). */
type ProjectNeed = 'review' | 'read' | 'edit' | 'manage';
type Access =
  | 'public'
  | 'user'
  | 'create'
  | 'superuser'
  | ProjectNeed
  | 'ws-read'
  | 'ws-manage'
  /** The owner's own thing in the workspace: its other members find none. */
  | 'ws-own';
const PROJECT_NEEDS: readonly Access[] = ['review', 'read', 'edit', 'manage'];
type Extra = { payload?: InjectOptions['payload']; headers?: Record<string, string> };
type Entry = {
  access: Access;
  /** The concrete URL for one fixture. */
  url: (f: MatrixFixture) => string;
  /** A valid body (and its headers), so the answer is about authorization, not validation. */
  send?: (f: MatrixFixture) => Extra | Promise<Extra>;
  /** The exact answer of an allowed caller, for all of them or per role. */
  ok?: number | Partial<Record<Role, number>>;
  /** A server-sent-events stream: never ends by itself for an allowed caller. */
  stream?: true;
  /** Names a page, city, state, county or version of the project (in the path or the body). */
  sub?: true;
  /** A GET that changes something: following a one-time link spends it. */
  spends?: true;
  /** Why the route has this class, where it is not obvious. */
  note?: string;
  /** Answers for roles the class alone does not describe. */
  expect?: Partial<Record<Role, Expectation>>;
};

const json = (payload: object): Extra => ({ payload });
const csv = () =>
  spreadsheet('csv', [
    ['City', 'State', 'County', 'ZIP'],
    ['Round Rock', 'TX', 'Williamson', '78664'],
  ]);
const p = (f: MatrixFixture) => `/api/projects/${f.project.id}`;

/** One entry per (method, path) of the OpenAPI document; the key is exactly how it lists it. */
const ROUTES: Record<string, Entry> = {
  // ── public ──────────────────────────────────────────────────────────────────────────────
  'GET /api/health': { access: 'public', url: () => '/api/health', ok: 200 },
  'GET /api/client-config/': { access: 'public', url: () => '/api/client-config/', ok: 200 },
  'GET /api/google/callback/': {
    access: 'public',
    url: () => '/api/google/callback/?code=x&state=y',
    ok: 302,
    note: 'Google sends the browser back without our session; the sealed state names the account',
  },
  'POST /auth/signup/': {
    access: 'public',
    url: () => '/auth/signup/',
    send: () => json({ email: uniqueEmail('signup'), password: 'long-enough-1' }),
    ok: 201,
  },
  'GET /auth/verify-email/{token}/': {
    access: 'public',
    url: (f) => `/auth/verify-email/${f.verifyToken}/`,
    ok: 200,
    spends: true,
  },
  'POST /auth/resend-verification/': {
    access: 'public',
    url: () => '/auth/resend-verification/',
    send: (f) => json({ email: f.bystander.email }),
    ok: 200,
  },
  'POST /auth/login/': {
    access: 'public',
    url: () => '/auth/login/',
    send: (f) => json({ email: f.owner.email, password: DEFAULT_PASSWORD }),
    ok: 200,
  },
  'POST /auth/token/refresh/': {
    access: 'public',
    url: () => '/auth/token/refresh/',
    send: (f) => json({ refresh: f.owner.refresh }),
    ok: 200,
  },
  'POST /auth/logout/': {
    access: 'public',
    note: 'works with the bearer, the refresh token or both; ends only the caller’s session',
    url: () => '/auth/logout/',
    send: () => json({}),
    ok: 200,
  },
  'POST /auth/request-password-reset/': {
    access: 'public',
    url: () => '/auth/request-password-reset/',
    send: (f) => json({ email: f.bystander.email }),
    ok: 200,
  },
  'GET /auth/verify-password-reset/{token}/': {
    access: 'public',
    url: (f) => `/auth/verify-password-reset/${f.resetToken}/`,
    ok: 200,
  },
  'POST /auth/reset-password/{token}/': {
    access: 'public',
    url: (f) => `/auth/reset-password/${f.resetToken}/`,
    send: () => json({ password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' }),
    ok: 200,
  },
  'POST /api/stripe/webhook/': {
    access: 'public',
    note: 'Stripe signs it; without Stripe configured it answers 503 so Stripe retries',
    url: () => '/api/stripe/webhook/',
    send: () => ({
      payload: '{"id":"evt_matrix","type":"invoice.paid"}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    }),
    ok: 503,
  },
  'GET /images/{file}': {
    access: 'public',
    note: 'random names, made for public sites, loaded by <img> tags that carry no token',
    url: (f) => `/images/${f.imageFile}`,
    ok: 200,
  },

  // ── any signed-in user, on their own data ───────────────────────────────────────────────
  'GET /api/invitations/{token}/': {
    access: 'public',
    url: (f) => `/api/invitations/${f.invitationToken}/`,
    ok: 200,
  },
  'POST /api/invitations/{token}/accept/': {
    access: 'user',
    note: 'the invitation is addressed to the caller: only its invitee may accept it',
    url: (f) => `/api/invitations/${f.invitationToken}/accept/`,
    ok: 200,
  },
  'GET /auth/me/': { access: 'user', url: () => '/auth/me/', ok: 200 },
  'PATCH /auth/me/': {
    access: 'user',
    url: () => '/auth/me/',
    send: () => json({ firstName: 'Renamed' }),
    ok: 200,
  },
  'GET /auth/me/spending/': { access: 'user', url: () => '/auth/me/spending/', ok: 200 },
  'GET /api/me/google/': { access: 'user', url: () => '/api/me/google/', ok: 200 },
  'GET /api/me/google/connect/': {
    access: 'user',
    url: () => '/api/me/google/connect/',
    ok: 503,
    note: 'no OAuth client is set here: Google is not offered',
  },
  'DELETE /api/me/google/': { access: 'user', url: () => '/api/me/google/', ok: 200 },
  'GET /api/plans/': { access: 'user', url: () => '/api/plans/', ok: 200 },
  'POST /api/checkout/{planId}/': {
    access: 'user',
    url: () => '/api/checkout/free/',
    ok: 200,
  },
  'POST /api/manage/subscription/': {
    access: 'user',
    note: 'no Stripe subscription to manage: 400',
    url: () => '/api/manage/subscription/',
    ok: 400,
  },
  'GET /api/invoices/': { access: 'user', url: () => '/api/invoices/?page=1', ok: 200 },
  'GET /api/projects/': { access: 'user', url: () => '/api/projects/', ok: 200 },
  'POST /api/projects/create/': {
    access: 'create',
    url: () => '/api/projects/create/',
    send: () => json({ name: 'Matrix New', serviceType: 'Roofing', model: 'offline-draft' }),
    ok: 201,
  },
  'GET /api/projects/sample-file/': {
    access: 'user',
    url: () => '/api/projects/sample-file/?file_type=csv',
    ok: 200,
  },
  'GET /api/ai-models/': { access: 'user', url: () => '/api/ai-models/', ok: 200 },
  'GET /api/ai-models/estimate/': {
    access: 'read',
    url: (f) =>
      `/api/ai-models/estimate/?model=offline-draft&kind=city&pages=3&project=${f.project.id}`,
    ok: 200,
    note: "Any user may ask without a project; one naming a project reads that project's usage.",
  },

  'GET /api/workspaces/': { access: 'user', url: () => '/api/workspaces/', ok: 200 },
  'PUT /api/workspaces/current/': {
    access: 'user',
    note: "each caller chooses their own account's workspace",
    url: () => '/api/workspaces/current/',
    send: (f) => json({ workspaceId: f.callerWorkspaceId ?? f.workspaceId }),
    ok: 200,
  },

  // ── the fixture's workspace ─────────────────────────────────────────────────────────────
  'POST /api/workspaces/{id}/invitations/': {
    access: 'ws-manage',
    url: (f) => `/api/workspaces/${f.workspaceId}/invitations/`,
    send: () => json({ email: uniqueEmail('invitee'), role: 'editor' }),
    ok: 201,
  },
  'GET /api/workspaces/{id}/invitations/': {
    access: 'ws-manage',
    url: (f) => `/api/workspaces/${f.workspaceId}/invitations/`,
    ok: 200,
  },
  'DELETE /api/workspaces/{id}/invitations/{invitationId}/': {
    access: 'ws-manage',
    url: (f) => `/api/workspaces/${f.workspaceId}/invitations/${f.invitation.id}/`,
    ok: 200,
  },
  'POST /api/workspaces/{id}/invitations/{invitationId}/resend/': {
    access: 'ws-manage',
    url: (f) => `/api/workspaces/${f.workspaceId}/invitations/${f.invitation.id}/resend/`,
    ok: 200,
  },
  'POST /api/workspaces/{id}/api-tokens/': {
    access: 'ws-read',
    note: 'any member but a client makes tokens of their own',
    expect: {
      client: { allowed: false, status: 403, message: MSG.apiTokenForbiddenForClients },
      clientShared: { allowed: false, status: 403, message: MSG.apiTokenForbiddenForClients },
    },
    url: (f) => `/api/workspaces/${f.workspaceId}/api-tokens/`,
    send: () => json({ name: 'Script' }),
    ok: 201,
  },
  'GET /api/workspaces/{id}/api-tokens/': {
    access: 'ws-read',
    note: 'each member lists their own (a client has none)',
    expect: { client: { allowed: true }, clientShared: { allowed: true } },
    url: (f) => `/api/workspaces/${f.workspaceId}/api-tokens/`,
    ok: 200,
  },
  'DELETE /api/workspaces/{id}/api-tokens/{tokenId}/': {
    access: 'ws-own',
    expect: {
      client: { allowed: false, status: 404 },
      clientShared: { allowed: false, status: 404 },
    },
    note: 'the creator (the owner here) revokes their own token; a superuser anyone’s',
    url: (f) => `/api/workspaces/${f.workspaceId}/api-tokens/${f.apiToken.id}/`,
    ok: 200,
  },
  'PATCH /api/workspaces/{id}/': {
    access: 'ws-manage',
    url: (f) => `/api/workspaces/${f.workspaceId}/`,
    send: () => json({ name: 'Renamed Agency' }),
    ok: 200,
  },
  'GET /api/workspaces/{id}/branding/': {
    access: 'ws-read',
    note: 'clients see the brand they are shown',
    expect: { client: { allowed: true }, clientShared: { allowed: true } },
    url: (f) => `/api/workspaces/${f.workspaceId}/branding/`,
    ok: 200,
  },
  'PUT /api/workspaces/{id}/branding/': {
    access: 'ws-manage',
    url: (f) => `/api/workspaces/${f.workspaceId}/branding/`,
    send: () => json({ accentColor: '#0f766e' }),
    ok: 200,
  },
  'GET /api/workspaces/{id}/notifications/': {
    access: 'ws-read',
    note: 'every member chooses their own e-mails, clients too; a superuser is no member',
    expect: {
      client: { allowed: true },
      clientShared: { allowed: true },
      superuser: { allowed: false, status: 404 },
    },
    url: (f) => `/api/workspaces/${f.workspaceId}/notifications/`,
    ok: 200,
  },
  'PUT /api/workspaces/{id}/notifications/': {
    access: 'ws-read',
    note: 'every member chooses their own e-mails, clients too; a superuser is no member',
    expect: {
      client: { allowed: true },
      clientShared: { allowed: true },
      superuser: { allowed: false, status: 404 },
    },
    url: (f) => `/api/workspaces/${f.workspaceId}/notifications/`,
    send: () => json({ runFinished: false }),
    ok: 200,
  },
  'GET /api/workspaces/{id}/keys/': {
    access: 'ws-manage',
    note: "the account's keys, masked: members, keys and settings are an admin's",
    url: (f) => `/api/workspaces/${f.workspaceId}/keys/`,
    ok: 200,
  },
  'PATCH /api/workspaces/{id}/keys/': {
    access: 'ws-manage',
    url: (f) => `/api/workspaces/${f.workspaceId}/keys/`,
    send: () => json({ openRouterApiKey: 'sk-or-v1-matrix-key', netlifyAccessToken: '' }),
    ok: 200,
  },
  'GET /api/workspaces/{id}/members/': {
    access: 'ws-read',
    url: (f) => `/api/workspaces/${f.workspaceId}/members/`,
    ok: 200,
  },
  'PATCH /api/workspaces/{id}/members/{userId}/': {
    access: 'ws-manage',
    url: (f) => `/api/workspaces/${f.workspaceId}/members/${f.teammate.user.id}/`,
    send: () => json({ role: 'editor' }),
    ok: 200,
  },
  'DELETE /api/workspaces/{id}/members/{userId}/': {
    access: 'ws-manage',
    note: 'removing a teammate; leaving (one’s own id) is any member’s',
    url: (f) => `/api/workspaces/${f.workspaceId}/members/${f.teammate.user.id}/`,
    ok: 200,
  },

  // ── superusers only ─────────────────────────────────────────────────────────────────────
  'GET /api/admin/users/kpis/': {
    access: 'superuser',
    url: () => '/api/admin/users/kpis/',
    ok: 200,
  },
  'GET /api/admin/users/': { access: 'superuser', url: () => '/api/admin/users/', ok: 200 },
  'POST /api/admin/users/create/': {
    access: 'superuser',
    url: () => '/api/admin/users/create/',
    send: () =>
      json({
        firstName: 'Made',
        lastName: 'ByAdmin',
        email: uniqueEmail('made'),
        password: 'long-enough-1',
        confirmPassword: 'long-enough-1',
      }),
    ok: 201,
  },
  'PATCH /api/admin/users/{id}/': {
    access: 'superuser',
    url: (f) => `/api/admin/users/${f.bystander.user.id}/`,
    send: () => json({ firstName: 'Renamed' }),
    ok: 200,
  },
  'DELETE /api/admin/users/{id}/': {
    access: 'superuser',
    url: (f) => `/api/admin/users/${f.bystander.user.id}/`,
    ok: 200,
  },
  'GET /api/admin/users/{id}/invoices/': {
    access: 'superuser',
    url: (f) => `/api/admin/users/${f.bystander.user.id}/invoices/`,
    ok: 200,
  },

  // ── one project and what it holds, by what the route does to it ──────────────────────────
  'PUT /api/projects/{id}/clients/{userId}/': {
    access: 'manage',
    url: (f) => `${p(f)}/clients/${f.teamClient.user.id}/`,
    ok: 200,
  },
  'DELETE /api/projects/{id}/clients/{userId}/': {
    access: 'manage',
    url: (f) => `${p(f)}/clients/${f.teamClient.user.id}/`,
    ok: 200,
  },
  'GET /api/projects/{id}/review/': { access: 'review', url: (f) => `${p(f)}/review/`, ok: 200 },
  'GET /api/projects/{id}/reviews/': { access: 'review', url: (f) => `${p(f)}/reviews/`, ok: 200 },
  'POST /api/projects/{id}/reviews/': {
    access: 'review',
    note: 'only the client the project is shared with decides; staff who see it are refused',
    url: (f) => `${p(f)}/reviews/`,
    send: (f) => json({ pageKind: 'page', pageId: f.homepage.id, decision: 'approved' }),
    ok: 201,
    expect: Object.fromEntries(
      (['owner', 'admin', 'editor', 'viewer', 'superuser'] as const).map((r) => [
        r,
        { allowed: false, status: 403, message: MSG.reviewClientsOnly },
      ]),
    ),
  },
  'GET /api/projects/{id}/': { access: 'read', url: (f) => `${p(f)}/`, ok: 200 },
  'GET /api/projects/{id}/detail/': { access: 'read', url: (f) => `${p(f)}/detail/`, ok: 200 },
  'GET /api/projects/{id}/detail/lean/': {
    access: 'read',
    url: (f) => `${p(f)}/detail/lean/`,
    ok: 200,
  },
  'GET /api/projects/{id}/detail/counties/{countyId}/': {
    sub: true,
    access: 'read',
    url: (f) => `${p(f)}/detail/counties/${f.county.id}/`,
    ok: 200,
  },
  'GET /api/projects/{id}/map/': { access: 'read', url: (f) => `${p(f)}/map/`, ok: 200 },
  'DELETE /api/projects/{id}/delete/': {
    access: 'manage',
    url: (f) => `${p(f)}/delete/`,
    ok: 200,
  },
  'GET /api/projects/{id}/settings/': {
    access: 'read',
    url: (f) => `${p(f)}/settings/`,
    ok: 200,
  },
  'GET /api/projects/{id}/spending/': {
    access: 'read',
    url: (f) => `${p(f)}/spending/`,
    ok: 200,
  },
  'POST /api/projects/{id}/settings/': {
    access: 'edit',
    url: (f) => `${p(f)}/settings/`,
    send: () => json({ metaTags: '<title>Plumbing in {city}</title>' }),
    ok: 200,
  },
  'POST /api/projects/{id}/settings/service-pages/preview/': {
    access: 'read',
    url: (f) => `${p(f)}/settings/service-pages/preview/`,
    send: () => json({ enabled: true, services: 'all', unlisted: 'all' }),
    ok: 200,
  },
  'POST /api/projects/{id}/update-header-links/': {
    access: 'edit',
    url: (f) => `${p(f)}/update-header-links/`,
    send: () => json({ visible_links: ['Home', 'Contact'] }),
    ok: 200,
  },
  'GET /api/projects/{id}/page/{pageId}/': {
    sub: true,
    access: 'review',
    url: (f) => `${p(f)}/page/${f.mainPage.id}/`,
    ok: 200,
  },
  'DELETE /api/projects/{id}/page/{pageId}/': {
    sub: true,
    access: 'edit',
    url: (f) => `${p(f)}/page/${f.mainPage.id}/`,
    ok: 200,
  },
  'DELETE /api/projects/{id}/city/{cityId}/': {
    sub: true,
    access: 'edit',
    url: (f) => `${p(f)}/city/${f.city.id}/`,
    ok: 200,
  },
  'GET /api/projects/{id}/homepage/': {
    access: 'review',
    url: (f) => `${p(f)}/homepage/`,
    ok: 200,
  },
  'GET /api/projects/{id}/states/': { access: 'review', url: (f) => `${p(f)}/states/`, ok: 200 },
  'GET /api/projects/{id}/counties/{stateId}/': {
    sub: true,
    access: 'review',
    url: (f) => `${p(f)}/counties/${f.state.id}/`,
    ok: 200,
  },
  'GET /api/projects/{id}/cities/{countyId}/': {
    sub: true,
    access: 'review',
    url: (f) => `${p(f)}/cities/${f.county.id}/`,
    ok: 200,
  },
  'GET /api/projects/{id}/zipcodes/{cityId}/': {
    sub: true,
    access: 'review',
    url: (f) => `${p(f)}/zipcodes/${f.city.id}/`,
    ok: 200,
  },
  'POST /api/projects/{id}/publish/': {
    access: 'edit',
    note: 'the owner has no Netlify token: 400 before anything is created',
    url: (f) => `${p(f)}/publish/`,
    ok: 400,
  },
  'POST /api/projects/{id}/release/all/': {
    access: 'edit',
    note: 'the project does not stage its releases: 409 before any deploy',
    url: (f) => `${p(f)}/release/all/`,
    ok: 409,
  },
  'POST /api/projects/{id}/release/paused/': {
    access: 'edit',
    note: 'the project does not stage its releases: 409',
    url: (f) => `${p(f)}/release/paused/`,
    send: () => json({ paused: true }),
    ok: 409,
  },
  'GET /api/projects/{id}/deployment/': {
    access: 'read',
    url: (f) => `${p(f)}/deployment/`,
    ok: 200,
  },
  'GET /api/projects/{id}/redirects/': {
    access: 'read',
    url: (f) => `${p(f)}/redirects/`,
    ok: 200,
  },
  'GET /api/projects/{id}/download-site/': {
    access: 'read',
    url: (f) => `${p(f)}/download-site/`,
    ok: 200,
  },
  'DELETE /api/projects/{id}/delete-netlify-site/': {
    access: 'edit',
    note: 'an old URL of the history, and no Netlify token: 400 without calling Netlify',
    url: (f) => `${p(f)}/delete-netlify-site/`,
    send: (f) => json({ site_url: f.project.netlifySiteUrlHistory[0]! }),
    ok: 400,
  },
  'POST /api/projects/{id}/domain/': {
    access: 'edit',
    url: (f) => `${p(f)}/domain/`,
    send: () => json({ clientDomain: 'matrix-plumbing.com' }),
    ok: 200,
  },
  'POST /api/projects/{id}/add-custom-domain/': {
    access: 'edit',
    url: (f) => `${p(f)}/add-custom-domain/`,
    send: () => json({ client_domain: 'matrix-plumbing.com' }),
    ok: 200,
  },
  'POST /api/projects/{id}/verify-domain/': {
    access: 'edit',
    note: 'no domain set yet: 400 without any DNS lookup',
    url: (f) => `${p(f)}/verify-domain/`,
    ok: 400,
  },
  'POST /api/project/{id}/upload/': {
    access: 'edit',
    url: (f) => `/api/project/${f.project.id}/upload/`,
    send: () => multipartForm({ model: 'offline-draft' }, [csv()]),
    ok: 201,
  },
  'POST /api/upload/': {
    access: 'edit',
    note: 'the project travels in the form, not the path; the same ownership rule applies',
    url: () => '/api/upload/',
    send: (f) => multipartForm({ project: f.project.id }, [csv()]),
    ok: 201,
  },
  'POST /api/projects/{id}/retry/': { access: 'edit', url: (f) => `${p(f)}/retry/`, ok: 200 },
  'POST /api/projects/{id}/page/{pageId}/retry/': {
    sub: true,
    access: 'edit',
    url: (f) => `${p(f)}/page/${f.failedPage.id}/retry/`,
    ok: 200,
  },
  'POST /api/projects/{id}/city/{cityId}/retry/': {
    sub: true,
    access: 'edit',
    url: (f) => `${p(f)}/city/${f.failedCity.id}/retry/`,
    ok: 200,
  },
  'POST /api/projects/{id}/city/{cityId}/approval/': {
    sub: true,
    access: 'edit',
    url: (f) => `${p(f)}/city/${f.city.id}/approval/`,
    send: () => json({ approved: true }),
    ok: 200,
  },
  'POST /api/projects/{id}/page/{pageId}/regenerate/': {
    sub: true,
    access: 'edit',
    url: (f) => `${p(f)}/page/${f.mainPage.id}/regenerate/`,
    ok: 200,
  },
  'POST /api/projects/{id}/city/{cityId}/regenerate/': {
    sub: true,
    access: 'edit',
    url: (f) => `${p(f)}/city/${f.city.id}/regenerate/`,
    ok: 200,
  },
  'GET /api/projects/{id}/page/{pageId}/proposal/': {
    sub: true,
    access: 'read',
    url: (f) => `${p(f)}/page/${f.mainPage.id}/proposal/`,
    ok: 200,
  },
  'GET /api/projects/{id}/city/{cityId}/proposal/': {
    sub: true,
    access: 'read',
    url: (f) => `${p(f)}/city/${f.city.id}/proposal/`,
    ok: 200,
  },
  'POST /api/projects/{id}/page/{pageId}/proposal/{versionId}/': {
    sub: true,
    access: 'edit',
    url: (f) => `${p(f)}/page/${f.mainPage.id}/proposal/${f.pageProposal.id}/`,
    send: () => json({ use: 'current' }),
    ok: 200,
  },
  'POST /api/projects/{id}/city/{cityId}/proposal/{versionId}/': {
    sub: true,
    access: 'edit',
    url: (f) => `${p(f)}/city/${f.city.id}/proposal/${f.cityProposal.id}/`,
    send: () => json({ use: 'current' }),
    ok: 200,
  },
  'GET /api/projects/{id}/city/{cityId}/facts/': {
    sub: true,
    access: 'read',
    url: (f) => `${p(f)}/city/${f.city.id}/facts/`,
    ok: 200,
  },
  'PUT /api/projects/{id}/city/{cityId}/facts/': {
    sub: true,
    access: 'edit',
    url: (f) => `${p(f)}/city/${f.city.id}/facts/`,
    send: () => json({ facts: [{ name: 'Jobs completed', value: '12' }], photo: null }),
    ok: 200,
  },
  'GET /api/projects/{id}/cities/export/': {
    access: 'read',
    url: (f) => `${p(f)}/cities/export/?format=csv`,
    ok: 200,
  },
  'GET /api/projects/{id}/sheet-link/': {
    access: 'read',
    url: (f) => `${p(f)}/sheet-link/`,
    ok: 200,
  },
  'PUT /api/projects/{id}/sheet-link/': {
    access: 'edit',
    url: (f) => `${p(f)}/sheet-link/`,
    // A public address written as one: linking it needs no name look-up.
    send: () => json({ url: 'https://93.184.215.14/areas.csv', schedule: 'daily' }),
    ok: 200,
  },
  'DELETE /api/projects/{id}/sheet-link/': {
    access: 'edit',
    url: (f) => `${p(f)}/sheet-link/`,
    ok: 200,
  },
  'POST /api/projects/{id}/sheet-link/sync/': {
    access: 'edit',
    url: (f) => `${p(f)}/sheet-link/sync/`,
    note: "the fixture's sheet is on a private address: the read is refused, 422",
    ok: 422,
  },
  'GET /api/projects/{id}/sheet-link/runs/': {
    access: 'read',
    url: (f) => `${p(f)}/sheet-link/runs/`,
    ok: 200,
  },
  'POST /api/projects/{id}/sheet-link/runs/{runId}/confirm/': {
    sub: true,
    access: 'edit',
    url: (f) => `${p(f)}/sheet-link/runs/${f.sheetRun.id}/confirm/`,
    note: "the fixture's sheet is on a private address: the read is refused, 422",
    ok: 422,
  },
  'POST /api/projects/{id}/cities/rewrite-changed/': {
    access: 'edit',
    url: (f) => `${p(f)}/cities/rewrite-changed/`,
    ok: 200,
  },
  'POST /api/projects/{id}/cities/regenerate-similar/': {
    access: 'edit',
    url: (f) => `${p(f)}/cities/regenerate-similar/`,
    ok: 200,
  },
  'POST /api/projects/{id}/create_page/': {
    access: 'edit',
    url: (f) => `${p(f)}/create_page/`,
    send: () => json({ name: 'Emergency Repairs', model: 'offline-draft' }),
    ok: 201,
  },
  'POST /api/projects/{id}/images/': {
    access: 'edit',
    note: 'the caller’s own OpenAI key: the owner’s reaches no server (502); the superuser has none (400)',
    url: (f) => `${p(f)}/images/`,
    send: () => json({ prompt: 'A plumber’s van' }),
    ok: { owner: 502, superuser: 400 },
  },
  'GET /api/projects/{id}/images/': { access: 'read', url: (f) => `${p(f)}/images/`, ok: 200 },
  'GET /api/projects/{id}/homepage/view/': {
    access: 'read',
    url: (f) => `${p(f)}/homepage/view/`,
    ok: 200,
  },
  'POST /project/{id}/save/{pageId}/': {
    sub: true,
    access: 'edit',
    url: (f) => `/project/${f.project.id}/save/${f.homepage.id}/`,
    send: () => json({ html: '<main><h1>Saved</h1></main>', content_html: '<h1>Saved</h1>' }),
    ok: 200,
  },
  'POST /project/{id}/city/{cityId}/save/': {
    sub: true,
    access: 'edit',
    url: (f) => `/project/${f.project.id}/city/${f.city.id}/save/`,
    send: () => json({ html: '<main><h1>Saved</h1></main>', content_html: '<h1>Saved</h1>' }),
    ok: 200,
  },
  'POST /project/{id}/get_version_html/': {
    sub: true,
    access: 'read',
    url: (f) => `/project/${f.project.id}/get_version_html/`,
    send: (f) => json({ version_id: f.version.id, page_id: f.homepage.id }),
    ok: 200,
  },
  'POST /api/projects/{id}/regenerate/': {
    sub: true,
    access: 'edit',
    note: 'the owner’s OpenRouter key pays, also for a superuser; no provider answers: 502',
    url: (f) => `${p(f)}/regenerate/`,
    send: (f) =>
      json({
        html: '<p>Fast, tidy plumbing repairs.</p>',
        prompt: 'Make it shorter.',
        page_id: f.homepage.id,
        model: 'openai/gpt-4o',
      }),
    ok: 502,
  },
};

/**
 * Routes the OpenAPI document does not list, each handled on purpose. Keys use the same
 * `{param}` form; the inventory test below finds any other unlisted route in the router itself.
 * The SPA (static files + index.html fallback) registers no route here: the test app has no
 * web build (WEB_DIST_DIR points at an empty folder), and its fallback is the not-found
 * handler, checked at the end of this file.
 */
const HIDDEN: Record<string, Entry> = {
  'GET /api/projects/{id}/events/': {
    access: 'read',
    note: 'hidden from the spec (hide: true): a server-sent-events stream',
    url: (f) => `${p(f)}/events/`,
    stream: true,
    ok: 200,
  },
  // @fastify/swagger-ui: the API description is public, like the spec it renders.
  'GET /api/docs': { access: 'public', url: () => '/api/docs', ok: 200 },
  'GET /api/docs/json': { access: 'public', url: () => '/api/docs/json', ok: 200 },
  'GET /api/docs/yaml': { access: 'public', url: () => '/api/docs/yaml', ok: 200 },
  'GET /api/docs/static/index.html': {
    access: 'public',
    url: () => '/api/docs/static/index.html',
    ok: 302,
  },
  'GET /api/docs/static/swagger-initializer.js': {
    access: 'public',
    url: () => '/api/docs/static/swagger-initializer.js',
    ok: 200,
  },
  'GET /api/docs/static/*': {
    access: 'public',
    url: () => '/api/docs/static/swagger-ui.css',
    ok: 200,
  },
};

// ── the route table ────────────────────────────────────────────────────────────────────────

// Trailing slashes are ignored by the router (ignoreTrailingSlash), so compare without them.
const normal = (key: string) => key.replace(/\/$/, '');

const SPEC = specRoutes(t.app);
const TABLE = [...SPEC, ...Object.keys(HIDDEN)];
const entryOf = (key: string) => ROUTES[key] ?? HIDDEN[key];

describe('route inventory', () => {
  it('the route table is the OpenAPI document, and it is not empty', () => {
    expect(SPEC.length).toBeGreaterThan(50);
    expect(new Set(SPEC).size).toBe(SPEC.length);
  });

  it('every route of the OpenAPI document has an authorization entry', () => {
    const missing = SPEC.filter((key) => !ROUTES[key]);
    expect(
      missing.map((key) => `new route without an authorization entry: ${key}`),
      'add each to ROUTES in security.matrix.test.ts',
    ).toEqual([]);
  });

  it('every authorization entry names a route that still exists', () => {
    const spec = new Set(SPEC);
    const stale = Object.keys(ROUTES).filter((key) => !spec.has(key));
    expect(
      stale.map((key) => `authorization entry for a route that no longer exists: ${key}`),
    ).toEqual([]);
  });

  it('every route of the router is in the OpenAPI document or explicitly listed as hidden', () => {
    const known = new Set(TABLE.map(normal));
    // HEAD is Fastify's automatic mirror of each GET (same hooks); checked separately below.
    const actual = routerRoutes(t.app).filter((key) => !key.startsWith('HEAD '));
    expect(actual.length).toBeGreaterThan(50);
    const unlisted = actual.filter((key) => !known.has(normal(key)));
    expect(
      unlisted.map((key) => `route hidden from the OpenAPI document without an entry: ${key}`),
    ).toEqual([]);
    const actualSet = new Set(actual.map(normal));
    const gone = Object.keys(HIDDEN).filter((key) => !actualSet.has(normal(key)));
    expect(gone.map((key) => `hidden entry for a route that no longer exists: ${key}`)).toEqual([]);
  });
});

// ── the matrix ─────────────────────────────────────────────────────────────────────────────

const ROLE_NAMES: Record<Role, string> = {
  anonymous: 'anonymous',
  owner: 'the owner',
  admin: 'an admin of the workspace',
  editor: 'an editor of the workspace',
  viewer: 'a viewer of the workspace',
  client: 'a client of the workspace, the project not shared',
  clientShared: 'a client of the workspace, the project shared',
  other: 'a member of another workspace',
  adminBypass: 'an admin-bypass user',
  superuser: 'a superuser',
};

type Expectation =
  { allowed: true; exact?: number } | { allowed: false; status: 401 | 403 | 404; message?: string };

const RANK: Partial<Record<Role, number>> = { viewer: 1, editor: 2, admin: 3 };
const NEEDED: Partial<Record<Access, number>> = {
  review: 1,
  read: 1,
  'ws-read': 1,
  create: 2,
  edit: 2,
  manage: 3,
  'ws-manage': 3,
};
const tooLow: Expectation = { allowed: false, status: 403, message: MSG.roleTooLow };
const refused: Expectation = { allowed: false, status: 403, message: MSG.forbidden };
const missing: Expectation = { allowed: false, status: 404 };

function expectationFor(entry: Entry, role: Role): Expectation {
  const allowed = (): Expectation => {
    const exact = typeof entry.ok === 'number' ? entry.ok : entry.ok?.[role];
    return { allowed: true, ...(exact ? { exact } : {}) };
  };
  const { access } = entry;
  if (access === 'public') return allowed();
  if (role === 'anonymous') return { allowed: false, status: 401, message: MSG.notAuthenticated };
  const special = entry.expect?.[role];
  if (special) return special.allowed ? allowed() : special;
  if (access === 'user') return allowed();
  if (access === 'superuser') return role === 'superuser' ? allowed() : refused;
  if (role === 'owner' || role === 'superuser') return allowed();
  const rank = RANK[role];
  const byRank = () => (rank! >= NEEDED[access]! ? allowed() : tooLow);
  if (access === 'create') {
    if (role === 'client' || role === 'clientShared') return refused;
    return rank === undefined ? allowed() : byRank();
  }
  if (PROJECT_NEEDS.includes(access)) {
    if (role === 'clientShared') return access === 'review' ? allowed() : missing;
    return rank === undefined ? missing : byRank();
  }
  // The fixture's workspace.
  if (role === 'client' || role === 'clientShared') return refused;
  if (access === 'ws-own') return missing;
  return rank === undefined ? missing : byRank();
}

const label = (e: Expectation) =>
  e.allowed ? (e.exact ? `allowed (${e.exact})` : 'allowed') : String(e.status);

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/**
 * A server-sent-events route never ends for an allowed caller, so app.inject would wait for
 * ever. With payloadAsStream, inject resolves as soon as the head is written; the body is then
 * read up to the first event (the stream's ": connected" comment) or to its end (an error
 * answer), and the request is aborted. The stream itself is closed by the app's onClose hook.
 */
async function streamed(options: InjectOptions): Promise<Answer> {
  const abort = new AbortController();
  const res = await t.app.inject({ ...options, payloadAsStream: true, signal: abort.signal });
  const stream = res.stream();
  let body = '';
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    stream.on('data', (chunk: Buffer) => {
      body += chunk.toString();
      if (body.includes('\n\n')) done();
    });
    stream.on('end', done);
    stream.on('error', done);
  });
  abort.abort();
  return { statusCode: res.statusCode, headers: res.headers, body };
}

async function call(entry: Entry, f: MatrixFixture, method: string): Promise<Answer> {
  const extra = (await entry.send?.(f)) ?? {};
  const options: InjectOptions = {
    method: method as InjectOptions['method'],
    url: entry.url(f),
    headers: { ...f.headers, ...extra.headers },
    ...(extra.payload !== undefined ? { payload: extra.payload } : {}),
  };
  if (entry.stream) return streamed(options);
  const res = await t.app.inject(options);
  return { statusCode: res.statusCode, headers: res.headers, body: res.body };
}

/**
 * What a refused call must leave alone: the project and everything in it, and the bystander.
 * Read in one statement (each table's rows as JSON, in a fixed order): it is taken before and
 * after each of ~550 refusals.
 */
async function snapshot(f: MatrixFixture) {
  const id = f.project.id;
  const rows = (table: PgTable, where: SQL, order: SQL = sql`t.id`) =>
    sql`(select json_agg(t order by ${order}) from ${table} t where ${where})`;
  const found = await t.ctx.db.execute(sql`select json_build_object(
    'project', ${rows(projects, sql`t.id = ${id}`)},
    'pages', ${rows(pages, sql`t.project_id = ${id}`)},
    'cities', ${rows(cities, sql`t.project_id = ${id}`)},
    'versions', ${rows(pageVersions, sql`t.project_id = ${id}`)},
    'images', ${rows(projectImages, sql`t.project_id = ${id}`)},
    'bystander', ${rows(users, sql`t.id = ${f.bystander.user.id}`)},
    -- The workspace's keys are its account's (the owner's own calls mark their activity).
    'accountKeys', (select json_agg(json_build_array(u.open_router_key_enc, u.open_ai_key_enc,
      u.netlify_token_enc)) from ${users} u where u.id = ${f.owner.user.id}),
    'workspace', ${rows(workspaces, sql`t.id = ${f.workspaceId}`)},
    'members', ${rows(workspaceMembers, sql`t.workspace_id = ${f.workspaceId}`, sql`t.user_id`)},
    'clients', ${rows(projectClients, sql`t.project_id = ${id}`, sql`t.user_id`)}
  )::text as snapshot`);
  return JSON.parse(rowsOf<{ snapshot: string }>(found)[0]!.snapshot) as unknown;
}

/**
 * The fixture of a case. A refused call must change nothing, and every refusal below checks
 * that against a snapshot, so the refusals of one role share one fixture (a refusal that did
 * change it fails there, by name); so do a role's allowed reads (GET, but for a one-time link),
 * which change nothing of it. Any other allowed call may change its fixture and gets a fresh one.
 */
const sharedFixtures = new Map<string, Promise<MatrixFixture>>();
function fixtureFor(role: Role, allowed: boolean, reads = false): Promise<MatrixFixture> {
  if (allowed && !reads) return matrixFixture(t, role);
  const key = `${role}:${allowed ? 'reads' : 'refusals'}`;
  let shared = sharedFixtures.get(key);
  if (!shared) sharedFixtures.set(key, (shared = matrixFixture(t, role)));
  return shared;
}

/** Callers outside the fixture's workspace (a client without the project sees nothing of it). */
const OUTSIDERS: readonly Role[] = ['other', 'adminBypass', 'client', 'superuser'];

for (const key of TABLE) {
  const entry = entryOf(key);
  if (!entry) continue; // reported by the inventory test, by name
  const method = key.split(' ')[0]!;
  describe(key, () => {
    for (const role of ROLES) {
      const want = expectationFor(entry, role);
      it(`${key} as ${ROLE_NAMES[role]} → ${label(want)}`, async () => {
        const reads = method === 'GET' && !entry.spends;
        const f = await fixtureFor(role, want.allowed, reads);
        const before = want.allowed ? null : await snapshot(f);
        const res = await call(entry, f, method);
        const said = `${key} as ${role}: ${res.statusCode} ${res.body.slice(0, 500)}`;

        // Never a 500, never a stack, whoever asks.
        expect(res.statusCode, said).not.toBe(500);
        expect(res.body, said).not.toMatch(/(?:\\n|\n)\s+at [^\n]*:\d+:\d+/);

        if (want.allowed) {
          expect([401, 403, 404], said).not.toContain(res.statusCode);
          if (want.exact) expect(res.statusCode, said).toBe(want.exact);
          if (entry.stream && res.statusCode === 200) {
            expect(String(res.headers['content-type']), said).toMatch(/^text\/event-stream/);
            expect(res.body, said).toContain(': connected');
          }
          // A 'user' route acts on the caller's own data: nothing of the owner's shows to
          // those outside the workspace.
          if (entry.access === 'user' && OUTSIDERS.includes(role)) {
            expect(res.body, said).not.toContain(f.project.id);
            expect(res.body, said).not.toContain(f.owner.email);
          }
          return;
        }

        expect(res.statusCode, said).toBe(want.status);
        const body = JSON.parse(res.body) as { message?: unknown };
        expect(typeof body.message, said).toBe('string');
        if (want.message) expect(body.message, said).toBe(want.message);
        // A refusal tells nothing about the resource, and changes nothing.
        expect(res.body, said).not.toContain(f.project.name);
        expect(res.body, said).not.toContain(f.owner.email);
        expect(await snapshot(f), said).toEqual(before);
      });
    }
  });
}

// ── HEAD, Fastify's automatic mirror of every GET ──────────────────────────────────────────

describe('HEAD mirrors of GET routes run the same guards', () => {
  const gets = TABLE.filter((key) => key.startsWith('GET ')).filter(
    (key) => entryOf(key) && entryOf(key)!.access !== 'public',
  );
  for (const key of gets) {
    const entry = entryOf(key)!;
    const path = key.slice(4);
    // Through call(), so a stream route that wrongly let the caller in could not hang the test.
    const head = (f: MatrixFixture) => call({ ...entry, send: undefined }, f, 'HEAD');
    it(`HEAD ${path} as anonymous → 401`, async () => {
      const res = await head(await fixtureFor('anonymous', false));
      expect(res.statusCode, res.body).toBe(401);
    });
    if (PROJECT_NEEDS.includes(entry.access))
      it(`HEAD ${path} as another user → 404`, async () => {
        const res = await head(await fixtureFor('other', false));
        expect(res.statusCode, res.body).toBe(404);
      });
  }
});

// ── paths no route serves ──────────────────────────────────────────────────────────────────

describe('the not-found handler (SPA fallback)', () => {
  it('answers an unknown API path 404 as JSON, signed in or not', async () => {
    const f = await matrixFixture(t, 'other');
    for (const headers of [{}, f.headers]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here/', headers });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message: MSG.notFound });
    }
  });

  it('answers an app screen without a session (the SPA signs in client-side); 503 with no build', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/projects',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode, res.body).toBe(503);
  });
});

// ── another project's resources through one's own ──────────────────────────────────────────

describe("another user's page, city, state, county or version named through one's own project", () => {
  // The caller's own project, beside the shared fixture of refusals (made once, for it).
  let own: ReturnType<typeof callerProject> | undefined;
  const ownProjectOf = (f: MatrixFixture) => (own ??= callerProject(t, f.caller!.user.id));

  for (const key of TABLE) {
    const entry = entryOf(key);
    if (!entry?.sub) continue;
    const method = key.split(' ')[0]!;
    it(`${key} as another user, with their own project id and the owner's ids → 404`, async () => {
      const f = await fixtureFor('other', false);
      const own = await ownProjectOf(f);
      const before = await snapshot(f);
      const res = await call(entry, { ...f, project: own }, method);
      const said = `${key}: ${res.statusCode} ${res.body.slice(0, 500)}`;
      expect(res.statusCode, said).toBe(404);
      expect(res.body, said).not.toContain(f.project.name);
      expect(await snapshot(f), said).toEqual(before);
    });
  }

  it("GET /api/projects/{id}/homepage/view/ with the owner's page_id or city_id → 404", async () => {
    const f = await matrixFixture(t, 'other');
    const own = await callerProject(t, f.caller!.user.id);
    for (const query of [`page_id=${f.mainPage.id}`, `city_id=${f.city.id}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${own.id}/homepage/view/?${query}`,
        headers: f.headers,
      });
      expect(res.statusCode, `${query}: ${res.body.slice(0, 300)}`).toBe(404);
    }
  });

  it("GET /api/projects/ as another user lists only their own; another's user_id is refused", async () => {
    const f = await matrixFixture(t, 'other');
    const own = await callerProject(t, f.caller!.user.id);
    const list = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/projects/?${query}`, headers: f.headers });
    for (const query of [`user_id=${f.caller!.user.id}`, '']) {
      const res = await list(query);
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json() as { results: { id: string }[] }).results.map((r) => r.id);
      expect(ids, query).toEqual([own.id]);
    }
    for (const query of [`user_id=${f.owner.user.id}`, 'user_id=all']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(403);
      expect(res.body).not.toContain(f.owner.user.id);
    }
  });
});
