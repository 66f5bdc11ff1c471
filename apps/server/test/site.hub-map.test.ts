import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHubMap } from '../src/modules/site/hub-map.ts';
import { countyHub, stateHub } from '../src/modules/site/site-hubs.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { http } from './helpers/http.ts';
import { addCity, createProject, signedInUser } from './helpers/factories.ts';
import { siteProject } from './helpers/publishing.ts';
import { unzip } from './helpers/zip.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get } = http(() => t);
const TEXAS = { state: 'TX', stateName: 'Texas' };
const paths = (svg: string) => [...svg.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]!);

describe('the small map of a state’s and a county’s page', () => {
  it('draws the state with the county marked, as a few KB of static SVG', () => {
    const svg = renderHubMap({ ...TEXAS, counties: ['Travis County'] });
    expect(svg).toMatch(
      /^<svg [^>]*role="img" aria-label="Map of Texas with Travis County marked"/,
    );
    expect(svg).toContain('<title>Map of Texas with Travis County marked</title>');
    expect(svg).not.toMatch(/<script|on\w+=/i);
    expect(svg.length).toBeLessThan(5000);
    const [state, county] = paths(svg);
    expect(state).toMatch(/^M\d+,\d+l/);
    expect(county).toMatch(/^M\d+,\d+l/);
    // Travis sits in the middle of Texas, not at the edge of the map.
    const [x, y] = county!.slice(1).split('l')[0]!.split(',').map(Number);
    const [, , width, height] = svg
      .match(/viewBox="([^"]+)"/)![1]!
      .split(' ')
      .map(Number);
    expect(x! / width!).toBeGreaterThan(0.4);
    expect(x! / width!).toBeLessThan(0.75);
    expect(y! / height!).toBeGreaterThan(0.4);
    expect(y! / height!).toBeLessThan(0.8);
  });

  it('merges a state page’s counties into one marked shape, in any order, the same each time', () => {
    const counties = ['Travis County', 'Williamson County', 'Harris County'];
    const svg = renderHubMap({ ...TEXAS, counties });
    expect(svg).toContain('aria-label="Map of Texas with the counties we serve marked"');
    expect(paths(svg)).toHaveLength(2);
    expect(renderHubMap({ ...TEXAS, counties: [...counties].reverse() })).toBe(svg);
    expect(svg).not.toBe(renderHubMap({ ...TEXAS, counties: ['Travis County'] }));
  });

  it('marks nothing for a county the boundary data lacks, and draws no map for an unknown state', () => {
    const svg = renderHubMap({ ...TEXAS, counties: ['Atlantis County'] });
    expect(paths(svg)).toHaveLength(1);
    expect(renderHubMap({ state: 'XX', stateName: 'Nowhere', counties: [] })).toBe('');
  });

  it('draws Alaska, Hawaii and Puerto Rico too, and escapes the names it is given', () => {
    for (const [state, stateName, county] of [
      ['AK', 'Alaska', 'Anchorage'],
      ['HI', 'Hawaii', 'Honolulu County'],
      ['PR', 'Puerto Rico', 'San Juan Municipio'],
    ] as const) {
      const svg = renderHubMap({ state, stateName, counties: [county] });
      expect(paths(svg), state).toHaveLength(2);
      expect(svg.length, state).toBeLessThan(6000);
    }
    const odd = renderHubMap({ state: 'TX', stateName: 'Te<x>as "', counties: ['A & B'] });
    expect(odd).toContain('aria-label="Map of Te&lt;x&gt;as &quot; with A &amp; B marked"');
  });

  it('is part of the hub page’s build input, so a redeploy redraws it when its counties change', () => {
    const project = {
      name: 'Lone Star',
      serviceType: 'Plumbing',
      contactPhoneNumber: '',
      email: '',
    };
    const texas = { name: 'Texas', slug: 'texas', code: 'TX' };
    const travis = { name: 'Travis County', slug: 'travis-county', cities: 2 };
    const hays = { name: 'Hays County', slug: 'hays-county', cities: 1 };
    const one = stateHub(project, texas, [travis]);
    const two = stateHub(project, texas, [travis, hays]);
    expect(one.map).toEqual({ ...TEXAS, counties: ['Travis County'] });
    expect(JSON.stringify(two)).toContain('"counties":["Travis County","Hays County"]');
    expect(countyHub(project, texas, travis, []).map).toEqual({
      ...TEXAS,
      counties: ['Travis County'],
    });
  });
});

describe('the map on the previews and in the built site', () => {
  it('shows on the state and county previews', async () => {
    const u = await signedInUser(t, { plan: 'basic' });
    const p = await createProject(t, u.user.id, { name: 'Lone Star Plumbing' });
    const tx = { state: 'TX', stateName: 'Texas' };
    const austin = await addCity(t, p.id, { ...tx, name: 'Austin', county: 'Travis County' });
    await addCity(t, p.id, { ...tx, name: 'Kyle', county: 'Hays County' });
    const stateId = austin.state.id;
    const countyId = austin.county.id;

    const state = await get(`/api/projects/${p.id}/counties/${stateId}/`, u.headers);
    expect(state.statusCode, state.body).toBe(200);
    const stateHtml = (state.json() as { html: string }).html;
    expect(stateHtml).toContain('aria-label="Map of Texas with the counties we serve marked"');
    // Under the list's heading, before the cards.
    expect(stateHtml).toMatch(/<h2>Counties We Serve in Texas<\/h2><svg [^>]*role="img"/);

    const county = await get(`/api/projects/${p.id}/cities/${countyId}/`, u.headers);
    expect(county.statusCode, county.body).toBe(200);
    expect((county.json() as { html: string }).html).toContain(
      'aria-label="Map of Texas with Travis County marked"',
    );
  });

  it('is in the downloaded site’s state and county pages', async () => {
    const u = await siteProject(t, { token: null });
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${u.id}/download-site/`,
      headers: u.headers,
    });
    expect(zip.statusCode, zip.body).toBe(200);
    const files = await unzip(zip.rawPayload);
    const page = (file: string) => files.get(file)?.toString('utf8') ?? '';
    expect(page('/states/texas.html')).toContain('Map of Texas with the counties we serve marked');
    expect(page('/states/texas/travis-county.html')).toContain(
      'Map of Texas with Travis County marked',
    );
    expect(page('/states/idaho/ada-county.html')).toContain('Map of Idaho with Ada County marked');
    expect(page('/states.html')).not.toContain('aria-label="Map of');
    expect(page('/states/texas/travis-county/austin.html')).not.toContain('aria-label="Map of');
  });
});
