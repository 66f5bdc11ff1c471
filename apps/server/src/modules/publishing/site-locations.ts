import { PAGE_STATUS } from '@cityforge/shared';
import type { ProjectRow } from '../../db/schema/index.ts';
import {
  cityAreaServed,
  cityCrumbs,
  cityPageRef,
  cityPath,
  countyHub,
  stateHub,
  zipCodesHub,
  type HubCity,
  type HubPage,
  type ZipEntry,
  cityServicesBlock,
} from '../site/lean.ts';
import { COUNTY_SEATS } from '../locations/lean.ts';
import type { CityStub } from './publishing.repo.ts';
import type { PageSink, SiteReads } from './site-reads.ts';
import type { Faq } from '@cityforge/shared/html';
import type { ServiceCityPages } from './site-service-cities.ts';

type StateInfo = { id: string; code: string; name: string; slug: string };
type CountyInfo = { id: string; stateId: string; name: string; slug: string; cities: number };
type CityContent = { contentHtml: string | null; metaTags: string; faqs?: Faq[] | null };

/** Whether the last deploy made this page from the same input (its content need not be read). */
export type Unchanged = (path: string, input: string) => boolean;

const isWritten = (city: CityStub) => city.status === PAGE_STATUS.completed && city.hasContent;
/**
 * On the published site: written and, when the project stages its releases, released. A page
 * waiting for its batch is left out exactly like one not written yet.
 */
const isLive = (city: CityStub, staged: boolean) =>
  isWritten(city) && (!staged || city.releasedAt !== null);
type CityPage = ReturnType<typeof cityPage>;

/**
 * A city's page: where it lives and everything it is made of besides its content's digest.
 * `overflow`: past its county's seats, the page is one folder down (city-seats.ts).
 */
function cityPage(
  city: CityStub,
  county: CountyInfo,
  state: StateInfo,
  overflow: boolean,
  services?: ServiceCityPages,
) {
  const place = { city, county, state, overflow };
  const ref = cityPageRef(place);
  const breadcrumbs = cityCrumbs(place);
  const areaServed = cityAreaServed(city, state);
  // The place's service pages, linked under its own content.
  const links = services?.linksOf(place) ?? [];
  return {
    place,
    ref: { ...ref, path: ref.path! },
    breadcrumbs,
    areaServed,
    links,
    input: JSON.stringify([ref, city.contentHash, breadcrumbs, areaServed, city.held, links]),
  };
}

/** What the page above every state needs once the states are written. */
export type StatesSummary = {
  states: Array<{ name: string; slug: string; counties: number; cities: number }>;
  newest: Date | null;
};

// Code-point order, as PostgreSQL orders uuids (their text is lowercase hex).
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const later = (a: Date | null, b: Date) => (a && a > b ? a : b);
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/**
 * Writes the location part of the site: every written city page, each county's page once
 * its cities are through, each state's page and ZIP code list once its counties are. Cities
 * arrive in batches grouped by state and county, so only one county's and one state's
 * listing is held at a time, whatever the number of cities.
 */
