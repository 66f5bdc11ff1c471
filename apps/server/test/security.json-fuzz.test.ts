import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { MAX_JSON_BODY_BYTES } from '@cityforge/shared';
import { SAVE_BODY_LIMIT } from '../src/modules/editor/editor.routes.ts';
import { createTestApp } from './helpers/app.ts';
import { snapshotDatabase, snapshotDiff } from './helpers/db-snapshot.ts';
import { DEFAULT_PASSWORD, uniqueEmail } from './helpers/factories.ts';
import {
  WANT_MESSAGE,
  WANT_STATUS,
  parserCases,
  routeRng,
  schemaCases,
  sketchBody,
  textCases,
  type Body,
  type FuzzCase,
  type LongText,
} from './helpers/json-fuzz.ts';
import { matrixFixture, type MatrixFixture } from './helpers/matrix-fixture.ts';
import { specOperations, type SpecOperation } from './helpers/openapi.ts';

/**
 * Every route that reads a request body, fuzzed: malformed, oversize and
 * wrong-typed bodies get a 4xx in the API's error shape with a clear message, never a 5xx and
 * never a 2xx, and change nothing at all. The routes come from the server's own OpenAPI
 * document, like the authorization matrix's:
 *
 * - a route that declares a JSON body gets the body-parser cases, then its schema's: the wrong
 *   kind of body, every field of the schema broken in turn, duplicate and unknown keys,
 *   unicode oddities and long text (helpers/json-fuzz.ts);
 * - a POST/PUT/PATCH/DELETE that declares no body gets the parser cases (and the server-wide
 *   text check), which are refused before any of its code runs; a well-formed body it simply
 *   ignores, so those are not sent;
 * - the multipart uploads and the Stripe webhook parse no JSON and are left out by name.
 *
 * Each route's cases run on a fresh fixture (matrix-fixture.ts) as a caller who may use the
 * route; the whole database is compared before and after. Then the controls: the valid body each
 * case was made from is accepted (so every refusal above came from what the case broke), with
 * the odd-but-valid bodies the routes accept on purpose.
 *
 * Seeded: FUZZ_SEED=<n> sends another set of the same kinds; the default is fixed, so a run
 * sends the same bytes every time.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 0x15_0a_10);

// Nothing reaches the network: providers, Netlify and DNS all point at a closed local port.
// A database of its own, so "nothing changed" can be checked on every table.
const t = await createTestApp(
  { NETLIFY_API_URL: 'http://127.0.0.1:9/api/v1', DNS_SERVERS: '127.0.0.1:9' },
  { isolatedDatabase: true },
);
afterAll(() => t.close());

// ── per-route decisions ────────────────────────────────────────────────────────────────────

/** Routes that read a body but not as JSON. */
const EXCLUDED: Record<string, string> = {
  'POST /api/project/{id}/upload/': 'a multipart form: fuzzed by security.upload-fuzz.test.ts',
  'POST /api/upload/': 'a multipart form, like the project upload',
  'POST /api/stripe/webhook/':
    'the raw body Stripe signed: its scope parses nothing (billing.webhooks.test.ts)',
};

/** Routes with a body limit of their own; every other one has the server's. */
const BODY_LIMITS: Record<string, number> = {
  'POST /project/{id}/save/{pageId}/': SAVE_BODY_LIMIT,
  'POST /project/{id}/city/{cityId}/save/': SAVE_BODY_LIMIT,
};

/**
 * Schemas that drop unknown fields instead of refusing them (zod's default object). They are
 * sent with the valid body among the controls, not as refusals.
 */
const OPEN_BODIES: Record<string, string> = {
  'POST /auth/logout/': 'logout always works, whatever an old client sends along',
  'POST /project/{id}/save/{pageId}/':
    'the editor sends its page state; only known fields are read',
  'POST /project/{id}/city/{cityId}/save/': 'as the page save',
  'POST /project/{id}/get_version_html/': 'a read; the editor sends its page state along',
  'POST /api/projects/{id}/regenerate/': 'the editor sends its selection state along',
  'POST /api/projects/{id}/images/': 'the image dialog sends its form state along',
  'PUT /api/projects/{id}/city/{cityId}/facts/':
    'the facts panel sends back what it read (the photo note, the changed mark) with its edits',
};

