import type { ProjectRow, ServiceCityPageRow } from '../../db/schema/index.ts';
import { ZPageContent, type TPageContent } from '../pages/index.ts';
import type { ServiceCityRepo } from '../pages/index.ts';
import type { FactsRepo, LocationsRepo } from '../locations/index.ts';
import {
  serviceCityRef,
  renderContent,
  cityPath,
  escapeAttr,
  escapeHtml,
  placePhotoOf,
} from '../site/index.ts';
import { loadCityPage, placeMetaTags, type CityPage } from './city-page.ts';
import type { ServiceFocus } from './city-context.ts';
import type { PromptPage } from './prompts.ts';

/** A service's page for one city: the city's page as the writers know it, about one service. */
export type ServiceCityPage = {
  row: ServiceCityPageRow;
  place: CityPage;
  service: ServiceFocus;
};

const SUMMARY_CHARS = 1200;

/**
 * What the service's own page says of it, in short: its hero's line and its first text
 * section, so a city's page for the service starts from the same account of it. Before the
 * service page is written, the homepage's description of the service (its prompt).
 */
function summaryOf(content: unknown, fallback: string): string {
  const parsed = ZPageContent.safeParse(content);
  if (!parsed.success) return fallback.slice(0, SUMMARY_CHARS);
  const text = parsed.data.sections.find((s) => s.type === 'text');
  const parts = [parsed.data.hero.subheading, ...(text?.type === 'text' ? text.paragraphs : [])];
  return parts.join(' ').slice(0, SUMMARY_CHARS);
}

/** Everything a service-city page's writer and renderer need, from the project's own rows. */
export async function loadServiceCityPage(
  repos: { locations: LocationsRepo; facts: FactsRepo; serviceCities: ServiceCityRepo },
  project: ProjectRow,
  id: string,
): Promise<ServiceCityPage | null> {
  const found = await repos.serviceCities.find(project.id, id);
  if (!found) return null;
  const place = await loadCityPage(repos, project, found.page.cityId);
  if (!place) return null;
  const { service: s } = found;
  const service: ServiceFocus = {
    name: s.name,
    slug: s.slug,
    summary: summaryOf(s.content, s.prompt),
  };
  const ref = serviceCityRef(place, service);
  const context = {
    ...place.context,
    prompt: found.page.prompt,
    revision: found.page.revision,
    // The page is about this one service: the writers offer it and nothing else here.
    services: [{ title: s.name, description: service.summary || s.name }],
    paths: { ...place.context.paths, self: ref.path! },
    service,
  };
  return { row: found.page, place: { ...place, context }, service };
}

export function serviceCityPromptPage(page: ServiceCityPage): PromptPage {
  const { place, service } = page;
  return {
    kind: 'city',
    name: `${service.name} in ${place.city.name}, ${place.state.code}`,
    slug: service.slug,
    prompt: page.row.prompt,
    city: place.context,
  };
}

const cityHref = (place: CityPage) =>
  cityPath(place.state, place.county, place.city, place.overflow);

/** What a written service-city page stores: its content HTML and its meta tags. */
export function renderServiceCityParts(
  content: TPageContent,
  page: ServiceCityPage,
  project: ProjectRow,
) {
  const { place, service } = page;
  const { city } = place;
  const contentHtml = renderContent(content, serviceCityRef(place, service), project, {
    linkServices: project.createServicePages,
    // The way back to the city's page; its ZIP codes and neighbours are listed there once,
    // not again on each of its services' pages.
    extraSections: [
      `<section class="section alt" id="city"><div class="wrap"><p class="more-areas">` +
        `<a href="${escapeAttr(cityHref(place))}">Everything we do in ${escapeHtml(city.name)} &rarr;</a>` +
        `</p></div></section>`,
    ],
    // The place's photo beside the hero, as on its city page, described as this page's subject.
    photo:
      placePhotoOf(city.photoKey, {
        service: service.name,
        city: city.name,
        stateCode: place.state.code,
      }) ?? undefined,
  });
  // The city's own sheet title and description name the city page; the template names the
  // service with {service}, and without one the writer's title does.
  return { contentHtml, metaTags: placeMetaTags(content, place, service.name) };
}