export async function buildLocations(opts: {
  project: ProjectRow;
  repo: SiteReads;
  emit: PageSink;
  emitHub: (hub: HubPage, updatedAt: Date) => Promise<void>;
  batchSize?: number;
  unchanged?: Unchanged;
  /** The project's service-city pages, written with their cities. */
  serviceCities?: ServiceCityPages;
  states: StateInfo[];
  counties: Array<Omit<CountyInfo, 'cities'> & { cities: number | string }>;
}): Promise<StatesSummary> {
  const { project, repo, emit, emitHub, states, counties, serviceCities } = opts;
  const staged = project.releasePerDay !== null;
  const stateById = new Map<string, StateInfo>(states.map((s) => [s.id, s]));
  const countyById = new Map<string, CountyInfo>();
  const countiesOfState = new Map<string, CountyInfo[]>();
  for (const row of counties) {
    const info = { ...row, cities: Number(row.cities) };
    countyById.set(info.id, info);
    const list = countiesOfState.get(info.stateId) ?? [];
    if (!list.length) countiesOfState.set(info.stateId, list);
    list.push(info);
  }
  // Only a county past its seats has pages one folder down; its count is of every city in it,
  // as the seats are (not only the written ones).
  const full = counties.filter((c) => Number(c.cities) > COUNTY_SEATS).map((c) => c.id);
  const past = new Set(full.length ? await repo.citiesPastSeats({ countyIds: full }) : []);
  let newest: Date | null = null;

  let county: { info: CountyInfo; cities: HubCity[]; newest: Date } | null = null;
  let state: { info: StateInfo; zips: ZipEntry[]; newest: Date } | null = null;

  async function closeCounty() {
    if (!county || !state) return;
    const sorted = county.cities.sort(byName);
    await emitHub(countyHub(project, state.info, county.info, sorted), county.newest);
    state.newest = later(state.newest, county.newest);
    county = null;
  }

  async function closeState() {
    await closeCounty();
    if (!state) return;
    const list = [...(countiesOfState.get(state.info.id) ?? [])].sort(byName);
    await emitHub(
      stateHub(project, state.info, list, { zipPage: state.zips.length > 0 }),
      state.newest,
    );
    if (state.zips.length)
      await emitHub(zipCodesHub(project, state.info, state.zips), state.newest);
    newest = later(newest, state.newest);
    state = null;
  }

  async function add(city: CityStub, content: CityContent | undefined, page?: CityPage) {
    if (state?.info.id !== city.stateId) {
      await closeState();
      state = { info: stateById.get(city.stateId)!, zips: [], newest: city.updatedAt };
    }
    if (county?.info.id !== city.countyId) {
      await closeCounty();
      county = { info: countyById.get(city.countyId)!, cities: [], newest: city.updatedAt };
    }
    const written = isLive(city, staged);
    if (written) {
      const made =
        page ?? cityPage(city, county.info, state.info, past.has(city.id), serviceCities);
      const body = () => {
        // Only the content of pages the memo already holds is left unread.
        if (!content) throw new Error(`the content of ${made.ref.path} was not read`);
        const { breadcrumbs, areaServed } = made;
        return {
          contentHtml: content.contentHtml! + cityServicesBlock(city.name, made.links),
          metaTags: content.metaTags,
          faqs: content.faqs ?? undefined,
          breadcrumbs,
          areaServed,
          noindex: city.held,
        };
      };
      await emit(
        made.ref,
        { input: made.input, body, noindex: city.held, cityId: city.id },
        city.updatedAt,
      );
      await serviceCities?.emitFor(made.place, city.releasedAt);
    }
    county.cities.push({
      name: city.name,
      slug: city.slug,
      zips: city.zips,
      written,
      held: written && city.held,
      overflow: past.has(city.id),
    });
    county.newest = later(county.newest, city.updatedAt);
    const href = written ? cityPath(state.info, county.info, city, past.has(city.id)) : null;
    for (const zip of city.zips) state.zips.push({ zip, city: city.name, href });
  }

  /**
   * The pages of the batch's next cities, from `from` until about `size` pages with their
   * service pages, and the content of those that changed since the memo's deploy. A slice is
   * written and let go of before the next is read.
   */
  async function readSlice(batch: CityStub[], from: number, size: number) {
    const pages = new Map<string, CityPage>();
    const changed: string[] = [];
    let end = from;
    for (let count = 0; end < batch.length && count < size; end++) {
      const city = batch[end]!;
      if (!isLive(city, staged)) continue;
      const county = countyById.get(city.countyId)!;
      const state = stateById.get(city.stateId)!;
      const page = cityPage(city, county, state, past.has(city.id), serviceCities);
      pages.set(city.id, page);
      count += 1 + page.links.length;
      if (!opts.unchanged?.(page.ref.path, page.input)) changed.push(city.id);
    }
    await serviceCities?.readContents([...pages.values()].map((p) => p.place));
    const rows = await repo.cityContents(changed);
    return { end, pages, contents: new Map(rows.map((row) => [row.id, row])) };
  }

  /** A batch of cities: which of their service pages are written, then their pages by slices. */
  async function writeBatch(batch: CityStub[], size: number) {
    await serviceCities?.readBatch(batch.filter((c) => isLive(c, staged)).map((c) => c.id));
    for (let at = 0; at < batch.length;) {
      const { end, pages, contents } = await readSlice(batch, at, size);
      for (const city of batch.slice(at, end))
        await add(city, contents.get(city.id), pages.get(city.id));
      at = end;
    }
  }

  // Every city at once (~1 KB each in memory), in state, county, id order; the content of
  // their pages a few hundred pages at a time, and only where it changed since the last deploy.
  const stubs: CityStub[] = (await repo.cityStubs(project.id)).map((city) => ({
    ...city,
    stateId: countyById.get(city.countyId)!.stateId,
    // For the sitemap a page changed when it was written or when it went live, whichever is
    // later: each staged batch moves its pages' lastmod.
    updatedAt: later(city.releasedAt, city.updatedAt),
  }));
  stubs.sort(
    (a, b) =>
      compare(a.stateId, b.stateId) || compare(a.countyId, b.countyId) || compare(a.id, b.id),
  );
  const size = opts.batchSize ?? 250;
  for (let start = 0; start < stubs.length; start += size)
    await writeBatch(stubs.slice(start, start + size), size);
  await closeState();

  const summary = states.map((s) => {
    const own = countiesOfState.get(s.id) ?? [];
    return {
      name: s.name,
      slug: s.slug,
      counties: own.length,
      cities: own.reduce((n, c) => n + c.cities, 0),
    };
  });
  return { states: summary, newest };
}