/**
 * String fields with no length bound in their schema, and what the route does with ~1 MB of
 * text in them: refuses it itself (the status) or accepts it on purpose (not sent). Every other
 * string field must refuse it as a validation error.
 */
const LONG_TEXT: Record<string, { answer: LongText; why: string }> = {
  'POST /auth/login/ password': {
    answer: 401,
    why: 'checked against the stored hash, which no such password matches',
  },
  'POST /auth/token/refresh/ refresh': {
    answer: 401,
    why: 'looked up by its hash, which no such token has',
  },
  'POST /auth/signup/ confirmPassword': {
    answer: 'accepted',
    why: 'optional and not read by the API (the sign-up form compares it before sending)',
  },
};

/** Routes that allow each user only so many calls a minute: a fresh caller every so many cases. */
const PER_CALLER: Record<string, number> = {
  'POST /api/projects/{id}/images/': 20,
  'DELETE /api/me/google/': 20,
  'DELETE /api/workspaces/{id}/invitations/{invitationId}/': 20,
  'POST /api/workspaces/{id}/invitations/{invitationId}/resend/': 20,
  'DELETE /api/workspaces/{id}/api-tokens/{tokenId}/': 20,
};

type Valid = {
  /** A body the route accepts, covering every field it can. */
  body: (f: MatrixFixture) => Body;
  /** What the route answers it (external services are not running). */
  ok: number;
};
const fragment = '<p>Fast, tidy plumbing repairs.</p>';
const saved = () => ({
  html: '<main><h1>Saved</h1></main>',
  content_html: '<h1>Saved</h1>',
  is_service_page: false,
  tracking_code_head: '',
  tracking_code_body: '',
  meta_tags: '<title>Saved</title>',
});

