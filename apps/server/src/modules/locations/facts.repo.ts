import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TCityFact } from '@cityforge/shared';
import { rowsOf, type Db, type Executor } from '../../db/client.ts';
import { cities, cityFacts } from '../../db/schema/index.ts';
import { createCityRowsRepo, type CityExtras } from '../pages/index.ts';

/** One place's fact as an upload stores it. */
export type FactToStore = {
  cityId: string;
  key: string;
  name: string;
  value: string;
  position: number;
};

// Facts per statement, as one JSON parameter (json, not jsonb: read once, it parses faster).
const CHUNK = 20_000;
const chunks = (facts: FactToStore[]) =>
  Array.from({ length: Math.ceil(facts.length / CHUNK) }, (_, i) =>
    JSON.stringify(facts.slice(i * CHUNK, (i + 1) * CHUNK)),
  );
const RECORD = sql.raw('as r("cityId" uuid, key text, name text, value text, position int)');

/** The facts of places: storage only, the rules (merging, limits) live in the services. */
export function createFactsRepo(db: Db) {
  const cityRows = createCityRowsRepo(db);
  return {
    /** Each city's facts in the sheet's column order; a city without facts is absent. */
    async ofCities(cityIds: readonly string[], tx: Executor = db) {
      const byCity = new Map<string, TCityFact[]>();
      if (!cityIds.length) return byCity;
      const rows = await tx
        .select({ cityId: cityFacts.cityId, name: cityFacts.name, value: cityFacts.value })
        .from(cityFacts)
        .where(inArray(cityFacts.cityId, [...cityIds]))
        .orderBy(asc(cityFacts.cityId), asc(cityFacts.position), asc(cityFacts.key));
      for (const { cityId, name, value } of rows) {
        const list = byCity.get(cityId) ?? [];
        if (!list.length) byCity.set(cityId, list);
        list.push({ name, value });
      }
      return byCity;
    },

    /** Each city's fact values by fact key (the export's columns are keys' latest names). */
    async valuesOf(cityIds: readonly string[], tx: Executor = db) {
      const byCity = new Map<string, Map<string, string>>();
      if (!cityIds.length) return byCity;
      const rows = await tx
        .select({ cityId: cityFacts.cityId, key: cityFacts.key, value: cityFacts.value })
        .from(cityFacts)
        .where(inArray(cityFacts.cityId, [...cityIds]));
      for (const { cityId, key, value } of rows) {
        let values = byCity.get(cityId);
        if (!values) byCity.set(cityId, (values = new Map()));
        values.set(key, value);
      }
      return byCity;
    },

    /** The cities of these places, by place key (an upload's facts are stored by city). */
    async cityIdsOf(projectId: string, placeKeys: readonly string[], tx: Executor = db) {
      if (!placeKeys.length) return new Map<string, string>();
      const rows = await tx
        .select({ id: cities.id, key: cities.placeKey })
        .from(cities)
        .where(and(eq(cities.projectId, projectId), inArray(cities.placeKey, [...placeKeys])));
      return new Map(rows.map((r) => [r.key, r.id]));
    },

    /** The facts of places the upload has just added: none of them has any yet. */
    async insertNew(projectId: string, facts: FactToStore[], tx: Executor): Promise<void> {
      for (const part of chunks(facts))
        await tx.execute(sql`
          insert into ${cityFacts} (project_id, city_id, key, name, value, position)
          select ${projectId}, r."cityId", r.key, r.name, r.value, r.position
          from json_to_recordset(${part}::json) ${RECORD}`);
    },

    /**
     * An upload's facts merged into places the project had: a new value replaces the old one,
     * a fact the upload does not carry stays. Answers the cities whose facts gained a value or
     * changed one; a fact renamed ("jobs completed" to "Jobs completed") or moved is stored
     * quietly. Each statement reads the facts as they were before it (one snapshot).
     */
    async mergeUpload(projectId: string, facts: FactToStore[], tx: Executor): Promise<string[]> {
      const changed = new Set<string>();
      for (const part of chunks(facts)) {
        const result = await tx.execute(sql`
          with v as (select * from json_to_recordset(${part}::json) ${RECORD}),
          up as (
            insert into ${cityFacts} (project_id, city_id, key, name, value, position)
            select ${projectId}, "cityId", key, name, value, position from v
            on conflict (city_id, key) do update set
              name = excluded.name, value = excluded.value, position = excluded.position,
              updated_at = now()
            where (city_facts.name, city_facts.value, city_facts.position)
              is distinct from (excluded.name, excluded.value, excluded.position)
          )
          select distinct v."cityId" from v
          left join ${cityFacts} f on f.city_id = v."cityId" and f.key = v.key
          where f.value is distinct from v.value`);
        for (const row of rowsOf<{ cityId: string }>(result)) changed.add(row.cityId);
      }
      return [...changed];
    },

    /** One place's facts made exactly these (the facts panel): answers whether any changed. */
    async replace(
      projectId: string,
      cityId: string,
      facts: Array<{ key: string; name: string; value: string }>,
      tx: Executor,
    ): Promise<boolean> {
      const before = await tx
        .select({ name: cityFacts.name, value: cityFacts.value })
        .from(cityFacts)
        .where(eq(cityFacts.cityId, cityId))
        .orderBy(asc(cityFacts.position), asc(cityFacts.key));
      const same =
        before.length === facts.length &&
        before.every((f, i) => f.name === facts[i]!.name && f.value === facts[i]!.value);
      if (same) return false;
      await tx.delete(cityFacts).where(eq(cityFacts.cityId, cityId));
      if (facts.length)
        await tx
          .insert(cityFacts)
          .values(facts.map((f, position) => ({ projectId, cityId, ...f, position })));
      return true;
    },

    /**
     * The project's fact names in the order of its sheets (each name's first column), the
     * latest spelling of each: the export's fact columns.
     */
    async namesOf(
      projectId: string,
      tx: Executor = db,
    ): Promise<Array<{ key: string; name: string }>> {
      const result = await tx.execute(sql`
        select key, (array_agg(name order by updated_at desc))[1] as name
        from ${cityFacts} where project_id = ${projectId}
        group by key order by min(position), key`);
      return rowsOf<{ key: string; name: string }>(result);
    },

    /**
     * A place's photo address and the overrides given; a changed address drops the copy of
     * the old photo and what was noted about it (its job fetches the new one).
     */
    async setOverrides(cityId: string, values: CityExtras, tx: Executor = db): Promise<void> {
      await cityRows.setExtras(cityId, values, tx);
    },

    /**
     * Marks the written pages of these places as behind their facts (a page being written
     * now may have read them already). Pages still waiting for their first words are not
     * marked: they will be written with the facts as they are.
     */
    async markChanged(cityIds: readonly string[], tx: Executor = db): Promise<void> {
      if (!cityIds.length) return;
      await cityRows.markFactsChanged(cityIds, tx);
    },
  };
}
export type FactsRepo = ReturnType<typeof createFactsRepo>;
