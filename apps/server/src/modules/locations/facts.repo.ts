import { asc, inArray } from 'drizzle-orm';
import type { TCityFact } from '@cityforge/shared';
import type { Db, Executor } from '../../db/client.ts';
import { cityFacts } from '../../db/schema/index.ts';

/** The facts of places: storage only, the rules (merging, limits) live in the services. */
export function createFactsRepo(db: Db) {
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
  };
}
export type FactsRepo = ReturnType<typeof createFactsRepo>;
