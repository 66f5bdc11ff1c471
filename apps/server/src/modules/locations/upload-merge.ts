import { sql } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import { rowsOf, type Executor } from '../../db/client.ts';
import type { cities } from '../../db/schema/index.ts';

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
  const result = await tx.execute(sql`
    insert into cities (project_id, county_id, place_key, name, slug, zips, other_counties,
      latitude, longitude, status, model, prompt, meta_template, place_name, photo_url,
      page_title, meta_description, services)
    select r.project_id, r.county_id, r.place_key, r.name, r.slug, r.zips, r.other_counties,
      r.latitude, r.longitude, r.status, r.model, r.prompt, r.meta_template, r.place_name,
      r.photo_url, r.page_title, r.meta_description, r.services
    from json_to_recordset(${JSON.stringify(values)}::json) as r(project_id uuid,
      county_id uuid, place_key text, name text, slug text, zips jsonb, other_counties jsonb,
      latitude float8, longitude float8, status text, model text, prompt text,
      meta_template text, place_name text, photo_url text, page_title text,
      meta_description text, services jsonb)
    on conflict do nothing
    returning id, project_id as "projectId", model, place_key as "placeKey"`);
  return rowsOf<{ id: string; projectId: string; model: string; placeKey: string }>(result);
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
  const result = await tx.execute(sql`
    update cities c set
      prompt = v.prompt, model = v.model, status = ${PAGE_STATUS.queued}, job_id = null,
      failed_at = null, failure_reason = null, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as v(key text, prompt text, model text)
    where c.project_id = ${projectId} and c.place_key = v.key and c.prompt <> v.prompt
      and c.status in (${PAGE_STATUS.completed}, ${PAGE_STATUS.failed})
    returning c.id, c.project_id as "projectId", c.model`);
  return (result as unknown as { rows: Array<{ id: string; projectId: string; model: string }> })
    .rows;
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
  const result = await tx.execute(sql`
    with v as (
      select c.id, (
        select coalesce(jsonb_agg(z order by z), '[]'::jsonb) from (
          select jsonb_array_elements_text(c.zips) as z
          union
          select jsonb_array_elements_text(r.zips)
        ) merged
      ) as zips,
      -- A city kept from a County alone has no position until a row gives its ZIP.
      coalesce(c.latitude, r.latitude) as latitude,
      coalesce(c.longitude, r.longitude) as longitude
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as r(key text, zips jsonb, latitude float8, longitude float8)
      join cities c on c.project_id = ${projectId} and c.place_key = r.key
    )
    update cities c set
      zips = v.zips, latitude = v.latitude, longitude = v.longitude, updated_at = now()
    from v where c.id = v.id and (
      c.zips is distinct from v.zips
      or c.latitude is distinct from v.latitude
      or c.longitude is distinct from v.longitude
    )
    returning c.id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
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
  const result = await tx.execute(sql`
    update cities c set
      photo_url = coalesce(v.photo, c.photo_url),
      photo_key = case when v.photo is distinct from c.photo_url and v.photo is not null then null else c.photo_key end,
      photo_note = case when v.photo is distinct from c.photo_url and v.photo is not null then null else c.photo_note end,
      page_title = coalesce(v.title, c.page_title),
      meta_description = coalesce(v.description, c.meta_description),
      services = coalesce(v.services, c.services),
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(key text, photo text, title text, description text, services jsonb)
    where c.project_id = ${projectId} and c.place_key = v.key
      and ((v.photo is not null and v.photo is distinct from c.photo_url)
        or (v.title is not null and v.title is distinct from c.page_title)
        or (v.description is not null and v.description is distinct from c.meta_description)
        or (v.services is not null and v.services is distinct from c.services))
    returning c.id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
