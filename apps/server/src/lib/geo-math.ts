/** Distances on the globe and a coarse grid for "what lies near this point". */

export type Point = { latitude: number; longitude: number };

export function haversineKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(Math.min(1, h)));
}

export const KM_PER_MILE = 1.609344;

// A tenth of a degree: ~11 km of latitude, ~8 km of longitude in the lower 48.
const CELL_DEGREES = 0.1;

/**
 * Points bucketed by half-degree cells: `near` looks at the cells that can hold a point
 * within the radius, so a query costs the neighbourhood, not the whole country.
 */
export class PointGrid<T extends Point> {
  private readonly cells = new Map<number, T[]>();

  constructor(points: Iterable<T>) {
    for (const p of points) {
      const key = this.cell(
        Math.floor(p.latitude / CELL_DEGREES),
        Math.floor(p.longitude / CELL_DEGREES),
      );
      const list = this.cells.get(key);
      if (list) list.push(p);
      else this.cells.set(key, [p]);
    }
  }

  private cell(row: number, col: number): number {
    return row * 10_000 + col;
  }

  /** Every point within `km` of the centre, with its distance, in no particular order. */
  near(centre: Point, km: number): Array<{ item: T; km: number }> {
    const latSpan = km / 111;
    const lonSpan = km / (111 * Math.max(0.05, Math.cos((centre.latitude * Math.PI) / 180)));
    const found: Array<{ item: T; km: number }> = [];
    const rows = [centre.latitude - latSpan, centre.latitude + latSpan].map((v) =>
      Math.floor(v / CELL_DEGREES),
    );
    const cols = [centre.longitude - lonSpan, centre.longitude + lonSpan].map((v) =>
      Math.floor(v / CELL_DEGREES),
    );
    for (let r = rows[0]!; r <= rows[1]!; r++) {
      for (let c = cols[0]!; c <= cols[1]!; c++) {
        for (const item of this.cells.get(this.cell(r, c)) ?? []) {
          const d = haversineKm(centre, item);
          if (d <= km) found.push({ item, km: d });
        }
      }
    }
    return found;
  }

  /** The nearest point within `km`, or undefined. */
  nearest(centre: Point, km: number, accept: (item: T) => boolean = () => true): T | undefined {
    let best: { item: T; km: number } | undefined;
    for (const hit of this.near(centre, km))
      if (accept(hit.item) && (!best || hit.km < best.km)) best = hit;
    return best?.item;
  }
}