/** A valid body for each JSON route: the cases are made from it, the controls send it. */
const VALID: Record<string, Valid> = {
  'POST /auth/signup/': {
    body: () => ({
      email: uniqueEmail('fuzz'),
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
      firstName: 'Fuzz',
      lastName: 'Case',
    }),
    ok: 201,
  },
  'POST /auth/resend-verification/': { body: (f) => ({ email: f.bystander.email }), ok: 200 },
  'POST /auth/login/': {
    body: (f) => ({ email: f.owner.email, password: DEFAULT_PASSWORD, rememberMe: true }),
    ok: 200,
  },
  'POST /auth/token/refresh/': { body: (f) => ({ refresh: f.owner.refresh }), ok: 200 },
  'POST /auth/logout/': { body: (f) => ({ refresh: f.owner.refresh }), ok: 200 },
  'POST /auth/request-password-reset/': { body: (f) => ({ email: f.bystander.email }), ok: 200 },
  'POST /auth/reset-password/{token}/': {
    body: () => ({ password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' }),
    ok: 200,
  },
  'PATCH /auth/me/': {
    body: () => ({
      firstName: 'Renamed',
      lastName: 'Owner',
      userOpenAiApiKey: 'sk-fuzz-openai',
      userOpenRouterApiKey: null,
      userNetlifyAccessToken: '',
    }),
    ok: 200,
  },
  'POST /api/admin/users/create/': {
    body: () => ({
      firstName: 'Made',
      lastName: 'ByAdmin',
      email: uniqueEmail('made'),
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
      adminBypass: false,
    }),
    ok: 201,
  },
  'PATCH /api/admin/users/{id}/': {
    body: () => ({ firstName: 'Renamed', lastName: 'Bystander', adminBypass: true }),
    ok: 200,
  },
  'POST /api/projects/create/': {
    body: () => ({
      name: 'Fuzz Plumbing',
      serviceType: 'Plumbing',
      model: 'offline-draft',
      prompt: 'Friendly and local.',
      contactPhoneNumber: '+1 512 555 0100',
      email: 'office@fuzz-plumbing.com',
      clientDomain: 'fuzz-plumbing.com',
      createServicePages: false,
    }),
    ok: 201,
  },
  'POST /api/projects/{id}/settings/': {
    body: () => ({
      metaTags: '<title>Plumbing in {city}</title>',
      trackingCodeHead: '<meta name="x" content="y">',
      trackingCodeBody: '',
      email: 'office@fuzz-plumbing.com',
      clientDomain: 'fuzz-plumbing.com',
      contactPhoneNumber: '+1 512 555 0100',
    }),
    ok: 200,
  },
  'POST /api/projects/{id}/update-header-links/': {
    body: () => ({ visible_links: ['Home', 'Contact'] }),
    ok: 200,
  },
  'DELETE /api/projects/{id}/delete-netlify-site/': {
    // An old URL of the project: past validation and ownership, refused for want of a token.
    body: (f) => ({ site_url: f.project.netlifySiteUrlHistory[0]! }),
    ok: 400,
  },
  'POST /api/projects/{id}/domain/': {
    body: () => ({ clientDomain: 'fuzz-plumbing.com' }),
    ok: 200,
  },
  'POST /api/projects/{id}/add-custom-domain/': {
    body: () => ({
      client_domain: 'fuzz-plumbing.com',
      email: 'office@fuzz-plumbing.com',
      contact_phone_number: '+1 512 555 0100',
    }),
    ok: 200,
  },
  'POST /api/projects/{id}/create_page/': {
    body: () => ({ name: 'Emergency Repairs', prompt: 'Night calls.', model: 'offline-draft' }),
    ok: 201,
  },
  'POST /api/projects/{id}/images/': {
    // The owner's OpenAI key reaches no server: 502, after validation and ownership.
    body: () => ({ prompt: 'A plumber’s van', model: 'gpt-image-2', size: '1536x1024' }),
    ok: 502,
  },
  'POST /project/{id}/save/{pageId}/': { body: saved, ok: 200 },
  'POST /project/{id}/city/{cityId}/save/': { body: saved, ok: 200 },
  'POST /project/{id}/get_version_html/': {
    body: (f) => ({
      project_id: f.project.id,
      is_service_page: false,
      version_id: f.version.id,
      page_id: f.homepage.id,
    }),
    ok: 200,
  },
  'POST /api/projects/{id}/city/{cityId}/approval/': {
    body: () => ({ approved: true }),
    ok: 200,
  },
  'POST /api/projects/{id}/settings/service-pages/preview/': {
    body: () => ({ enabled: true, services: 'all', unlisted: 'none' }),
    ok: 200,
  },
  'PUT /api/projects/{id}/sheet-link/': {
    // A public address written as one: linking it needs no name look-up.
    body: () => ({ url: 'https://93.184.215.14/areas.csv', schedule: 'daily' }),
    ok: 200,
  },
  'PUT /api/projects/{id}/city/{cityId}/facts/': {
    body: () => ({
      facts: [
        { name: 'Jobs completed', value: '142' },
        { name: 'Customer quote', value: '"Quick and tidy." — Maria G.' },
      ],
      photo: null,
      pageTitle: 'Plumbers in Austin',
      metaDescription: 'Licensed plumbers serving Austin since 1998.',
      services: ['Drain cleaning'],
    }),
    ok: 200,
  },
  'POST /api/projects/{id}/release/paused/': {
    // The fixture project is not staged: pausing a release it does not have is refused.
    body: () => ({ paused: true }),
    ok: 409,
  },
  'POST /api/projects/{id}/page/{pageId}/proposal/{versionId}/': {
    body: () => ({ use: 'current' }),
    ok: 200,
  },
  'POST /api/projects/{id}/city/{cityId}/proposal/{versionId}/': {
    body: () => ({ use: 'current' }),
    ok: 200,
  },
  'POST /api/projects/{id}/regenerate/': {
    // The owner's OpenRouter key reaches no provider: 502, after validation and ownership.
    body: (f) => ({
      html: fragment,
      prompt: 'Make it shorter.',
      is_service_page: false,
      save_history: false,
      page_id: f.homepage.id,
      model: 'openai/gpt-4o',
    }),
    ok: 502,
  },
  'PUT /api/workspaces/current/': { body: (f) => ({ workspaceId: f.workspaceId }), ok: 200 },
  'PATCH /api/workspaces/{id}/': { body: () => ({ name: 'Renamed Agency' }), ok: 200 },
  'PATCH /api/workspaces/{id}/members/{userId}/': { body: () => ({ role: 'editor' }), ok: 200 },
  'PATCH /api/workspaces/{id}/keys/': {
    body: () => ({
      openRouterApiKey: 'sk-or-v1-fuzz-key-0001',
      openAiApiKey: 'sk-fuzz-key-0002',
      netlifyAccessToken: '',
    }),
    ok: 200,
  },
  'POST /api/workspaces/{id}/invitations/': {
    body: () => ({ email: uniqueEmail('invitee'), role: 'editor' }),
    ok: 201,
  },
  'POST /api/workspaces/{id}/api-tokens/': { body: () => ({ name: 'Script' }), ok: 201 },
  'PUT /api/workspaces/{id}/branding/': {
    body: () => ({ name: 'Agency', logoUrl: null, accentColor: '#0f766e', showPoweredBy: true }),
    ok: 200,
  },
  'PUT /api/workspaces/{id}/notifications/': {
    body: () => ({ runFinished: true, deployFailed: true, syncWaiting: true, clientReview: true }),
    ok: 200,
  },
  'POST /api/projects/{id}/reviews/': {
    // The fixture's caller is the workspace's owner: only a client decides (403).
    body: (f) => ({ pageKind: 'page', pageId: f.homepage.id, decision: 'approved', comment: 'ok' }),
    ok: 403,
  },
};

// ── the route table ────────────────────────────────────────────────────────────────────────

const OPS = specOperations(t.app);
const WRITES = OPS.filter((op) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method));
const JSON_ROUTES = WRITES.filter((op) => op.jsonBody);
const BODYLESS = WRITES.filter((op) => !op.jsonBody && !EXCLUDED[op.key]);

/** Administration is for superusers; everything else is used by the fixture project's owner. */
const roleOf = (key: string) => (key.includes(' /api/admin/') ? 'superuser' : 'owner');

/** The fixture's value for each path parameter. */
const PARAMS: Record<string, (f: MatrixFixture, key: string) => string> = {
  id: (f, key) =>
    key.includes(' /api/admin/users/')
      ? f.bystander.user.id
      : key.includes(' /api/workspaces/')
        ? f.workspaceId
        : f.project.id,
  // A client of the workspace to share with; a viewer to re-role or remove.
  userId: (f, key) => (key.includes('/clients/') ? f.teamClient.user.id : f.teammate.user.id),
  // The fixture's page proposal waits beside the main page.
  pageId: (f, key) => (key.includes('/proposal/') ? f.mainPage.id : f.homepage.id),
  cityId: (f) => f.city.id,
  runId: (f) => f.sheetRun.id,
  tokenId: (f) => f.apiToken.id,
  invitationId: (f) => f.invitation.id,
  versionId: (f, key) => (key.includes('/city/') ? f.cityProposal.id : f.pageProposal.id),
  token: (f) => f.resetToken,
  planId: () => 'free',
};

function urlOf(op: SpecOperation, f: MatrixFixture): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = PARAMS[name];
    if (!value) throw new Error(`${op.key}: add a fixture value for {${name}} to PARAMS`);
    return value(f, op.key);
  });
}

