import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROJECT_STATUS, type TCityFacts } from '@cityforge/shared';
import { cityFacts } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { cityIds, factsApi, factsOf, leanCities, leanOf } from './helpers/facts.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { spreadsheet, uploaded } from './helpers/locations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = factsApi(() => t);

/** A project whose two city pages are written, Austin with two facts from its sheet. */
async function writtenProject() {
  const user = await signedInUser(t, { plan: 'pro' });
  const project = await createProject(t, user.user.id);
  const { headers } = user;
  await uploaded(t, project.id, headers, [
    spreadsheet('csv', [
      ['City', 'State', 'ZIP', 'Jobs completed', 'Crew lead'],
      ['Austin', 'TX', '78701', '142', 'Ana'],
      ['Kyle', 'TX', '78640', '', ''],
    ]),
  ]);
  expect((await settled(t, project.id, headers)).status).toBe(PROJECT_STATUS.created);
  const ids = await cityIds(t, project.id, headers);
  return { user, project, headers, ids };
}

describe('GET and PUT /api/projects/:id/city/:cityId/facts/', () => {
  it("answers a place's facts, photo and overrides", async () => {
    const { project, headers, ids } = await writtenProject();
    expect(await factsOf(t, project.id, ids.Austin!, headers)).toEqual({
      facts: [
        { name: 'Jobs completed', value: '142' },
        { name: 'Crew lead', value: 'Ana' },
      ],
      photo: null,
      photoSrc: null,
      photoNote: null,
      pageTitle: null,
      metaDescription: null,
      services: null,
      changed: false,
    } satisfies TCityFacts);
  });

  it('replaces them (edit, remove, add, reorder) and marks the written page until it is rewritten', async () => {
    const { project, headers, ids } = await writtenProject();
    const res = await api.put(project.id, ids.Austin!, headers, {
      facts: [
        { name: 'Customer quote', value: '  "Spotless work."\n - Maria G. ' },
        { name: 'Jobs completed', value: '150' },
      ],
      photo: null,
      services: ['Drain cleaning', 'Water heaters'],
      pageTitle: 'Austin plumbers',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      facts: [
        // Cleaned as a sheet's cell is, so the export and the page read it the same.
        { name: 'Customer quote', value: '"Spotless work." - Maria G.' },
        { name: 'Jobs completed', value: '150' },
      ],
      services: ['Drain cleaning', 'Water heaters'],
      pageTitle: 'Austin plumbers',
      metaDescription: null,
      changed: true,
    });
    const lean = await leanOf(t, project.id, headers);
    expect(lean.factsChangedCities).toBe(1);
    expect(leanCities(lean).Austin).toMatchObject({ factCount: 2, factsChanged: true });
    expect(leanCities(lean).Kyle).toMatchObject({ factCount: 0, factsChanged: false });

    // Sending back what was read changes nothing and marks nothing.
    const kyle = await factsOf(t, project.id, ids.Kyle!, headers);
    const echo = await api.put(project.id, ids.Kyle!, headers, kyle);
    expect(echo.statusCode, echo.body).toBe(200);
    expect((await factsOf(t, project.id, ids.Kyle!, headers)).changed).toBe(false);

    // A fact removed through the panel is gone; an empty list removes them all.
    const cleared = await api.put(project.id, ids.Austin!, headers, { facts: [], photo: '' });
    expect(cleared.json()).toMatchObject({ facts: [], pageTitle: 'Austin plumbers' });
    expect((await leanOf(t, project.id, headers)).citiesWithFacts).toBe(0);
  });

  it('refuses what cannot be stored with 400 naming the field', async () => {
    const { project, headers, ids } = await writtenProject();
    const cases: Array<[object, string, RegExp]> = [
      [{ photo: null }, 'facts', /./],
      [{ facts: [{ name: ' ', value: '1' }], photo: null }, 'facts.0.name', /needs a name/],
      [{ facts: [{ name: 'Jobs', value: '' }], photo: null }, 'facts.0.value', /value/],
      [
        { facts: [{ name: 'Quote', value: 'x'.repeat(2001) }], photo: null },
        'facts.0.value',
        /2,000 characters/,
      ],
      [
        { facts: [{ name: 'x'.repeat(101), value: '1' }], photo: null },
        'facts.0.name',
        /100 characters/,
      ],
      [
        {
          facts: [
            { name: 'Jobs completed', value: '1' },
            { name: 'jobs-completed', value: '2' },
          ],
          photo: null,
        },
        'facts.1.name',
        /Two facts are named "jobs-completed"/,
      ],
      [
        { facts: [{ name: 'Page URL', value: '/x' }], photo: null },
        'facts.0.name',
        /column of its own/,
      ],
      [{ facts: [], photo: 'http://photos.example/a.jpg' }, 'photo', /https:\/\//],
      [{ facts: [], photo: 'https://10.1.2.3/a.jpg' }, 'photo', /not a public address/],
      [{ facts: [], photo: 'https://localhost/a.jpg' }, 'photo', /non-public address/],
      [{ facts: [], photo: null, services: ['x'.repeat(101)] }, 'services.0', /too long/],
      [{ facts: [], photo: null, services: ['Heating, cooling'] }, 'services.0', /comma/],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.put(project.id, ids.Austin!, headers, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const errors = (res.json() as { errors: Record<string, string[]> }).errors;
      expect(Object.keys(errors), res.body).toContain(field);
      expect(errors[field]!.join(' ')).toMatch(message);
    }
    // Nothing of it was stored.
    expect((await factsOf(t, project.id, ids.Austin!, headers)).facts).toHaveLength(2);
  });

  it("answers 404 for another user's place and 400 for a malformed id", async () => {
    const { project, ids } = await writtenProject();
    const stranger = await signedInUser(t);
    const own = await createProject(t, stranger.user.id);
    for (const call of [
      () => api.get(project.id, ids.Austin!, stranger.headers),
      () => api.put(project.id, ids.Austin!, stranger.headers, { facts: [], photo: null }),
      // A place of another project, under the stranger's own project.
      () => api.get(own.id, ids.Austin!, stranger.headers),
    ])
      expect((await call()).statusCode).toBe(404);
    expect((await api.get(project.id, ids.Austin!, {})).statusCode).toBe(401);

    const bad = await api.get(project.id, 'not-a-uuid', stranger.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { cityId: ['Not a valid city id'] } });
    const badProject = await api.put('nope', ids.Austin!, stranger.headers, {
      facts: [],
      photo: null,
    });
    expect(badProject.statusCode).toBe(400);
    expect(badProject.json()).toMatchObject({ errors: { id: ['Not a valid project id'] } });
  });

  it('goes with its place and its project', async () => {
    const { project, headers, ids } = await writtenProject();
    const factRows = () =>
      t.ctx.db.select().from(cityFacts).where(eq(cityFacts.projectId, project.id));
    expect(await factRows()).toHaveLength(2);
    const del = (url: string) => t.app.inject({ method: 'DELETE', url, headers });
    expect((await del(`/api/projects/${project.id}/city/${ids.Austin!}/`)).statusCode).toBe(200);
    expect(await factRows()).toEqual([]);
    await api.put(project.id, ids.Kyle!, headers, {
      facts: [{ name: 'Crew lead', value: 'Sam' }],
      photo: null,
    });
    expect(await factRows()).toHaveLength(1);
    expect((await del(`/api/projects/${project.id}/delete/`)).statusCode).toBe(200);
    expect(await factRows()).toEqual([]);
  });
});
