import {
  CITY_ZIPS_SHOWN,
  PAGE_STATUS,
  normaliseStatus,
  qualityVerdict,
  type TProjectGate,
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

const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

export function toLeanCity(city: CityRow, gate: TProjectGate): TLeanCity {
  const written = city.status === PAGE_STATUS.completed;
  const { verdict, reasons } = written
    ? qualityVerdict({ ...city, approved: city.approvedAt !== null }, gate)
    : { verdict: 'pending' as const, reasons: [] };
  return {
    id: city.id,
    name: city.name,
    status: normaliseStatus(city.status),
    failedAt: city.failedAt?.toISOString() ?? null,
    failureReason: city.failureReason,
    zips: city.zips.slice(0, CITY_ZIPS_SHOWN),
    zipCount: city.zips.length,
    similarity: round2(city.similarity),
    tooSimilar: city.similarity !== null && city.similarity > gate.maxSimilarity,
    similarToName: city.similarToName,
    factCount: city.factCount,
    factsChanged: city.factsChanged,
    quality: {
      verdict,
      reasons,
      localShare: round2(city.localShare),
      wordCount: city.wordCount,
      stuffing: city.stuffing,
    },
    servicePages: city.servicePages.map((page) => ({
      id: page.id,
      service: page.service,
      slug: page.slug,
      status: normaliseStatus(page.status),
      verdict:
        page.status === PAGE_STATUS.completed ? qualityVerdict(page, gate).verdict : 'pending',
    })),
  };
}

/** The project's totals, summed from the per-county counts. */
export function cityTotals(counties: CountyCount[]) {
  const totals = { total: 0, queued: 0, similar: 0, held: 0, scoring: 0, failed: 0 };
  for (const c of counties) {
    totals.total += c.total;
    totals.queued += c.queued;
    totals.similar += c.similar;
    totals.held += c.held;
    totals.scoring += c.scoring;
    totals.failed += c.failed;
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
  gate: TProjectGate,
): TLeanState[] {
  const citiesOf = new Map<string, TLeanCity[]>();
  for (const row of cityRows ?? []) {
    const list = citiesOf.get(row.countyId) ?? [];
    if (!citiesOf.has(row.countyId)) citiesOf.set(row.countyId, list);
    list.push(toLeanCity(row, gate));
  }
  const byState = new Map<string, TLeanState['counties']>();
  for (const county of counties) {
    const list = byState.get(county.stateId) ?? [];
    if (!byState.has(county.stateId)) byState.set(county.stateId, list);
    list.push({
      id: county.id,
      name: county.name,
      cityCount: county.total,
      heldCount: county.held,
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
  tree: {
    states: StateRow[];
    counties: CountyCount[];
    cityRows: CityRow[] | null;
    facts: { withFacts: number; changed: number; servicesChanged: number };
  },
  usage: Parameters<typeof detailHead>[3],
  deploy: DeployRow | null,
  release: Parameters<typeof detailHead>[5],
  gate: TProjectGate,
): TLeanProjectDetail {
  const totals = cityTotals(tree.counties);
  return {
    ...detailHead(row, pageRows, totals.total, usage, deploy, release, totals.held),
    totalCities: totals.total,
    queuedCities: totals.queued,
    similarCities: totals.similar,
    heldBackCities: totals.held,
    scoringCities: totals.scoring,
    failedCities: totals.failed,
    citiesWithFacts: tree.facts.withFacts,
    factsChangedCities: tree.facts.changed,
    factsChangedServicePages: tree.facts.servicesChanged,
    qualityGate: gate,
    states: toLeanStates(tree.states, tree.counties, tree.cityRows, gate),
    headerLinks: row.headerLinks,
  };
}
