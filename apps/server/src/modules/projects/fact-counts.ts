import { sql } from 'drizzle-orm';

/**
 * A city's facts counted where a query selects from `cities` unaliased (the detail's trees):
 * one look-up in city_facts' (city_id, key) index per city. Written out in full: drizzle
 * leaves the outer column unqualified inside a subquery, which `f` would shadow.
 */
export const factCountSql = () =>
  sql<number>`(select count(*)::int from city_facts f where f.city_id = "cities"."id")`;
