import {
  qualityVerdict,
  type TProjectGate,
  type TServiceCityNode,
  SIMILARITY_THRESHOLD,
  normaliseStatus,
  OUTPUT_MODES,
  orderNetlifyUrls,
  type TPageSummary,
  type TDeployment,
  type TProject,
  type TProjectDetail,
  type TProjectSettings,
  type TReleaseProgress,
  type TStateNode,
  type TUsageEntry,
} from '@cityforge/shared';
import type { DeployRow, PageRow, ProjectRow } from '../../db/schema/index.ts';
import { capOf } from '../../lib/usd.ts';
import { findModel } from '../models/index.ts';
import { gateOf } from '../pages/index.ts';
import type { ProjectsRepo, ServiceCityRow } from './projects.repo.ts';

type UsageRow = {
  callType: string;
  model: string;
  outputMode: string | null;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  costUsd: number | null;
  createdAt: Date | string;
  pageId?: string | null;
  cityId?: string | null;
};
type Tree = Awaited<ReturnType<ProjectsRepo['locationTree']>>;
/** What a page summary needs of a page row (not its content). */
type PageRef = Pick<
  PageRow,
  'id' | 'kind' | 'name' | 'slug' | 'status' | 'failedAt' | 'failureReason' | 'model' | 'prompt'
>;

export const toUsage = (u: UsageRow): TUsageEntry => ({
  promptTokens: Number(u.promptTokens),
  completionTokens: Number(u.completionTokens),
  totalTokens: Number(u.totalTokens),
  createdAt: new Date(u.createdAt).toISOString(),
  callType: u.callType,
  model: u.model,
  outputMode: OUTPUT_MODES.find((m) => m === u.outputMode) ?? null,
  costUsd: u.costUsd === null ? null : Number(u.costUsd),
});

const modelRef = (id: string) => ({ id, name: findModel(id)?.name ?? id });
const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toDeployment = (d: DeployRow): TDeployment => ({
  id: d.id,
  state: d.state,
  filesTotal: d.filesTotal,
  filesToUpload: d.filesToUpload,
  filesUploaded: d.filesUploaded,
  error: d.error,
  note: d.note,
  indexNow: d.indexNow,
  siteUrl: d.siteUrl,
  startedAt: d.startedAt.toISOString(),
  finishedAt: iso(d.finishedAt),
});

/** Written and released city pages of a project (projects.repo releaseCounts). */
export type ReleaseCounts = { written: number; live: number };

/** A staged project's progress for its card; null without staging. */
export function toReleaseProgress(
  row: ProjectRow,
  cityCount: number,
  counts: ReleaseCounts | undefined,
): TReleaseProgress | null {
  if (row.releasePerDay === null) return null;
  return {
    perDay: row.releasePerDay,
    live: counts?.live ?? 0,
    written: counts?.written ?? 0,
    total: cityCount,
    nextAt: iso(row.nextReleaseAt),
    paused: row.releasePaused,
  };
}

export function toProjectDto(
  row: ProjectRow,
  cityCount: number,
  usage: UsageRow[],
  deploy: DeployRow | null,
  release: TReleaseProgress | null,
  heldBackCities = 0,
): TProject {
  return {
    id: row.id,
    name: row.name,
    serviceType: row.serviceType,
    model: row.model,
    prompt: '',
    contactPhoneNumber: row.contactPhoneNumber,
    email: row.email,
    clientDomain: row.clientDomain,
    isDomainVerified: row.isDomainVerified,
    createServicePages: row.createServicePages,
    totalCityPages: cityCount,
    status: normaliseStatus(row.status),
    createdAt: row.createdAt.toISOString(),
    netlifySiteUrl: row.netlifySiteUrl,
    netlifyLink: row.netlifySiteUrl,
    netlifySiteUrlHistory: row.netlifySiteUrlHistory.join(','),
    netlifyUrls: orderNetlifyUrls(row.netlifySiteUrl, row.netlifySiteUrlHistory),
    hasSiteMap: row.hasSiteMap,
    deployment: deploy ? toDeployment(deploy) : null,
    usage: usage.map(toUsage),
    release,
    heldBackCities,
  };
}

/** Groups rows by a key once per answer, so building the tree stays linear. */
function groupBy<T, V = T>(
  rows: T[],
  key: (row: T) => string | null | undefined,
  map?: (row: T) => V,
) {
  const groups = new Map<string, V[]>();
  for (const row of rows) {
    const k = key(row);
    if (!k) continue;
    const list = groups.get(k) ?? [];
    if (!groups.has(k)) groups.set(k, list);
    list.push(map ? map(row) : (row as unknown as V));
  }
  return groups;
}

type UsageIndex = Map<string, TUsageEntry[]>;
const indexUsage = (usage: UsageRow[], key: 'pageId' | 'cityId'): UsageIndex =>
  groupBy(usage, (u) => u[key], toUsage);