const limitOf = (key: string) => BODY_LIMITS[key] ?? MAX_JSON_BODY_BYTES;

/** What a route that declares no body is sent around its bad bytes: it is never read. */
const IGNORED: Body = { note: 'read by no route' };

function casesFor(op: SpecOperation, base: Body): FuzzCase[] {
  const r = routeRng(SEED, op.key);
  const limit = limitOf(op.key);
  // The parser is the server's, shared by all routes: each route gets a seeded share of it.
  const syntaxPicks = op.jsonBody ? 10 : 6;
  const cases = [
    ...parserCases(r, base, limit, syntaxPicks),
    ...textCases(base, op.jsonBody !== null),
  ];
  if (op.jsonBody) {
    const longText = Object.fromEntries(
      Object.entries(LONG_TEXT)
        .filter(([k]) => k.startsWith(`${op.key} `))
        .map(([k, v]) => [k.slice(op.key.length + 1), v.answer]),
    );
    cases.push(...schemaCases(r, base, op.jsonBody, limit, { longText }));
  }
  return cases;
}

// ── judging an answer ──────────────────────────────────────────────────────────────────────

const STACK = /(?:\\n|\n)\s+at [^\n]*:\d+:\d+/;

/** The API's error shape (error-handler.ts): {message, errors?: {field: [messages]}, code?}. */
function shapeProblem(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return 'not a JSON object';
  const { message, errors, ...rest } = answer as Record<string, unknown>;
  const extra = Object.keys(rest).filter((k) => k !== 'code');
  if (extra.length > 0) return `unexpected keys ${extra.join(', ')}`;
  if (typeof message !== 'string' || message.trim().length === 0) return 'no message';
  if (message.length > 500) return `a ${message.length}-character message`;
  if (/internal server error/i.test(message) || STACK.test(message))
    return 'a server error message';
  if (errors === undefined) return null;
  if (!errors || typeof errors !== 'object') return 'errors is not an object';
  for (const [field, list] of Object.entries(errors)) {
    const ok =
      Array.isArray(list) && list.length > 0 && list.every((m) => typeof m === 'string' && m);
    if (!ok) return `errors.${field} is not a list of messages`;
  }
  return null;
}

