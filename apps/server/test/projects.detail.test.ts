import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '@cityforge/shared';
import {
  aiUsage,
  cities,
  locationCounties,
  locationStates,
  pages,
} from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { http } from './helpers/http.ts';
import { addCity, addPage, createProject, signedInUser } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get, post, del } = http(() => t);

describe('project detail', () => {
  it('answers pages (homepage first), service pages and the state › county › city tree with counts', async () => {
    const u = await signedInUser(t);
    const p = await createProject(t, u.user.id);
    await addPage(t, p.id, { name: 'About Us', slug: 'about-us', sortOrder: 1 });
    await addPage(t, p.id, { kind: 'homepage', name: 'Homepage', slug: 'homepage', sortOrder: 0 });
    await addPage(t, p.id, { kind: 'service', name: 'Drain Cleaning', slug: 'drain-cleaning' });
    const failedAt = new Date('2026-03-01T10:00:00Z');
    await addPage(t, p.id, {
      name: 'Pricing',
      slug: 'pricing',
      status: 'failed',
      failedAt,
      failureReason: 'OpenRouter rejected the API key',
      sortOrder: 2,
    });
    await addCity(t, p.id, {
      name: 'Austin',
      county: 'Travis',
      state: 'TX',
      stateName: 'Texas',
      zips: ['78701'],
    });
    await addCity(t, p.id, {
      name: 'Pflugerville',
      county: 'Travis',
      state: 'TX',
      stateName: 'Texas',
      status: 'queued',
    });
    await addCity(t, p.id, {
      name: 'Miami',
      county: 'Miami-Dade',
      state: 'FL',
      stateName: 'Florida',
      status: 'In Progress',
    });

    const d = (await get(`/api/projects/${p.id}/detail/`, u.headers)).json().data;
    expect(d.pages.map((x: { slug: string }) => x.slug)).toEqual([
      'homepage',
      'about-us',
      'pricing',
    ]);
    expect(d.pages[2]).toMatchObject({
      status: 'failed',
      failedAt: failedAt.toISOString(),
      failureReason: 'OpenRouter rejected the API key',
      model: { id: 'offline-draft', name: 'Offline draft' },
    });
    expect(d.servicePages.map((x: { name: string }) => x.name)).toEqual(['Drain Cleaning']);
    expect(d.totalCities).toBe(3);
    expect(d.totalCityPages).toBe(3);
    expect(d.queuedCities).toBe(2);
    expect(d.states.map((s: { name: string }) => s.name)).toEqual(['Florida', 'Texas']);
    const texas = d.states[1];
    expect(texas.counties[0].name).toBe('Travis');
    expect(texas.counties[0].cities.map((c: { name: string }) => c.name)).toEqual([
      'Austin',
      'Pflugerville',
    ]);
    expect(texas.counties[0].cities[0].zips).toEqual(['78701']);
    expect(d.states[0].counties[0].cities[0].status).toBe('In progress');
    const list = (await get('/api/projects/', u.headers)).json();
    expect(list.results[0].totalCityPages).toBe(3);
  });

  it('shows AI usage to superusers only', async () => {
    const owner = await signedInUser(t);
    const admin = await signedInUser(t, { superuser: true });
    const p = await createProject(t, owner.user.id);
    const page = await addPage(t, p.id, { kind: 'homepage', name: 'Homepage', slug: 'homepage' });
    await t.ctx.db.insert(aiUsage).values([
      {
        userId: owner.user.id,
        projectId: p.id,
        pageId: page.id,
        model: 'offline-draft',
        callType: 'page',
        promptTokens: 100,
        completionTokens: 50,
        totalTokens: 150,
      },
      {
        userId: owner.user.id,
        projectId: p.id,
        pageId: page.id,
        model: 'offline-draft',
        callType: 'page',
        promptTokens: 10,
        completionTokens: 5,
        totalTokens: 15,
      },
    ]);
    const mine = (await get(`/api/projects/${p.id}/detail/`, owner.headers)).json().data;
    expect(mine.usage).toEqual([]);
    expect(mine.pages[0].usage).toEqual([]);
    const seen = (await get(`/api/projects/${p.id}/detail/`, admin.headers)).json().data;
    expect(seen.usage).toHaveLength(2);
    expect(seen.pages[0].usage).toHaveLength(2);
    const card = (await get(`/api/projects/?user_id=${owner.user.id}`, admin.headers)).json()
      .results[0];
    expect(card.usage).toEqual([
      expect.objectContaining({
        promptTokens: 110,
        completionTokens: 55,
        totalTokens: 165,
        callType: 'page',
      }),
    ]);
  });
});