function toPageSummary(page: PageRef, usage: UsageIndex): TPageSummary {
  return {
    id: page.id,
    name: page.name,
    slug: page.slug,
    status: normaliseStatus(page.status),
    failedAt: iso(page.failedAt),
    failureReason: page.failureReason,
    model: modelRef(page.model),
    prompt: page.prompt,
    usage: usage.get(page.id) ?? [],
  };
}

/** A city's service pages with the gate's verdict on each (pending until scored). */
function serviceNodes(rows: ServiceCityRow[], gate: TProjectGate): TServiceCityNode[] {
  return rows.map((r) => ({
    id: r.id,
    service: r.service,
    slug: r.slug,
    status: normaliseStatus(r.status),
    verdict: qualityVerdict({ ...r, approved: r.approvedAt !== null }, gate).verdict,
  }));
}

export function toStateTree(tree: Tree, usage: UsageRow[], gate: TProjectGate): TStateNode[] {
  const byCity = indexUsage(usage, 'cityId');
  const servicesByCity = groupBy(tree.serviceCities, (s) => s.cityId);
  const citiesByCounty = groupBy(tree.cities, (c) => c.countyId);
  const countiesByState = groupBy(tree.counties, (c) => c.stateId);
  return tree.states.map((state) => ({
    id: state.id,
    name: state.name,
    code: state.code,
    slug: state.slug,
    counties: (countiesByState.get(state.id) ?? []).map((county) => ({
      id: county.id,
      name: county.name,
      slug: county.slug,
      cities: (citiesByCounty.get(county.id) ?? []).map((city) => ({
        id: city.id,
        name: city.name,
        slug: city.slug,
        zips: city.zips,
        similarity: city.similarity === null ? null : Math.round(city.similarity * 100) / 100,
        similarTo: city.similarTo,
        tooSimilar: city.similarity !== null && city.similarity > SIMILARITY_THRESHOLD,
        factCount: city.factCount,
        status: normaliseStatus(city.status),
        failedAt: iso(city.failedAt),
        failureReason: city.failureReason,
        model: modelRef(city.model),
        usage: byCity.get(city.id) ?? [],
        servicePages: serviceNodes(servicesByCity.get(city.id) ?? [], gate),
      })),
    })),
  }));
}

/** What both forms of the detail say before the tree: the project and its pages. */
export function detailHead(
  row: ProjectRow,
  pageRows: PageRef[],
  cityCount: number,
  usage: UsageRow[],
  deploy: DeployRow | null,
  release: TReleaseProgress | null,
  heldBackCities = 0,
) {
  const byPage = indexUsage(usage, 'pageId');
  const homepageFirst = [...pageRows].sort(
    (a, b) => Number(b.kind === 'homepage') - Number(a.kind === 'homepage'),
  );
  return {
    ...toProjectDto(row, cityCount, usage, deploy, release, heldBackCities),
    deploymentStatus: deploy?.state ?? null,
    userPrompt: row.prompt,
    metaTagsTemplate: row.metaTagsTemplate,
    pages: homepageFirst.filter((p) => p.kind !== 'service').map((p) => toPageSummary(p, byPage)),
    servicePages: pageRows.filter((p) => p.kind === 'service').map((p) => toPageSummary(p, byPage)),
  };
}

export function toProjectDetail(
  row: ProjectRow,
  pageRows: PageRow[],
  tree: Tree,
  usage: UsageRow[],
  deploy: DeployRow | null,
  release: TReleaseProgress | null,
  heldBackCities: number,
  gate: TProjectGate,
): TProjectDetail {
  return {
    ...detailHead(row, pageRows, tree.cities.length, usage, deploy, release, heldBackCities),
    totalCities: tree.cities.length,
    queuedCities: tree.cities.filter((c) =>
      ['queued', 'in progress'].includes(c.status.toLowerCase()),
    ).length,
    states: toStateTree(tree, usage, gate),
    headerLinks: row.headerLinks,
  };
}

export function toSettings(row: ProjectRow): TProjectSettings {
  return {
    metaTags: row.metaTagsTemplate,
    trackingCodeHead: row.trackingCodeHead,
    trackingCodeBody: row.trackingCodeBody,
    email: row.email,
    clientDomain: row.clientDomain ?? '',
    contactPhoneNumber: row.contactPhoneNumber,
    qualityGate: gateOf(row),
    indexNow: row.indexNow,
    release: {
      perDay: row.releasePerDay,
      time: row.releaseTime,
      timeZone: row.releaseTimeZone,
      paused: row.releasePaused,
    },
    spendingCapUsd: capOf(row.spendingCapUsd),
    servicePages: row.servicePages,
    requireClientApproval: row.requireClientApproval,
  };
}