/** Why an answer is wrong for a case, or null. */
function judge(c: FuzzCase, res: LightMyRequestResponse): string | null {
  const status = res.statusCode;
  const said = `${status} ${res.body.slice(0, 240)}`;
  if (status >= 500) return `server error: ${said}`;
  if (status < 400) return `accepted: ${said}`;
  const want = c.want.kind === 'refused' ? c.want.status : WANT_STATUS[c.want.kind];
  if (status !== want) return `expected ${want} (${c.want.kind}), got ${said}`;
  if (!String(res.headers['content-type']).startsWith('application/json'))
    return `answered ${String(res.headers['content-type'])}, not JSON: ${said}`;
  let answer: { message: string; errors?: Record<string, string[]> };
  try {
    answer = JSON.parse(res.body) as typeof answer;
  } catch {
    return `the answer is not JSON: ${said}`;
  }
  const problem = shapeProblem(answer);
  if (problem) return `${problem}: ${said}`;
  if (!WANT_MESSAGE[c.want.kind].test(answer.message))
    return `the message does not say ${c.want.kind}: ${said}`;
  if (c.want.kind === 'validation') {
    if (!answer.errors) return `no field errors: ${said}`;
    const { field } = c.want;
    const named = Object.keys(answer.errors).some((k) => k === field || k.startsWith(`${field}.`));
    if (field !== undefined && !named) return `the errors do not name ${field}: ${said}`;
  }
  return null;
}

type Request = Pick<FuzzCase, 'payload' | 'headers'>;
const send = (op: SpecOperation, f: MatrixFixture, c: Request) =>
  t.app.inject({
    method: op.method as InjectOptions['method'],
    url: urlOf(op, f),
    headers: { ...f.headers, ...c.headers },
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  });

// ── the inventory ──────────────────────────────────────────────────────────────────────────

describe('what is fuzzed comes from the OpenAPI document', () => {
  it('the JSON routes are those declaring a JSON body, and there are some', () => {
    expect(JSON_ROUTES.length).toBeGreaterThan(15);
    expect(BODYLESS.length).toBeGreaterThan(5);
  });

  it('every JSON route has a valid body, and every valid body names a JSON route', () => {
    const json = new Set(JSON_ROUTES.map((op) => op.key));
    expect(
      JSON_ROUTES.filter((op) => !VALID[op.key]).map(
        (op) => `add a valid body to VALID: ${op.key}`,
      ),
    ).toEqual([]);
    expect(Object.keys(VALID).filter((k) => !json.has(k))).toEqual([]);
  });

  it('every exclusion names a route that exists and declares no JSON body', () => {
    const stale = Object.keys(EXCLUDED).filter((key) => {
      const op = OPS.find((o) => o.key === key);
      return !op || op.jsonBody;
    });
    expect(stale.map((key) => `stale exclusion: ${key}`)).toEqual([]);
  });

  it('the routes with a body limit of their own, and the rate-limited ones, exist', () => {
    const keys = new Set(OPS.map((op) => op.key));
    const stale = [...Object.keys(BODY_LIMITS), ...Object.keys(PER_CALLER)].filter(
      (key) => !keys.has(key),
    );
    expect(stale).toEqual([]);
  });

  it('the schemas that drop unknown fields are exactly those listed in OPEN_BODIES', () => {
    const open = JSON_ROUTES.filter((op) => op.jsonBody!.additionalProperties !== false);
    expect(open.map((op) => op.key).sort()).toEqual(Object.keys(OPEN_BODIES).sort());
  });

  it('every field listed in LONG_TEXT exists and has no length bound', () => {
    const stale = Object.keys(LONG_TEXT).filter((entry) => {
      const op = JSON_ROUTES.find((o) => entry.startsWith(`${o.key} `));
      const field = op?.jsonBody!.properties?.[entry.slice(op.key.length + 1)];
      return !field || field.maxLength !== undefined || field.enum || field.format;
    });
    expect(stale).toEqual([]);
  });
});

