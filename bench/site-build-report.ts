import type { SeededSite } from './site-build-data.ts';
import type { HugoRun } from './site-build-hugo.ts';
import type { BuildReport } from './site-build-worker.ts';

/** The lines the site group prints; one figure per line, never asserted. */

export type Line = (name: string, value: string, budget?: string) => void;
export type Prepared = SeededSite & {
  size: number;
  seedMs: number;
  scoreMs: number;
  /** The longest the scoring held the thread that answers requests. */
  scoreStallMs: number;
  hugoDir: string | null;
};

export const BUDGET_S = 10;
/** The speed that budget asks for: 10,000 pages in 10 s. */
const BUDGET_PAGES_PER_S = 1_000;
export const BUDGET_MB = 512;

export const n = (value: number) => value.toLocaleString('en-US');
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const cpu = (r: BuildReport) => `CPU user ${s(r.cpu.user / 1000)} + sys ${s(r.cpu.system / 1000)}`;

/** "10,000 cities", or "10,000 cities × 5 services" with service-city pages. */
export const siteLabel = (site: Prepared) =>
  `${n(site.cities)} cities${site.serviceCities ? ` × ${site.serviceCities / site.cities} services` : ''}`;

/** The build's time budget: 10 s for a city site; at the same speed per page with services. */
const budgetOf = (site: Prepared, r: BuildReport) =>
  site.serviceCities ? r.pages / BUDGET_PAGES_PER_S : BUDGET_S;

export function printSeed(line: Line, site: Prepared) {
  line(
    `site build, ${siteLabel(site)}: seed`,
    s(site.seedMs),
    `${site.states} states, ${n(site.counties)} counties, ~${site.htmlKb.toFixed(1)} KB content HTML per city (offline writer); then scored as after a run in ${s(site.scoreMs)} (not counted)`,
  );
  line(
    `site build, ${siteLabel(site)}: scoring's longest stall`,
    `${site.scoreStallMs.toFixed(0)} ms`,
    'of the thread that answers requests, while the scoring process measures every page',
  );
}

export function printBuild(line: Line, site: Prepared, r: BuildReport) {
  const label = `site build, ${siteLabel(site)}`;
  const hubs = r.pages - site.pages - site.cities - site.serviceCities;
  const budget = budgetOf(site, r);
  const services = site.serviceCities ? ` + ${n(site.serviceCities)} service-city` : '';
  line(
    `${label}: pages / files`,
    `${n(r.pages)} / ${n(r.files)}`,
    `${n(site.cities)} city${services} + ${site.pages} written + ${n(hubs)} listing pages; ${n(r.filesOnDisk)} files on disk`,
  );
  line(`${label}: written`, mb(r.bytes), `${(r.bytes / r.files / 1024).toFixed(1)} KB per file`);
  line(
    `${label}: time`,
    s(r.buildMs),
    `cold, own process, output on disk; ${cpu(r)}; db open ${r.openMs.toFixed(0)} ms not counted; budget < ${s(budget * 1000)}`,
  );
  line(
    `${label}: pages/s`,
    n(Math.round(r.pages / (r.buildMs / 1000))),
    `${(r.buildMs / r.pages).toFixed(3)} ms a page; budget ≥ ${n(BUDGET_PAGES_PER_S)} pages/s (10,000 pages in ${BUDGET_S} s)`,
  );
  line(
    `${label}: city reads`,
    s(r.reads.ms),
    `${r.reads.batches} city queries (stubs, then content by id), ${(r.reads.ms / r.reads.batches).toFixed(1)} ms each: time the build waits for the database`,
  );
  line(
    `${label}: peak RSS`,
    mb(r.peak.rss),
    `${mb(r.before.rss)} before the build (PGlite open), +${mb(r.peak.rss - r.before.rss)} during it; ` +
      `process max ${mb(r.maxRss)} (kernel); budget < ${BUDGET_MB} MB`,
  );
  line(
    `${label}: peak heapUsed`,
    mb(r.peak.heapUsed),
    `${mb(r.before.heapUsed)} before the build; peak external ${mb(r.peak.external)} (mostly PGlite's WASM memory)`,
  );
  const fast = r.buildMs / 1000 < budget;
  const small = r.peak.rss / 1024 / 1024 < BUDGET_MB;
  line(
    `${label}: vs budget`,
    fast && small
      ? 'within'
      : `OVER (${[fast ? '' : 'time', small ? '' : 'RSS'].filter(Boolean).join(', ')})`,
    `goal < ${s(budget * 1000)} and < ${BUDGET_MB} MB: ${s(r.buildMs)}, ${mb(r.peak.rss)} peak RSS, ${mb(r.peak.heapUsed)} heap`,
  );
}

/** A variant of the largest build (other output folder, other V8 flags): the figures that move. */
export function printVariant(
  line: Line,
  site: Prepared,
  what: string,
  r: BuildReport,
  note: string,
) {
  line(
    `site build, ${n(site.cities)} cities, ${what}`,
    s(r.buildMs),
    `${n(Math.round(r.pages / (r.buildMs / 1000)))} pages/s, ${cpu(r)}; peak RSS ${mb(r.peak.rss)} ` +
      `(${mb(r.before.rss)} before), heapUsed ${mb(r.peak.heapUsed)}; ${note}`,
  );
}

export function printGrowth(line: Line, sites: Prepared[], reports: BuildReport[]) {
  const [few, many] = [sites[0]!, sites.at(-1)!];
  const [small, large] = [reports[0]!, reports.at(-1)!];
  line(
    `site build: ${n(few.cities)} → ${n(many.cities)} cities, heapUsed`,
    `${mb(small.peak.heapUsed)} → ${mb(large.peak.heapUsed)}`,
    `peak RSS ${mb(small.peak.rss)} → ${mb(large.peak.rss)}, growth over PGlite-open ` +
      `+${mb(small.peak.rss - small.before.rss)} → +${mb(large.peak.rss - large.before.rss)}; flat = memory does not grow with pages`,
  );
}

export function printFloor(line: Line, r: BuildReport, ms: number, cpuMs: number) {
  line(
    `disk floor: ${n(r.files)} plain files, ${mb(r.bytes)}`,
    s(ms),
    `fs.writeFile 16 at a time into the same temp folder, no rendering (CPU sys ${s(cpuMs)}): the file system's share of the build`,
  );
}

export function printHugo(
  line: Line,
  label: string,
  run: HugoRun,
  ours: BuildReport,
  where: string,
) {
  line(
    `${label}: time`,
    s(run.ms),
    `${n(run.htmlFiles)} HTML of ${n(run.files)} files, output ${where}, peak RSS ${run.peakRss ? mb(run.peakRss) : 'n/a'}; same content HTML, trivial layout`,
  );
  line(
    `${label}: ours / hugo`,
    `${(ours.buildMs / run.ms).toFixed(2)} ×`,
    `time (ours ${s(ours.buildMs)}, output ${where}); peak RSS ${run.peakRss ? `${(ours.peak.rss / run.peakRss).toFixed(2)} ×` : 'n/a'}`,
  );
}
