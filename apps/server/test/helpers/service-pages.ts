import { expect } from 'vitest';
import type { TProjectDetail } from '@cityforge/shared';
import type { TestApp } from './app.ts';
import { giveKeys, signedInUser } from './factories.ts';
import { settled } from './generation.ts';
import { http, type Headers } from './http.ts';
import { citiesOf, FIFTY_CITIES, spreadsheet } from './locations.ts';

export const SERVICES = [
  'Roof Repair',
  'Gutter Cleaning',
  'Roof Replacement',
  'Skylight Installation',
];
export const SLUGS = [
  'roof-repair',
  'gutter-cleaning',
  'roof-replacement',
  'skylight-installation',
];

/**
 * What each of the 20 places offers, spelled the way sheets spell it: a plural, a slug, other
 * case, either separator. Every fifth place names none (its cell is empty).
 */
export function servicesCell(i: number): { cell: string; slugs: string[] } {
  if (i % 5 === 0) return { cell: '', slugs: [] };
  const spellings = [
    'roof repairs',
    'GUTTER-CLEANING',
    'Roof replacement',
    'skylight installation',
  ];
  const picked = [0, 1, 2, 3].filter((k) => (i * 7 + k * 3) % 4 < 2 || k === i % 4);
  return {
    cell: picked.map((k) => spellings[k]).join(i % 2 ? '; ' : ', '),
    slugs: picked.map((k) => SLUGS[k]!),
  };
}

export const TWENTY = FIFTY_CITIES.slice(0, 20);

/** The sheet of the 20 places; line 8's cell (Kyle's) also names a service the project lacks. */
export function servicesSheet(cell: (i: number) => string = (i) => servicesCell(i).cell) {
  return spreadsheet('csv', [
    ['City', 'State', 'County', 'ZIP', 'Services'],
    ...TWENTY.map((c, i) => [...c, i === 6 ? `${cell(i)}; Chimney sweep` : cell(i)]),
  ]);
}

/** Each city's service pages by city name: the slugs, in the services' order. */
export function offered(detail: TProjectDetail) {
  return Object.fromEntries(
    citiesOf(detail)
      .filter((c) => c.servicePages.length)
      .map((c) => [c.name, c.servicePages.map((p) => p.slug)]),
  );
}

/** What `offered` should answer when place i offers slugsOf(i). */
export function expectedOffer(slugsOf: (i: number) => string[]) {
  return Object.fromEntries(
    TWENTY.map(([name], i) => [name, slugsOf(i)] as const).filter(([, s]) => s.length),
  );
}

/** Waits for a few hundred pages on a loaded machine, however long it takes. */
export const LONG = 300_000;

/** A roofer's project with four service pages, and the calls the tests make on it. */
export function servicePagesKit(t: () => TestApp) {
  const { post } = http(t);
  const settledLong = (id: string, headers: Headers) => settled(t(), id, headers, 240_000);

  /** A customer on a plan (no exemption from its allowance), with a key as every customer has. */
  async function keyedUser(plan: 'free' | 'basic' | 'pro') {
    const u = await signedInUser(t(), { plan });
    await giveKeys(t(), u.user.id, { openrouter: `sk-or-${u.user.id}` });
    return u;
  }

  async function roofer(headers: Headers): Promise<string> {
    const res = await post('/api/projects/create/', headers, {
      name: 'High Ridge Roofing',
      serviceType: 'Roofing',
      model: 'offline-draft',
      prompt: `Roofers serving Texas.\n${SERVICES.map((s) => `- ${s}`).join('\n')}`,
      contactPhoneNumber: '(512) 555-0100',
      email: 'hello@highridge.test',
      createServicePages: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { data: { id: string } }).data.id;
    const detail = await settledLong(id, headers);
    expect(detail.servicePages.map((p) => p.slug)).toEqual(SLUGS);
    return id;
  }

  const setServicePages = (id: string, headers: Headers, servicePages: unknown) =>
    post(`/api/projects/${id}/settings/`, headers, { servicePages });

  return { settledLong, keyedUser, roofer, setServicePages };
}
