import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { PAGE_STATUS } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { cities, projects, serviceCityPages } from '../../db/schema/index.ts';
import { writtenCitySql } from './city-release.ts';

/** Written pages still waiting for their batch. */
const waiting = (projectId: string) =>
  and(eq(cities.projectId, projectId), isNull(cities.releasedAt), writtenCitySql());

/** A new place's row, as an upload stores it (snake_case: the statement's record). */
export type NewCityValues = {
  project_id: string;
  county_id: string;
  place_key: string;
  name: string;
  slug: string;
  zips: string[];
  other_counties: string[];
  latitude: number | null;
  longitude: number | null;
  status: string;
  model: string;
  prompt: string;
  meta_template: string | null;
  place_name: string | null;
  photo_url: string | null;
  page_title: string | null;
  meta_description: string | null;
  services: string[] | null;
};

/** A city page's measures, as the scoring stores them (snake_case: the statement's record). */
export type CityScoreValues = {
  id: string;
  similarity: number | null;
  similar_to: string | null;
  local_share: number | null;
  word_count: number | null;
  facts_stated: number | null;
  stuffing: number | null;
  faqs: unknown;
  faqs_hash: string | null;
};

// An upload's statements, inside its transaction (locations' upload-merge.ts decides what).

/** New places of an upload; a place already there is left as it is. */
export async function insertCityRows(values: NewCityValues[], tx: Executor) {
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

/** Written or failed pages given other instructions go back to the queue with them. */
export async function requeueRewrittenCities(
  projectId: string,
  changed: Array<{ key: string; prompt: string | undefined; model: string }>,
  tx: Executor,
) {
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

/** Places gain ZIP codes (and a position they lacked); answers the ones that changed. */
export async function mergeCityZips(
  projectId: string,
  values: Array<{
    key: string;
    zips: string[];
    latitude: number | null;
    longitude: number | null;
  }>,
  tx: Executor,
) {
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
 * Places take a photo, page title, meta description and services where given (null
 * leaves what is there); a new photo address drops the copy of the old one and its note.
 */
export async function mergeCityExtras(
  projectId: string,
  values: Array<{
    key: string;
    photo: string | null;
    title: string | null;
    description: string | null;
    services: string[] | null;
  }>,
  tx: Executor,
) {
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

/**
 * Every write to the `cities` table outside the page job's own (pages.repo.ts): a place's rows
 * from an upload or a sync, its facts and photo, its approval and removal, its page's scores
 * and release. The table has this one writer; the modules above decide what to write.
 */
/** A place's photo address and its page's own title, meta description and services. */
export type CityExtras = {
  photoUrl: string | null;
  pageTitle?: string | null;
  metaDescription?: string | null;
  services?: string[] | null;
};

export function createCityRowsRepo(db: Db) {
  return {
    /** A place's photo, page title, meta description and services, as its facts panel sets them. */
    async setExtras(cityId: string, values: CityExtras, tx: Executor = db): Promise<void> {
      const moved = sql`${cities.photoUrl} is distinct from ${values.photoUrl}::text`;
      await tx
        .update(cities)
        .set({
          ...values,
          photoKey: sql`case when ${moved} then null else ${cities.photoKey} end`,
          photoNote: sql`case when ${moved} then null else ${cities.photoNote} end`,
          updatedAt: new Date(),
        })
        .where(eq(cities.id, cityId));
    },

    /** Written (or being written) pages of these places are marked behind their facts. */
    async markFactsChanged(cityIds: readonly string[], tx: Executor = db): Promise<void> {
      // This process's clock, as the page's claim stamps updated_at (pages.repo compares).
      const now = new Date();
      const ids = [...cityIds];
      await tx
        .update(cities)
        .set({ factsChangedAt: now })
        .where(
          and(
            inArray(cities.id, ids),
            sql`(${cities.contentHtml} is not null or ${cities.status} = ${PAGE_STATUS.inProgress})`,
          ),
        );
      // Its pages for its services say the same facts of the place: marked alike.
      const s = serviceCityPages;
      await tx
        .update(s)
        .set({ factsChangedAt: now })
        .where(
          and(
            inArray(s.cityId, ids),
            sql`(${s.contentHtml} is not null or ${s.status} = ${PAGE_STATUS.inProgress})`,
          ),
        );
    },

    /** Places showing the photo at `url` show the stored `file`; written pages are marked. */
    async photoStored(projectId: string, url: string, file: string, tx: Executor = db) {
      // Its pages for its services show the photo beside their hero too: marked alike, before
      // the places take the file (only a place whose photo this changes).
      const changing = tx
        .select({ id: cities.id })
        .from(cities)
        .where(
          and(
            eq(cities.projectId, projectId),
            eq(cities.photoUrl, url),
            sql`${cities.photoKey} is distinct from ${file}`,
          ),
        );
      await tx
        .update(serviceCityPages)
        .set({ factsChangedAt: sql`now()` })
        .where(
          and(
            inArray(serviceCityPages.cityId, changing),
            eq(serviceCityPages.status, PAGE_STATUS.completed),
          ),
        );
      await tx
        .update(cities)
        .set({
          photoKey: file,
          photoNote: null,
          factsChangedAt: sql`case when ${cities.status} = ${PAGE_STATUS.completed}
            and ${cities.photoKey} is distinct from ${file} then now()
            else ${cities.factsChangedAt} end`,
        })
        .where(and(eq(cities.projectId, projectId), eq(cities.photoUrl, url)));
    },

    /** The photo at `url` could not be taken, for this reason, for every place that gave it. */
    async photoRefused(projectId: string, url: string, note: string, tx: Executor = db) {
      await tx
        .update(cities)
        .set({ photoKey: null, photoNote: note.slice(0, 500) })
        .where(and(eq(cities.projectId, projectId), eq(cities.photoUrl, url)));
    },

    /** Removes these places' cities; answers the counties they were in. */
    async removePlaces(projectId: string, placeKeys: string[], tx: Executor) {
      return tx
        .delete(cities)
        .where(and(eq(cities.projectId, projectId), inArray(cities.placeKey, placeKeys)))
        .returning({ countyId: cities.countyId });
    },

    /** Removes one city. */
    async remove(cityId: string, tx: Executor = db) {
      await tx.delete(cities).where(eq(cities.id, cityId));
    },

    async setApproval(cityId: string, approvedAt: Date | null) {
      await db.update(cities).set({ approvedAt }).where(eq(cities.id, cityId));
    },

    /** Stores one statement's share of the scoring's measures (rows whose measures changed). */
    async storeScores(rows: CityScoreValues[]): Promise<void> {
      // The FAQs are compared by the hash they were read from: the same content, the same FAQs.
      await db.execute(sql`
          update cities c set similarity = v.similarity, similar_to = v.similar_to,
            local_share = v.local_share, word_count = v.word_count,
            facts_stated = v.facts_stated, stuffing = v.stuffing,
            faqs = v.faqs, faqs_hash = v.faqs_hash
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as v(id uuid, similarity real, similar_to uuid, local_share real, word_count integer,
              facts_stated integer, stuffing integer, faqs jsonb, faqs_hash text)
          where c.id = v.id
            and (c.similarity, c.similar_to, c.local_share, c.word_count, c.facts_stated,
                c.stuffing, c.faqs_hash)
              is distinct from (v.similarity, v.similar_to, v.local_share, v.word_count,
                v.facts_stated, v.stuffing, v.faqs_hash)`);
    },

    /** Releases the next `count` waiting pages at `at` (oldest first); answers how many. */
    async releaseNext(tx: Executor, projectId: string, count: number, at: Date): Promise<number> {
      const batch = tx
        .select({ id: cities.id })
        .from(cities)
        .where(waiting(projectId))
        .orderBy(asc(cities.createdAt), asc(cities.name), asc(cities.id))
        .limit(count);
      const rows = await tx
        .update(cities)
        .set({ releasedAt: at })
        .where(inArray(cities.id, batch))
        .returning({ id: cities.id });
      return rows.length;
    },

    /** Releases every waiting page at `at`. */
    async releaseAll(projectId: string, at: Date): Promise<number> {
      const rows = await db
        .update(cities)
        .set({ releasedAt: at })
        .where(waiting(projectId))
        .returning({ id: cities.id });
      return rows.length;
    },

    /** Written pages (by `builtFrom`) of a project without staging are marked live. */
    async markDeployedUnstaged(projectId: string, builtFrom: Date): Promise<void> {
      await db
        .update(cities)
        .set({ releasedAt: sql`${cities.updatedAt}` })
        .where(
          and(
            waiting(projectId),
            lte(cities.updatedAt, builtFrom),
            sql`exists (select 1 from ${projects} where ${projects.id} = ${projectId} and ${projects.releasePerDay} is null)`,
          ),
        );
    },
  };
}
export type CityRowsRepo = ReturnType<typeof createCityRowsRepo>;
