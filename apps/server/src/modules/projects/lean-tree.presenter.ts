import {
  CITY_ZIPS_SHOWN,
  SIMILARITY_THRESHOLD,
  normaliseStatus,
  type TLeanCity,
  type TLeanProjectDetail,
  type TLeanState,
} from '@cityforge/shared';
import type { DeployRow, ProjectRow } from '../../db/schema/index.ts';
import type { CountyCount, LeanTreeRepo } from './lean-tree.repo.ts';
import { detailHead } from './projects.presenter.ts';

type Repo = LeanTreeRepo;
type StateRow = Awaited<ReturnType<Repo['states']>>[number];
type PageRef = Awaited<ReturnType<Repo['pageSummaries']>>[number];
type CityRow = Awaited<ReturnType<Repo['cities']>>[number];

export function toLeanCity(city: CityRow): TLeanCity {
  return {
    id: city.id,
    name: city.name,
    status: normaliseStatus(city.status),
    failedAt: city.failedAt?.toISOString() ?? null,
    failureReason: city.failureReason,
    zips: city.zips.slice(0, CITY_ZIPS_SHOWN),
    zipCount: city.zips.length,
    similarity: city.similarity === null ? null : Math.round(city.similarity * 100) / 100,
    tooSimilar: city.similarity !== null && city.similarity > SIMILARITY_THRESHOLD,
    similarToName: city.similarToName,
  };
}

/** The project's totals, summed from the per-county counts. */
export function cityTotals(counties: CountyCount[]) {
  const totals = { total: 0, queued: 0, similar: 0 };
  for (const c of counties) {
    totals.total += c.total;
    totals.queued += c.queued;
    totals.similar += c.similar;
  }
  return totals;
}

/**
 * State › county with counts; each county's cities when `cityRows` is given (a project small
 * enough to send whole), else null for the screen to fetch when the county is opened.
 */
export function toLeanStates(
  states: StateRow[],
  counties: CountyCount[],
  cityRows: CityRow[] | null,
): TLeanState[] {
  const citiesOf = new Map<string, TLeanCity[]>();
  for (const row of cityRows ?? []) {
    const list = citiesOf.get(row.countyId) ?? [];
    if (!citiesOf.has(row.countyId)) citiesOf.set(row.countyId, list);
    list.push(toLeanCity(row));
  }
  const byState = new Map<string, TLeanState['counties']>();
  for (const county of counties) {
    const list = byState.get(county.stateId) ?? [];
    if (!byState.has(county.stateId)) byState.set(county.stateId, list);
    list.push({
      id: county.id,
      name: county.name,
      cityCount: county.total,
      cities: cityRows ? (citiesOf.get(county.id) ?? []) : null,
    });
  }
  return states.map((state) => {
    const list = byState.get(state.id) ?? [];
    return {
      id: state.id,
      name: state.name,
      code: state.code,
      cityCount: list.reduce((n, c) => n + c.cityCount, 0),
      counties: list,
    };
  });
}

export function toLeanDetail(
  row: ProjectRow,
  pageRows: PageRef[],
  tree: { states: StateRow[]; counties: CountyCount[]; cityRows: CityRow[] | null },
  usage: Parameters<typeof detailHead>[3],
  deploy: DeployRow | null,
): TLeanProjectDetail {
  const totals = cityTotals(tree.counties);
  return {
    ...detailHead(row, pageRows, totals.total, usage, deploy),
    totalCities: totals.total,
    queuedCities: totals.queued,
    similarCities: totals.similar,
    states: toLeanStates(tree.states, tree.counties, tree.cityRows),
    headerLinks: row.headerLinks,
  };
}
