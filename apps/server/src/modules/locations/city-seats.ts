import { and, count, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cities } from '../../db/schema/index.ts';
import { SITE_FOLDER_MAX_ENTRIES } from '../../lib/folder-limit.ts';

/** The subfolders a full county's later cities are spread over (site/paths.ts names them). */
export const OVERFLOW_FOLDERS = 256;

/**
 * A county's folder of the built site holds one page per city. Its first COUNTY_SEATS cities
 * by creation (created_at, then id) have their pages right in it, as every city of a county
 * below the limit always has; each later one goes one level down, into one of OVERFLOW_FOLDERS
 * subfolders chosen by its own slug. So no address moves when cities are added: one moves only
 * when a city created before it is deleted while the county is over the limit (the earliest
 * overflowing city then takes the freed seat).
 */
export const COUNTY_SEATS = SITE_FOLDER_MAX_ENTRIES - OVERFLOW_FOLDERS;

/**
 * The ids of the cities past their county's seats: of every city of `countyIds`, or of the
 * cities `cityIds` themselves. Only a county over the limit is ranked (one count per county
 * otherwise), in the database so every reader (build, preview, page writer) agrees.
 */
export async function citiesPastSeats(
  db: Executor,
  where: { countyIds: string[] } | { cityIds: string[] },
): Promise<string[]> {
  const named = 'countyIds' in where ? where.countyIds : where.cityIds;
  if (!named.length) return [];
  const counties =
    'countyIds' in where
      ? where.countyIds
      : db.select({ id: cities.countyId }).from(cities).where(inArray(cities.id, where.cityIds));
  const full = db
    .select({ id: cities.countyId })
    .from(cities)
    .where(inArray(cities.countyId, counties))
    .groupBy(cities.countyId)
    .having(gt(count(), COUNTY_SEATS));
  const seated = db
    .select({
      id: cities.id,
      seat: sql<number>`row_number() over (partition by ${cities.countyId} order by ${cities.createdAt}, ${cities.id})`.as(
        'seat',
      ),
    })
    .from(cities)
    .where(inArray(cities.countyId, full))
    .as('seated');
  const rows = await db
    .select({ id: seated.id })
    .from(seated)
    .where(
      and(
        gt(seated.seat, COUNTY_SEATS),
        'cityIds' in where ? inArray(seated.id, where.cityIds) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
