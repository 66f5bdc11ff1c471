import type { Executor } from '../../db/client.ts';
import type { cities } from '../../db/schema/index.ts';
import {
  insertCityRows,
  mergeCityExtras,
  mergeCityZips,
  requeueRewrittenCities,
} from '../pages/index.ts';

/**
 * How an upload merges into the cities a project already has (locations.repo.ts `store`):
 * storage only, each statement keyed by the place a row resolved to.
 */

export type NewCity = typeof cities.$inferInsert;

/** What an upload writes of a city: the columns `insertCities` names, no others. */
export type CityValues = Pick<
  NewCity,
  | 'name'
  | 'slug'
  | 'zips'
  | 'otherCounties'
  | 'latitude'
  | 'longitude'
  | 'status'
  | 'model'
  | 'prompt'
  | 'metaTemplate'
  | 'placeName'
  | 'photoUrl'
  | 'pageTitle'
  | 'metaDescription'
  | 'services'
>;

/** One resolved city as an upload stores it, with the state and county it sits in. */
export type CityToStore = {
  placeKey: string;
  state: { code: string; name: string; slug: string };
  county: { name: string; slug: string };
  city: CityValues;
};

/**
 * New cities, one statement per batch from one JSON parameter: on the embedded database a
 * 20,000-city upload's insert took a quarter of the CPU this way that drizzle's multi-row
 * VALUES (a parameter per column and row) took. A place the project already has is skipped;
 * answers the cities inserted.
 */
export async function insertCities(
  rows: Array<CityValues & { projectId: string; countyId: string; placeKey: string }>,
  tx: Executor,
) {
  const values = rows.map((r) => ({
    project_id: r.projectId,
    county_id: r.countyId,
    place_key: r.placeKey,
    name: r.name,
    slug: r.slug,
    zips: r.zips ?? [],
    other_counties: r.otherCounties ?? [],
    latitude: r.latitude ?? null,
    longitude: r.longitude ?? null,
    status: r.status,
    model: r.model,
    prompt: r.prompt ?? '',
    meta_template: r.metaTemplate ?? null,
    place_name: r.placeName ?? null,
    photo_url: r.photoUrl ?? null,
    page_title: r.pageTitle ?? null,
    meta_description: r.metaDescription ?? null,
    services: r.services ?? null,
  }));
  return insertCityRows(values, tx);
}

/**
 * Written (or failed) pages of existing cities the upload gives other instructions than they
 * were written with go back to the queue with the new instructions and model. An upload
 * without instructions (more cities, more ZIP codes) leaves every page as it is.
 */
export async function rewrite(projectId: string, rows: CityToStore[], tx: Executor) {
  const changed = rows
    .filter((r) => r.city.prompt?.trim())
    .map((r) => ({ key: r.placeKey, prompt: r.city.prompt, model: r.city.model }));
  if (!changed.length) return [];
  return requeueRewrittenCities(projectId, changed, tx);
}

/** Existing cities gain the upload's ZIP codes (and a position they lacked); answers the ones that changed. */
export async function mergeZips(projectId: string, rows: CityToStore[], tx: Executor) {
  if (!rows.length) return [];
  const values = rows.map((r) => ({
    key: r.placeKey,
    zips: r.city.zips ?? [],
    latitude: r.city.latitude ?? null,
    longitude: r.city.longitude ?? null,
  }));
  return mergeCityZips(projectId, values, tx);
}

/**
 * Existing cities take the upload's photo, page title, meta description and services where
 * its cells gave them (a blank cell leaves what is there); a new photo address drops the
 * copy of the old one and what was noted about it. Answers the cities that changed.
 */
export async function mergeExtras(projectId: string, rows: CityToStore[], tx: Executor) {
  const values = rows
    .filter(({ city: c }) => c.photoUrl || c.pageTitle || c.metaDescription || c.services)
    .map(({ placeKey, city: c }) => ({
      key: placeKey,
      photo: c.photoUrl ?? null,
      title: c.pageTitle ?? null,
      description: c.metaDescription ?? null,
      services: c.services ?? null,
    }));
  if (!values.length) return [];
  return mergeCityExtras(projectId, values, tx);
}
