import { expect } from 'vitest';
import type { TCityFacts, TLeanProjectDetail, TPutCityFacts } from '@cityforge/shared';
import type { TestApp } from './app.ts';
import { detailOf } from './generation.ts';
import type { Headers } from './http.ts';
import { citiesOf } from './locations.ts';

/** A place's facts endpoint, as the facts panel calls it. */
export function factsApi(t: () => TestApp) {
  const url = (projectId: string, cityId: string) =>
    `/api/projects/${projectId}/city/${cityId}/facts/`;
  return {
    get: (projectId: string, cityId: string, headers: Headers) =>
      t().app.inject({ method: 'GET', url: url(projectId, cityId), headers }),
    put: (projectId: string, cityId: string, headers: Headers, payload: TPutCityFacts | object) =>
      t().app.inject({ method: 'PUT', url: url(projectId, cityId), headers, payload }),
  };
}

/** The facts of a place, read through the API. */
export async function factsOf(
  t: TestApp,
  projectId: string,
  cityId: string,
  headers: Headers,
): Promise<TCityFacts> {
  const res = await factsApi(() => t).get(projectId, cityId, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TCityFacts;
}

/** Each city's id by its name, from the project's detail. */
export async function cityIds(t: TestApp, projectId: string, headers: Headers) {
  const detail = await detailOf(t, projectId, headers);
  return Object.fromEntries(citiesOf(detail).map((c) => [c.name, c.id])) as Record<string, string>;
}

/** The lean detail the screen reads. */
export async function leanOf(t: TestApp, projectId: string, headers: Headers) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/detail/lean/`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TLeanProjectDetail }).data;
}

/** Every city of a lean detail whose counties came inline, by name. */
export function leanCities(detail: TLeanProjectDetail) {
  const list = detail.states.flatMap((s) => s.counties.flatMap((c) => c.cities ?? []));
  return Object.fromEntries(list.map((c) => [c.name, c]));
}
