import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_ID, MSG } from '@cityforge/shared';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { http } from './helpers/http.ts';
import { addCity, addPage, createProject, signedInUser } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get, post } = http(() => t);

async function userWithKey() {
  const u = await signedInUser(t, { plan: 'free' });
  await t.app.inject({
    method: 'PATCH',
    url: '/auth/me/',
    headers: u.headers,
    payload: { userOpenRouterApiKey: 'sk-or-v1-test-key-123456' },
  });
  return u;
}

describe('creating projects', () => {
  it('creates a project with the spec fields and default model and menu', async () => {
    const u = await userWithKey();
    const res = await post('/api/projects/create/', u.headers, {
      name: 'Acme Plumbing',
      serviceType: 'Plumbing',
      prompt: 'Friendly, family-run plumbers.',
      contactPhoneNumber: '+1 (512) 555-0100',
      email: 'hello@acme.test',
      clientDomain: '  Acme-Plumbing.com ',
      createServicePages: true,
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      name: 'Acme Plumbing',
      serviceType: 'Plumbing',
      model: DEFAULT_MODEL_ID,
      clientDomain: 'acme-plumbing.com',
      isDomainVerified: false,
      createServicePages: true,
      // Generation starts at once: the pages are queued as jobs.
      status: 'In progress',
      totalCityPages: 0,
      netlifySiteUrl: null,
      netlifySiteUrlHistory: '',
      netlifyUrls: [],
      hasSiteMap: false,
      usage: [],
      prompt: '',
    });
    // The creation's answer is the project as the list shows it (made without its queries).
    const listed = (await get('/api/projects/', u.headers)).json();
    const item = listed.results.find((p: { id: string }) => p.id === data.id);
    expect(Object.keys(data).sort()).toEqual(Object.keys(item).sort());
    expect({ ...data, status: item.status, updatedAt: item.updatedAt }).toEqual(item);
    const detail = (await get(`/api/projects/${data.id}/detail/`, u.headers)).json().data;
    expect(detail.userPrompt).toBe('Friendly, family-run plumbers.');
    expect(detail.pages.map((p: { slug: string }) => p.slug)).toEqual([
      'homepage',
      'about-us',
      'services',
      'contact-us',
    ]);
    expect(detail.headerLinks.map((l: { name: string }) => l.name)).toEqual([
      'Home',
      'Services',
      'About',
      'Service Areas',
      'FAQ',
      'Contact',
    ]);
  });

  it.each([
    [{ serviceType: 'x' }, 'name', MSG.projectNameRequired],
    [{ name: '   ', serviceType: 'x' }, 'name', MSG.projectNameRequired],
    [{ name: 'x' }, 'serviceType', MSG.serviceTypeRequired],
    [{ name: 'x', serviceType: 'x', model: '' }, 'model', MSG.modelRequired],
    [{ name: 'x', serviceType: 'x', model: 'made/up' }, 'model', MSG.unknownModel],
    [
      { name: 'x', serviceType: 'x', clientDomain: 'www.acme.com' },
      'clientDomain',
      MSG.domainNoWww,
    ],
    [
      { name: 'x', serviceType: 'x', clientDomain: 'https://acme.com' },
      'clientDomain',
      MSG.domainNoProtocol,
    ],
    [{ name: 'x', serviceType: 'x', clientDomain: 'acme' }, 'clientDomain', MSG.domainInvalid],
    [{ name: 'x', serviceType: 'x', email: 'nope' }, 'email', MSG.emailInvalid],
    [
      { name: 'x', serviceType: 'x', contactPhoneNumber: 'call me' },
      'contactPhoneNumber',
      MSG.phoneInvalid,
    ],
  ])('refuses %j with the message on %s and creates nothing', async (payload, field, message) => {
    const u = await userWithKey();
    const res = await post('/api/projects/create/', u.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
    expect((await get('/api/projects/', u.headers)).json().count).toBe(0);
  });

  it('requires an OpenAI or OpenRouter key unless the user is a superuser', async () => {
    const u = await signedInUser(t, { plan: 'free' });
    const refused = await post('/api/projects/create/', u.headers, { name: 'x', serviceType: 'y' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MSG.apiKeysRequired });

    const admin = await signedInUser(t, { superuser: true, adminBypass: true });
    const offline = await post('/api/projects/create/', admin.headers, {
      name: 'x',
      serviceType: 'y',
      model: 'offline-draft',
    });
    expect(offline.statusCode).toBe(201);
    // A superuser without server keys cannot pick a provider model.
    const claude = await post('/api/projects/create/', admin.headers, {
      name: 'x',
      serviceType: 'y',
    });
    expect(claude.statusCode).toBe(400);
    expect(claude.json().errors.model[0]).toMatch(/Add your OpenRouter API key/);
  });

  it('lists models with their availability for the caller', async () => {
    const u = await userWithKey();
    const models = (await get('/api/ai-models/', u.headers)).json() as {
      id: string;
      name: string;
      provider: string;
      available: boolean;
    }[];
    const byId = Object.fromEntries(models.map((m) => [m.id, m]));
    expect(byId['offline-draft']).toMatchObject({ name: 'Offline draft', available: true });
    expect(byId[DEFAULT_MODEL_ID]).toMatchObject({ provider: 'openrouter', available: true });
    expect(byId['gpt-4o']).toMatchObject({ provider: 'openai', available: false });
  });
});

describe('listing', () => {
  it('pages 25 projects by 10 with next and previous links, newest first', async () => {
    const u = await signedInUser(t);
    for (let i = 0; i < 25; i++) {
      await createProject(t, u.user.id, {
        name: `Paged ${String(i).padStart(2, '0')}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    const p1 = (await get('/api/projects/', u.headers)).json();
    expect(p1.count).toBe(25);
    expect(p1.results).toHaveLength(10);
    expect(p1.results[0].name).toBe('Paged 24');
    expect(p1.previous).toBeNull();
    expect(p1.next).toBe('/api/projects/?page=2');
    const p3 = (await get('/api/projects/?page=3', u.headers)).json();
    expect(p3.results.map((p: { name: string }) => p.name)).toEqual([
      'Paged 04',
      'Paged 03',
      'Paged 02',
      'Paged 01',
      'Paged 00',
    ]);
    expect(p3.next).toBeNull();
    expect(p3.previous).toBe('/api/projects/?page=2');
  });

  it('searches name, service type and client domain, case-insensitively, and escapes wildcards', async () => {
    const u = await signedInUser(t);
    await createProject(t, u.user.id, { name: 'Austin Roofers', serviceType: 'Roofing' });
    await createProject(t, u.user.id, { name: 'Dallas Pros', serviceType: 'HVAC Repair' });
    await createProject(t, u.user.id, { name: 'Houston', clientDomain: 'houston-movers.com' });
    await createProject(t, u.user.id, { name: '100% Clean' });
    const names = async (q: string) =>
      (await get(`/api/projects/?query=${encodeURIComponent(q)}`, u.headers))
        .json()
        .results.map((p: { name: string }) => p.name);
    expect(await names('austin')).toEqual(['Austin Roofers']);
    expect(await names('hvac')).toEqual(['Dallas Pros']);
    expect(await names('MOVERS')).toEqual(['Houston']);
    expect(await names('%')).toEqual(['100% Clean']);
    const q = (await get('/api/projects/?query=roof&page=1', u.headers)).json();
    expect(q.count).toBe(1);
  });

  it("answers user_id for the caller's own id, refuses another's unless a superuser asks", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const admin = await signedInUser(t, { superuser: true });
    await createProject(t, a.user.id, { name: 'A only' });
    await createProject(t, b.user.id, { name: 'B only' });
    const names = (res: { json(): { results: { name: string }[] } }) =>
      res.json().results.map((p) => p.name);
    expect(names(await get(`/api/projects/?user_id=${a.user.id}`, a.headers))).toEqual(['A only']);
    for (const other of [b.user.id, 'all', 'not-a-user']) {
      const refused = await get(`/api/projects/?user_id=${other}`, a.headers);
      // A malformed id is refused by the contract before anyone's projects are looked at.
      expect(refused.statusCode, other).toBe(other === 'not-a-user' ? 400 : 403);
      expect(refused.body).not.toContain('B only');
    }
    expect(names(await get(`/api/projects/?user_id=${b.user.id}`, admin.headers))).toEqual([
      'B only',
    ]);
    const all = names(await get('/api/projects/?user_id=all', admin.headers));
    expect(all).toEqual(expect.arrayContaining(['A only', 'B only']));
  });

  it('lists every hosting address as netlifyUrls, the current one first', async () => {
    const u = await signedInUser(t);
    await createProject(t, u.user.id, {
      name: 'Hosted',
      netlifySiteUrl: 'https://now.netlify.app',
      netlifySiteUrlHistory: [
        'https://first.netlify.app',
        'https://now.netlify.app',
        'https://second.netlify.app/',
        'https://SECOND.netlify.app',
      ],
    });
    await createProject(t, u.user.id, { name: 'Never published' });
    const { results } = (await get('/api/projects/', u.headers)).json();
    const byName = Object.fromEntries(
      results.map((p: { name: string; netlifyUrls: string[] }) => [p.name, p.netlifyUrls]),
    );
    expect(byName.Hosted).toEqual([
      'https://now.netlify.app',
      'https://SECOND.netlify.app',
      'https://first.netlify.app',
    ]);
    expect(byName['Never published']).toEqual([]);
  });
});

describe('ownership', () => {
  it("answers 404 for another user's project on every route, changing nothing", async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const project = await createProject(t, owner.user.id, { clientDomain: 'owner.com' });
    const page = await addPage(t, project.id);
    const { city } = await addCity(t, project.id, {
      name: 'Austin',
      county: 'Travis',
      state: 'TX',
      stateName: 'Texas',
    });
    const id = project.id;
    const calls: [string, string, object?][] = [
      ['GET', `/api/projects/${id}/`],
      ['GET', `/api/projects/${id}/detail/`],
      ['DELETE', `/api/projects/${id}/delete/`],
      ['GET', `/api/projects/${id}/settings/`],
      ['POST', `/api/projects/${id}/settings/`, { email: 'x@y.co' }],
      ['POST', `/api/projects/${id}/update-header-links/`, { visible_links: [] }],
      ['POST', `/api/projects/${id}/domain/`, { clientDomain: 'stolen.com' }],
      ['DELETE', `/api/projects/${id}/page/${page.id}/`],
      ['DELETE', `/api/projects/${id}/city/${city.id}/`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: other.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(MSG.projectNotFoundTitle);
    }
    const still = (await get(`/api/projects/${id}/detail/`, owner.headers)).json().data;
    expect(still).toMatchObject({
      clientDomain: 'owner.com',
      totalCities: 1,
      pages: [expect.objectContaining({ id: page.id })],
    });
    expect((await get('/api/projects/not-a-uuid/', owner.headers)).statusCode).toBe(400);
  });
});
