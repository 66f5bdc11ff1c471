import type { TMapCity, TMapStatus, TProjectMap } from '@cityforge/shared';
import type { MapCityRow } from './project-map.repo.ts';

/**
 * A city's mark: failed once it failed (as the city row shows it), held back when the quality
 * gate holds its written page, completed when written, and queued while it waits or is written.
 */
export function mapStatus(status: string, failed: boolean, held: boolean): TMapStatus {
  const s = status.toLowerCase();
  if (failed || s === 'failed' || s === 'error') return 'failed';
  if (held) return 'held';
  return s === 'completed' ? 'completed' : 'queued';
}

export function toProjectMap(
  rows: MapCityRow[],
  states: { code: string; name: string }[],
  counties: { stateCode: string; name: string }[],
): TProjectMap {
  return {
    cities: rows.map(([id, name, state, lat, lng, status, failed, held]): TMapCity => [
      id,
      name,
      state,
      lat,
      lng,
      mapStatus(status, failed, held),
    ]),
    states: states.map((s) => [s.code, s.name]),
    counties: counties.map((c) => [c.stateCode, c.name]),
  };
}