// ── the fuzz ───────────────────────────────────────────────────────────────────────────────

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
let total = 0;

describe(`bad bodies (seed ${SEED})`, () => {
  for (const op of [...JSON_ROUTES, ...BODYLESS]) {
    const kind = op.jsonBody ? 'JSON body' : 'no body declared';
    it(`${op.key} (${kind}) refuses every bad body and changes nothing`, async () => {
      const first = await matrixFixture(t, roleOf(op.key));
      // A new route without a valid body is still fuzzed, from one sketched from its schema.
      const base = op.jsonBody ? (VALID[op.key]?.body(first) ?? sketchBody(op.jsonBody)) : IGNORED;
      const cases = casesFor(op, base);
      total += cases.length;
      const perCaller = PER_CALLER[op.key] ?? cases.length;
      const fixtures = [first];
      while (fixtures.length * perCaller < cases.length)
        fixtures.push(await matrixFixture(t, roleOf(op.key)));
      // A caller's first request of the day records their activity: done before the snapshot.
      for (const f of fixtures) await t.app.inject({ url: '/auth/me/', headers: f.headers });
      const before = await snapshotDatabase(t);

      const failures: string[] = [];
      for (const [i, c] of cases.entries()) {
        const res = await send(op, fixtures[Math.floor(i / perCaller)]!, c);
        const problem = judge(c, res);
        if (problem) failures.push(`${c.name} → ${problem}`);
      }
      // Both reported, so a partial change shows beside the answer that left it behind.
      expect.soft(failures, `${op.key}: ${failures.length} of ${cases.length} cases`).toEqual([]);
      const changed = snapshotDiff(before, await snapshotDatabase(t));
      expect.soft(changed, `${op.key} changed the database`).toBe('');
    });
  }
});

describe('after the fuzz', () => {
  it('sent the bodies it meant to', () => {
    expect(total).toBeGreaterThan(1500);
  });

  it('the server is healthy and answers a plain request', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const f = await matrixFixture(t, 'owner');
    const me = await t.app.inject({ url: '/auth/me/', headers: f.headers });
    expect(me.statusCode, me.body).toBe(200);
  });

  it('no body polluted Object.prototype', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

// ── the controls ───────────────────────────────────────────────────────────────────────────

/** Odd bodies some routes accept on purpose, each answered like the valid body. */
const ACCEPTED: Record<
  string,
  { name: string; payload?: string; headers?: Record<string, string> }[]
> = {
  // Logout works with the bearer alone: no body, or JSON null, is a plain logout.
  'POST /auth/logout/': [
    { name: 'no body at all', headers: {} },
    { name: 'null', payload: 'null' },
  ],
};

describe('the valid bodies the cases were made from are accepted', () => {
  for (const op of JSON_ROUTES) {
    const valid = VALID[op.key];
    if (!valid) continue; // reported by the inventory
    const variants: { name: string; make: (b: Body) => Request }[] = [
      {
        name: 'the valid body',
        make: (b) => ({
          payload: JSON.stringify(b),
          headers: { 'content-type': 'application/json' },
        }),
      },
      // RFC 8259 §8.1 lets a parser ignore a leading byte order mark; Fastify's does.
      {
        name: 'the valid body after a UTF-8 BOM',
        make: (b) => ({
          payload: `\uFEFF${JSON.stringify(b)}`,
          headers: { 'content-type': 'application/json' },
        }),
      },
      ...(OPEN_BODIES[op.key]
        ? [
            {
              name: `the valid body with unknown fields (dropped: ${OPEN_BODIES[op.key]})`,
              make: (b: Body) => ({
                payload: JSON.stringify({ ...b, unexpected: 1, isSuperuser: true }),
                headers: { 'content-type': 'application/json' },
              }),
            },
          ]
        : []),
      ...(ACCEPTED[op.key] ?? []).map((v) => ({
        name: v.name,
        make: () => ({
          payload: v.payload,
          headers: v.headers ?? { 'content-type': 'application/json' },
        }),
      })),
    ];
    for (const variant of variants)
      it(`${op.key}: ${variant.name} → ${valid.ok}`, async () => {
        const f = await matrixFixture(t, roleOf(op.key));
        const res = await send(op, f, variant.make(valid.body(f)));
        expect(res.statusCode, res.body.slice(0, 300)).toBe(valid.ok);
      });
  }
});
