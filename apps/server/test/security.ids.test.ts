import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { multipartForm, spreadsheet } from './helpers/locations.ts';
import { routerRoutes, specOperations } from './helpers/openapi.ts';

/**
 * A garbage id anywhere a route takes one — its path, its query, its JSON body — is a 400 that
 * names the field, never a 500 and never a query run with it. The routes come from the server's
 * own route table (the router, for paths; the OpenAPI document, for query and body fields), so a
 * new route or field is walked without anyone listing it.
 */

let t: TestApp;
let superuser: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp({
    NETLIFY_API_URL: 'http://127.0.0.1:9/api/v1',
    DNS_SERVERS: '127.0.0.1:9',
  });
  // A superuser passes every route's access check, so what answers is the contract.
  superuser = await signedInUser(t, { superuser: true, plan: 'pro' });
});
afterAll(() => t.close());

const GARBAGE = 'zzz';
const WELL_FORMED = '00000000-0000-4000-8000-000000000000';
/** Fields named as ids. Plans are named ("free", "pro"), not numbered: `planId` is a name. */
const isIdName = (name: string) =>
  name !== 'planId' && (name === 'id' || name === 'project' || /(Id|_id)$/.test(name));
const NOT_AN_ID = /^Not a valid \w+ id$/;

type Case = { label: string; field: string; options: InjectOptions };

const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
const fill = (path: string, garbage?: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === garbage ? GARBAGE : isIdName(name) ? WELL_FORMED : 'x',
  );

function cases(): Case[] {
  const out: Case[] = [];
  const headers = () => superuser.headers;
  for (const key of routerRoutes(t.app)) {
    const [method, path] = key.split(' ') as [string, string];
    if (method === 'HEAD') continue;
    for (const name of pathParams(path).filter(isIdName))
      out.push({
        label: `${key} with ${name}=${GARBAGE}`,
        field: name,
        options: {
          method: method as InjectOptions['method'],
          url: fill(path, name),
          headers: headers(),
        },
      });
  }
  for (const op of specOperations(t.app)) {
    const method = op.method as InjectOptions['method'];
    for (const name of op.query.filter(isIdName))
      out.push({
        label: `${op.key} with ?${name}=${GARBAGE}`,
        field: name,
        options: { method, url: `${fill(op.path)}?${name}=${GARBAGE}`, headers: headers() },
      });
    for (const name of Object.keys(op.jsonBody?.properties ?? {}).filter(isIdName))
      out.push({
        label: `${op.key} with a body's ${name}=${GARBAGE}`,
        field: name,
        options: { method, url: fill(op.path), headers: headers(), payload: { [name]: GARBAGE } },
      });
  }
  return out;
}

describe('a garbage id', () => {
  it('is refused with a 400 naming the field on every route that takes one', async () => {
    const all = cases();
    // The route table really was walked: paths, query fields and body fields.
    expect(all.length).toBeGreaterThan(60);
    expect(all.some((c) => c.label.includes('?user_id='))).toBe(true);
    expect(all.some((c) => c.label.includes("body's version_id"))).toBe(true);
    expect(all.some((c) => c.label.startsWith('GET /api/projects/{id}/events '))).toBe(true);
    const wrong: string[] = [];
    for (const c of all) {
      const res = await t.app.inject(c.options);
      const errors = (res.json() as { errors?: Record<string, string[]> }).errors ?? {};
      if (res.statusCode !== 400 || !NOT_AN_ID.test(errors[c.field]?.[0] ?? ''))
        wrong.push(`${c.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("in a superuser's project list filter is a 400, not a 500", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/?user_id=${GARBAGE}`,
      headers: superuser.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Not a valid user id',
      errors: { user_id: ['Not a valid user id'] },
    });
  });

  it('in the upload form names the project field', async () => {
    const csv = spreadsheet('csv', [
      ['City', 'State', 'County', 'ZIP'],
      ['Round Rock', 'TX', 'Williamson', '78664'],
    ]);
    const form = await multipartForm({ project: GARBAGE }, [csv]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/',
      payload: form.payload,
      headers: { ...superuser.headers, ...form.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ project: ['Not a valid project id'] });
  });
});

describe('a well-formed id', () => {
  it("of another user's project is a 404, as a missing one", async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const project = await createProject(t, owner.user.id);
    for (const id of [project.id, WELL_FORMED]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${id}/`,
        headers: stranger.headers,
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
