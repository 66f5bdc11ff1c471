import { asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withCityPlace } from '../../db/city-place.ts';
import { cities, locationCounties, locationStates, projects } from '../../db/schema/index.ts';
import { factProjectsOf, heldSql } from '../pages/index.ts';

/** One city as the map query answers it: id, name, state, lat, lng, status, failed, held. */
export type MapCityRow = [
  string,
  string,
  string,
  number | null,
  number | null,
  string,
  boolean,
  boolean,
];

/**
 * What the project map reads: every city with its place and what its mark shows, answered as
 * one JSON value (on the embedded database each returned row costs more than the work), and
 * the states and counties the project uses.
 */
export function createProjectMapRepo(db: Db) {
  // About 10 m: more would only make the answer longer.
  const coordinate = (column: SQLWrapper) => sql`round(${column}::numeric, 4)::float8`;

  return {
    async cities(projectId: string): Promise<MapCityRow[]> {
      const held = heldSql({ factProjects: await factProjectsOf(db, [projectId]) });
      const [row] = await withCityPlace(
        db
          .select({
            list: sql<string>`coalesce(json_agg(json_build_array(${cities.id}, ${cities.name}, ${locationStates.code}, ${coordinate(cities.latitude)}, ${coordinate(cities.longitude)}, ${cities.status}, ${cities.failedAt} is not null, ${held}) order by ${cities.name}, ${cities.id}), '[]')::text`,
          })
          .from(cities)
          .innerJoin(projects, eq(projects.id, cities.projectId))
          .$dynamic(),
      ).where(eq(cities.projectId, projectId));
      return JSON.parse(row?.list ?? '[]') as MapCityRow[];
    },

    states: (projectId: string) =>
      db
        .select({ code: locationStates.code, name: locationStates.name })
        .from(locationStates)
        .where(eq(locationStates.projectId, projectId))
        .orderBy(asc(locationStates.name)),

    counties: (projectId: string) =>
      db
        .select({ stateCode: locationStates.code, name: locationCounties.name })
        .from(locationCounties)
        .innerJoin(locationStates, eq(locationStates.id, locationCounties.stateId))
        .where(eq(locationCounties.projectId, projectId))
        .orderBy(asc(locationStates.code), asc(locationCounties.name)),
  };
}
export type ProjectMapRepo = ReturnType<typeof createProjectMapRepo>;
