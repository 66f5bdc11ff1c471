import type { CityRow, ProjectRow } from '../../db/schema/index.ts';
import type { CityContext, NearbyCity } from './city-context.ts';
import { ZPageContent, type TPageContent } from '../pages/index.ts';
import { offlineServices } from './offline/services.ts';
import type { PromptPage } from './prompts.ts';
import {
  escapeAttr,
  escapeHtml,
  overrideMetaTags,
  renderMetaTags,
  placePhotoOf,
  cityPageRef,
  cityPath,
  countyPath,
  statePath,
  STATES_PATH,
  renderContent,
  cityLocalSections,
} from '../site/index.ts';
import { KM_PER_MILE, haversineKm, type Point } from '../../lib/geo-math.ts';
import type { FactsRepo, CountyRow, LocationsRepo, StateRow } from '../locations/index.ts';

/** Neighbours a city page names and links to: the nearest few, and only if truly near. */
const NEARBY = 6;
const NEARBY_MAX_MILES = 100;
/** Great-circle distance in whole miles. */
export function miles(a: Point, b: Point) {
  return Math.round(haversineKm(a, b) / KM_PER_MILE);
}

export type CityPage = {
  city: CityRow;
  county: CountyRow;
  state: StateRow;
  /** Past its county's seats: its page sits in a subfolder of the county's (city-seats.ts). */
  overflow: boolean;
  context: CityContext;
};

/** The services the homepage lists, so city pages and the homepage agree. */
function servicesOf(project: ProjectRow, homepageContent: unknown) {
  const parsed = ZPageContent.safeParse(homepageContent);
  const items = parsed.success
    ? parsed.data.sections.flatMap((s) => (s.type === 'services' ? s.items : []))
    : [];
  return (items.length ? items : offlineServices(project)).slice(0, 12);
}

/** Everything a city page's writer and renderer need, from the project's own rows. */
export async function loadCityPage(
  repos: { locations: LocationsRepo; facts: FactsRepo },
  project: ProjectRow,
  cityId: string,
): Promise<CityPage | null> {
  const repo = repos.locations;
  const found = await repo.findCity(project.id, cityId);
  if (!found) return null;
  const { city, county, state, overflow } = found;
  const here =
    city.latitude !== null && city.longitude !== null
      ? { id: city.id, latitude: city.latitude, longitude: city.longitude }
      : null;
  const [neighbours, countyCities, homepage, facts] = await Promise.all([
    here ? repo.nearest(project.id, here, NEARBY) : Promise.resolve([]),
    repo.countyCityCount(county.id),
    repo.homepageContent(project.id),
    repos.facts.ofCities([city.id]),
  ]);
  // Links are written into the page: each must name where its city's page really is.
  const past = new Set(await repo.citiesPastSeats({ cityIds: neighbours.map((n) => n.id) }));
  const nearby: NearbyCity[] = neighbours
    .map((n) => ({
      name: n.name,
      stateId: n.stateCode,
      miles: here ? miles(here, { latitude: n.latitude!, longitude: n.longitude! }) : 0,
      href: cityPath({ slug: n.stateSlug }, { slug: n.countySlug }, n, past.has(n.id)),
    }))
    .filter((n) => n.miles <= NEARBY_MAX_MILES);
  return {
    city,
    county,
    state,
    overflow,
    context: {
      name: city.name,
      slug: city.slug,
      stateId: state.code,
      stateName: state.name,
      county: county.name,
      otherCounties: city.otherCounties,
      zips: city.zips,
      nearby,
      countyCities,
      services: servicesOf(project, homepage),
      prompt: city.prompt,
      facts: facts.get(city.id) ?? [],
      revision: city.revision,
      paths: {
        states: STATES_PATH,
        state: statePath(state),
        county: countyPath(state, county),
        self: cityPath(state, county, city, overflow),
      },
    },
  };
}

export function cityPromptPage(page: CityPage): PromptPage {
  return {
    kind: 'city',
    name: `${page.city.name}, ${page.state.code}`,
    slug: page.city.slug,
    prompt: page.city.prompt,
    city: page.context,
  };
}

/** The user's template with the city's values; values are escaped, the template is theirs. */
function fillMetaTemplate(
  template: string,
  place: { city: string; stateId: string; stateName: string; zips: string[]; service: string },
): string {
  const values: Record<string, string> = {
    '{city}': place.city,
    '{state_id}': place.stateId,
    '{state_name}': place.stateName,
    '{zips}': place.zips.join(', '),
    '{service}': place.service,
  };
  const fill = (text: string, escape: (v: string) => string) =>
    text.replace(/\{(city|state_id|state_name|zips|service)\}/g, (m) => escape(values[m]!));
  // Plain text is a title on its first line and a description after it.
  if (!/<[a-z!]/i.test(template)) {
    const [title = '', ...rest] = fill(template, (v) => v).split(/\r?\n/);
    const description = rest.join(' ').trim();
    return (
      `<title>${escapeHtml(title.trim())}</title>` +
      (description ? `\n<meta name="description" content="${escapeAttr(description)}">` : '')
    );
  }
  return fill(template, escapeAttr);
}

/**
 * The meta tags of a page of a place (the city's, or a service's in it): the city's template
 * filled, its {service} the one the page offers, else the writer's own.
 */
export function placeMetaTags(
  content: TPageContent,
  { city, state }: Pick<CityPage, 'city' | 'state'>,
  service: string,
): string {
  if (!city.metaTemplate) return renderMetaTags(content.meta);
  return fillMetaTemplate(city.metaTemplate, {
    city: city.name,
    stateId: state.code,
    stateName: state.name,
    zips: city.zips,
    service,
  });
}

/** What a written city page stores: its content HTML and its meta tags. */
export function renderCityParts(content: TPageContent, page: CityPage, project: ProjectRow) {
  const { context, city } = page;
  const contentHtml = renderContent(content, cityPageRef(page), project, {
    linkServices: project.createServicePages,
    extraSections: cityLocalSections({
      city: city.name,
      county: { name: page.county.name, href: context.paths.county },
      zips: city.zips,
      nearby: context.nearby,
    }),
    photo:
      placePhotoOf(city.photoKey, {
        service: project.serviceType || project.name,
        city: city.name,
        stateCode: page.state.code,
      }) ?? undefined,
  });
  // A city page offers the business's service: its type names it.
  const metaTags = placeMetaTags(content, page, project.serviceType);
  // The sheet's own title and description for this place win over the template and the model.
  return {
    contentHtml,
    metaTags: overrideMetaTags(metaTags, {
      title: city.pageTitle,
      description: city.metaDescription,
    }),
  };
}