describe('settings, menu and domain', () => {
  it('round-trips settings; a new domain must be verified again', async () => {
    const u = await signedInUser(t);
    const p = await createProject(t, u.user.id, {
      clientDomain: 'old.com',
      isDomainVerified: true,
    });
    const before = (await get(`/api/projects/${p.id}/settings/`, u.headers)).json().data;
    // The base fields; the search and spending settings are tested with their features.
    expect(before).toMatchObject({
      metaTags: '',
      trackingCodeHead: '',
      trackingCodeBody: '',
      email: '',
      clientDomain: 'old.com',
      contactPhoneNumber: '',
    });
    const payload = {
      metaTags: '{city} plumbers in {state_name}',
      trackingCodeHead:
        '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>',
      trackingCodeBody: '<noscript>x</noscript>',
      email: 'team@new.com',
      clientDomain: 'New.com',
      contactPhoneNumber: '512-555-0101',
    };
    const saved = await post(`/api/projects/${p.id}/settings/`, u.headers, payload);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(MSG.settingsUpdated);
    const after = (await get(`/api/projects/${p.id}/settings/`, u.headers)).json().data;
    expect(after).toMatchObject({ ...payload, clientDomain: 'new.com' });
    expect(after.qualityGate).toEqual(before.qualityGate);
    expect((await get(`/api/projects/${p.id}/`, u.headers)).json().data.isDomainVerified).toBe(
      false,
    );

    const bad = await post(`/api/projects/${p.id}/settings/`, u.headers, {
      clientDomain: 'www.new.com',
      email: 'bad',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      clientDomain: [MSG.domainNoWww],
      email: [MSG.emailInvalid],
    });
    expect((await get(`/api/projects/${p.id}/settings/`, u.headers)).json().data).toEqual(after);
  });

  it('round-trips the navigation menu and refuses unknown items', async () => {
    const u = await signedInUser(t);
    const p = await createProject(t, u.user.id);
    const res = await post(`/api/projects/${p.id}/update-header-links/`, u.headers, {
      visible_links: ['Home', 'FAQ'],
    });
    expect(res.statusCode).toBe(200);
    const shown = (links: { name: string; show: boolean }[]) =>
      links.filter((l) => l.show).map((l) => l.name);
    expect(shown(res.json().data)).toEqual(['Home', 'FAQ']);
    const d = (await get(`/api/projects/${p.id}/detail/`, u.headers)).json().data;
    expect(shown(d.headerLinks)).toEqual(['Home', 'FAQ']);
    const unknown = await post(`/api/projects/${p.id}/update-header-links/`, u.headers, {
      visible_links: ['Blog'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.visible_links[0]).toContain('Blog');
  });

  it('sets the domain with the spec rules', async () => {
    const u = await signedInUser(t);
    const p = await createProject(t, u.user.id);
    const empty = await post(`/api/projects/${p.id}/domain/`, u.headers, { clientDomain: '   ' });
    expect(empty.json().errors.clientDomain).toEqual([MSG.domainRequired]);
    const ok = await post(`/api/projects/${p.id}/domain/`, u.headers, {
      clientDomain: 'Plumbers.Example.com',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      message: MSG.domainUpdated,
      data: { clientDomain: 'plumbers.example.com', isDomainVerified: false },
    });
  });
});

describe('deleting', () => {
  it('deletes a page but never the homepage', async () => {
    const u = await signedInUser(t);
    const p = await createProject(t, u.user.id);
    const home = await addPage(t, p.id, { kind: 'homepage', name: 'Homepage', slug: 'homepage' });
    const about = await addPage(t, p.id);
    const refused = await del(`/api/projects/${p.id}/page/${home.id}/`, u.headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: MSG.homepageNotDeletable });
    const ok = await del(`/api/projects/${p.id}/page/${about.id}/`, u.headers);
    expect(ok.json()).toEqual({ message: MSG.pageDeleted });
    expect((await del(`/api/projects/${p.id}/page/${about.id}/`, u.headers)).statusCode).toBe(404);
  });

  it('deletes a city and prunes a county and state left empty', async () => {
    const u = await signedInUser(t);
    const p = await createProject(t, u.user.id);
    const { city: austin } = await addCity(t, p.id, {
      name: 'Austin',
      county: 'Travis',
      state: 'TX',
      stateName: 'Texas',
    });
    const { city: miami } = await addCity(t, p.id, {
      name: 'Miami',
      county: 'Miami-Dade',
      state: 'FL',
      stateName: 'Florida',
    });
    await addCity(t, p.id, {
      name: 'Pflugerville',
      county: 'Travis',
      state: 'TX',
      stateName: 'Texas',
    });
    expect((await del(`/api/projects/${p.id}/city/${austin.id}/`, u.headers)).json()).toEqual({
      message: MSG.cityDeleted,
    });
    expect((await del(`/api/projects/${p.id}/city/${miami.id}/`, u.headers)).statusCode).toBe(200);
    const d = (await get(`/api/projects/${p.id}/detail/`, u.headers)).json().data;
    expect(d.states.map((s: { name: string }) => s.name)).toEqual(['Texas']);
    expect(d.states[0].counties[0].cities.map((c: { name: string }) => c.name)).toEqual([
      'Pflugerville',
    ]);
  });

  it('deleting a project removes its pages, cities, locations and usage', async () => {
    const u = await signedInUser(t);
    const p = await createProject(t, u.user.id);
    await addPage(t, p.id);
    await addCity(t, p.id, { name: 'Austin', county: 'Travis', state: 'TX', stateName: 'Texas' });
    await t.ctx.db
      .insert(aiUsage)
      .values({ userId: u.user.id, projectId: p.id, model: 'm', callType: 'page', totalTokens: 1 });
    const res = await del(`/api/projects/${p.id}/delete/`, u.headers);
    expect(res.json()).toEqual({ message: MSG.projectDeleted });
    expect((await get(`/api/projects/${p.id}/`, u.headers)).statusCode).toBe(404);
    const n = async (
      table:
        | typeof pages
        | typeof cities
        | typeof locationStates
        | typeof locationCounties
        | typeof aiUsage,
    ) => (await t.ctx.db.select({ n: count() }).from(table).where(eq(table.projectId, p.id)))[0]!.n;
    for (const table of [pages, cities, locationStates, locationCounties, aiUsage])
      expect(await n(table)).toBe(0);
  });
});
