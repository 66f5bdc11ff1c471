import { MAP_STATUSES, type TMapCity, type TMapStatus } from '@cityforge/shared';

/** Each mark's colour and word; the colours hold 3:1 against the map's light land. */
export const MAP_STATUS_STYLE: Record<TMapStatus, { label: string; colour: string }> = {
  completed: { label: 'Completed', colour: '#16a34a' },
  queued: { label: 'Queued', colour: '#64748b' },
  failed: { label: 'Failed', colour: '#dc2626' },
  held: { label: 'Held back', colour: '#d97706' },
};

/** "Austin, TX — Completed": a mark's title. */
export function markTitle(name: string, stateCode: string, status: TMapStatus): string {
  return `${name}, ${stateCode} — ${MAP_STATUS_STYLE[status].label}`;
}

/** How many cities have each status, in the legend's order. */
export function statusCounts(cities: readonly TMapCity[]): { status: TMapStatus; count: number }[] {
  const counts = new Map<TMapStatus, number>(MAP_STATUSES.map((s) => [s, 0]));
  for (const city of cities) counts.set(city[5], (counts.get(city[5]) ?? 0) + 1);
  return MAP_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/** Marks shrink as they grow many, so a big project's dots do not cover each other. */
export function markRadius(count: number): number {
  if (count <= 200) return 5;
  if (count <= 2000) return 3.5;
  return 2;
}

/** The note under the map for the cities it cannot show, or null when it shows them all. */
export function offMapNote(unplaced: number, outside: number): string | null {
  const parts: string[] = [];
  if (unplaced > 0)
    parts.push(
      `${unplaced.toLocaleString('en-US')} ${unplaced === 1 ? 'city has' : 'cities have'} no coordinates`,
    );
  if (outside > 0)
    parts.push(
      `${outside.toLocaleString('en-US')} ${outside === 1 ? 'lies' : 'lie'} outside the map (such as Puerto Rico or Guam)`,
    );
  if (!parts.length) return null;
  return `Not on the map: ${parts.join('; ')}. The list below has every city.`;
}
