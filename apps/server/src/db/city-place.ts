import { eq } from 'drizzle-orm';
import type { PgSelectQueryBuilder } from 'drizzle-orm/pg-core';
import { cities, locationCounties, locationStates } from './schema/index.ts';

/**
 * Joins a query that reads cities to each city's place, its county and its state: a city's
 * address, its slugs and the names the scoring reads all need the three together. Every city
 * has both, so the joins drop no row.
 */
export function withCityPlace<T extends PgSelectQueryBuilder>(query: T) {
  return query
    .innerJoin(locationCounties, eq(locationCounties.id, cities.countyId))
    .innerJoin(locationStates, eq(locationStates.id, locationCounties.stateId));
}

/**
 * A city's place as the scoring of a page of it reads it (with withCityPlace): the names a
 * sentence could give it and the ZIP codes and counties it reaches.
 */
export const scoredPlace = {
  name: cities.name,
  zips: cities.zips,
  otherCounties: cities.otherCounties,
  county: locationCounties.name,
  stateName: locationStates.name,
  stateCode: locationStates.code,
};
