import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZProjectMap } from '@cityforge/shared';
import { cities } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { http } from './helpers/http.ts';
import { addCity, createProject, signedInUser } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get } = http(() => t);

const place = (id: string, values: Partial<typeof cities.$inferInsert>) =>
  t.ctx.db.update(cities).set(values).where(eq(cities.id, id));

/** Five cities, one of each kind of mark, and one the upload could not place. */
async function fiveCities(userId: string) {
  const p = await createProject(t, userId);
  const tx = { state: 'TX', stateName: 'Texas' };
  const austin = await addCity(t, p.id, { ...tx, name: 'Austin', county: 'Travis County' });
  const pf = await addCity(t, p.id, { ...tx, name: 'Pflugerville', county: 'Travis County' });
  const rr = await addCity(t, p.id, { ...tx, name: 'Round Rock', county: 'Williamson County' });
  const miami = await addCity(t, p.id, {
    name: 'Miami',
    county: 'Miami-Dade County',
    state: 'FL',
    stateName: 'Florida',
    status: 'queued',
  });
  const nowhere = await addCity(t, p.id, { ...tx, name: 'Nowhere', county: 'Travis County' });
  // Austin passes the gate; Round Rock's 120 words fall below its 300: held back.
  const scores = { similarity: 0.1, localShare: 0.3 };
  await place(austin.city.id, {
    latitude: 30.2671534,
    longitude: -97.7430608,
    ...scores,
    wordCount: 700,
  });
  await place(rr.city.id, {
    latitude: 30.5082551,
    longitude: -97.678896,
    ...scores,
    wordCount: 120,
  });
  await place(pf.city.id, {
    latitude: 30.4393696,
    longitude: -97.6200043,
    status: 'Failed',
    failedAt: new Date(),
    failureReason: 'Timed out',
  });
  await place(miami.city.id, { latitude: 25.7616798, longitude: -80.1917902 });
  return { p, austin, pf, rr, miami, nowhere };
}

describe('GET /api/projects/:id/map/', () => {
  it('answers every city as a tuple with rounded coordinates and its mark, and the places used', async () => {
    const u = await signedInUser(t);
    const { p, austin, pf, rr, miami, nowhere } = await fiveCities(u.user.id);
    const res = await get(`/api/projects/${p.id}/map/`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(ZProjectMap.safeParse(data).success).toBe(true);
    expect(data).toEqual({
      cities: [
        [austin.city.id, 'Austin', 'TX', 30.2672, -97.7431, 'completed'],
        [miami.city.id, 'Miami', 'FL', 25.7617, -80.1918, 'queued'],
        [nowhere.city.id, 'Nowhere', 'TX', null, null, 'completed'],
        [pf.city.id, 'Pflugerville', 'TX', 30.4394, -97.62, 'failed'],
        [rr.city.id, 'Round Rock', 'TX', 30.5083, -97.6789, 'held'],
      ],
      states: [
        ['FL', 'Florida'],
        ['TX', 'Texas'],
      ],
      counties: [
        ['FL', 'Miami-Dade County'],
        ['TX', 'Travis County'],
        ['TX', 'Williamson County'],
      ],
    });
  });

  it('shows a held page as completed once approved, and every page as completed with the gate off', async () => {
    const u = await signedInUser(t);
    const { p, rr } = await fiveCities(u.user.id);
    const markOf = async (id: string) => {
      const res = await get(`/api/projects/${p.id}/map/`, u.headers);
      const rows = res.json().data.cities as [string, string, string, number, number, string][];
      return rows.find((row) => row[0] === id)?.[5];
    };
    expect(await markOf(rr.city.id)).toBe('held');
    await place(rr.city.id, { approvedAt: new Date() });
    expect(await markOf(rr.city.id)).toBe('completed');
    await place(rr.city.id, { approvedAt: null });
    await t.ctx.repos.projectsRepo.update(p.id, { qualityGate: false });
    expect(await markOf(rr.city.id)).toBe('completed');
  });

  it('answers an empty map for a project without cities', async () => {
    const u = await signedInUser(t);
    const p = await createProject(t, u.user.id);
    const res = await get(`/api/projects/${p.id}/map/`, u.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ cities: [], states: [], counties: [] });
  });

  it('answers 404 for another user’s project or a missing one, 401 signed out', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const { p } = await fiveCities(owner.user.id);
    const theirs = await get(`/api/projects/${p.id}/map/`, other.headers);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Austin');
    const missing = await get(
      `/api/projects/00000000-0000-4000-8000-000000000000/map/`,
      owner.headers,
    );
    expect(missing.statusCode).toBe(404);
    const signedOut = await get(`/api/projects/${p.id}/map/`, {});
    expect(signedOut.statusCode).toBe(401);
  });
});
