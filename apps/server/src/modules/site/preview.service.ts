import { MSG, PAGE_STATUS } from '@cityforge/shared';
import type { CityRow, PageRow, ProjectRow, UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { ZPageContent } from '../generation/content.ts';
import { cityCrumbs, cityPageRef } from '../locations/city-page.ts';
import type { LocationsRepo } from '../locations/locations.repo.ts';
import type { ProjectsRepo } from '../projects/projects.repo.ts';
import { cityPath, countyPath, locationCrumbs, pagePath, statePath, STATES_PATH } from './paths.ts';
import type { Crumb, PageRef } from './paths.ts';
import { faqsOf } from './render-content.ts';
import { renderDocument } from './render-document.ts';
import { plural, renderHub, type HubLink } from './render-locations.ts';
import { themeCss, themeFor } from './theme.ts';
import { renderMetaTags } from './meta.ts';

type Deps = {
  projectsRepo: ProjectsRepo;
  locationsRepo: LocationsRepo;
  owned: (user: UserRow, id: string) => Promise<ProjectRow>;
};

/** The footer links every page: the written main pages, then the services index. */
function footerPages(pages: PageRow[]): Crumb[] {
  return pages
    .filter((p) => p.kind === 'main' && p.status === PAGE_STATUS.completed)
    .map((p) => ({ name: p.name, href: pagePath(p) }));
}

function notReady(page: Pick<PageRow, 'status' | 'failureReason'>): AppError {
  if (page.status === PAGE_STATUS.failed)
    return new AppError(
      'conflict',
      `This page could not be generated: ${page.failureReason ?? 'unknown reason'}`,
    );
  return new AppError('conflict', 'This page is still being generated.');
}

const isWritten = (c: Pick<CityRow, 'status' | 'contentHtml'>) =>
  c.status === PAGE_STATUS.completed && c.contentHtml !== null;

/** Complete HTML of one page of the generated site, as the in-app preview shows it. */
export function createPreviewService(deps: Deps) {
  const { locationsRepo: repo } = deps;

  function document(
    project: ProjectRow,
    pages: PageRow[],
    page: PageRef,
    body: { contentHtml: string; metaTags: string; content?: unknown; breadcrumbs?: Crumb[] },
    areaServed?: string[],
  ) {
    const content = ZPageContent.safeParse(body.content);
    const html = renderDocument({
      project,
      page,
      contentHtml: body.contentHtml,
      metaTags: body.metaTags,
      nav: { pages: footerPages(pages) },
      css: { inline: themeCss(themeFor(project)) },
      mode: 'preview',
      faqs: content.success ? faqsOf(content.data) : [],
      breadcrumbs: body.breadcrumbs,
      areaServed,
    });
    return { html };
  }

  async function render(
    user: UserRow,
    id: string,
    pick: (pages: PageRow[]) => PageRow | undefined,
  ) {
    const project = await deps.owned(user, id);
    const pages = await deps.projectsRepo.pagesOf(project.id);
    const page = pick(pages);
    if (!page) throw notFound('Page not found.');
    if (page.contentHtml === null) throw notReady(page);
    return document(project, pages, page, {
      contentHtml: page.contentHtml,
      metaTags: page.metaTags,
      content: page.content,
    });
  }

  /** A hub page (states, a state, a county): listed places, the way up, no model text. */
  async function hub(
    project: ProjectRow,
    input: { ref: PageRef; crumbs: Crumb[]; heading: string; lead: string; listHeading: string },
    links: HubLink[],
  ) {
    const pages = await deps.projectsRepo.pagesOf(project.id);
    const contentHtml = renderHub({
      project,
      eyebrow: project.serviceType || project.name,
      heading: input.heading,
      lead: input.lead,
      listHeading: input.listHeading,
      links,
    });
    const metaTags = renderMetaTags({
      title: `${input.heading} | ${project.name}`,
      description: input.lead,
    });
    return document(project, pages, input.ref, {
      contentHtml,
      metaTags,
      breadcrumbs: input.crumbs,
    });
  }

  /** Another user's project and a missing one answer alike (spec: 'Project ID or State ID not found'). */
  async function ownedOr404(user: UserRow, id: string, message: string) {
    try {
      return await deps.owned(user, id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') throw notFound(message);
      throw error;
    }
  }

  const service = (project: ProjectRow) => project.serviceType || 'Our services';

  return {
    homepage: (user: UserRow, id: string) =>
      render(user, id, (pages) => pages.find((p) => p.kind === 'homepage')),
    page: (user: UserRow, id: string, pageId: string) =>
      render(user, id, (pages) => pages.find((p) => p.id === pageId)),

    async states(user: UserRow, id: string) {
      const project = await deps.owned(user, id);
      const states = await repo.states(project.id);
      const cities = states.reduce((n, s) => n + Number(s.cities), 0);
      return hub(
        project,
        {
          ref: { kind: 'hub', name: 'Service Areas', slug: 'states', path: STATES_PATH },
          crumbs: locationCrumbs([]),
          heading: `${service(project)} Service Areas`,
          lead: states.length
            ? `${project.name} serves ${plural(cities, 'city', 'cities')} in ${plural(states.length, 'state')}. Choose a state to see the counties and cities we cover.`
            : `${project.name} has not listed its service areas yet.`,
          listHeading: 'States We Serve',
        },
        states.map((s) => ({
          name: s.name,
          href: statePath(s),
          detail: `${plural(Number(s.counties), 'county', 'counties')}, ${plural(Number(s.cities), 'city', 'cities')}`,
        })),
      );
    },

    async counties(user: UserRow, id: string, stateId: string) {
      const project = await ownedOr404(user, id, MSG.stateNotFound);
      const state = await repo.findState(project.id, stateId);
      if (!state) throw notFound(MSG.stateNotFound);
      const counties = await repo.countiesOf(state.id);
      const cities = counties.reduce((n, c) => n + Number(c.cities), 0);
      return hub(
        project,
        {
          ref: { kind: 'hub', name: state.name, slug: state.slug, path: statePath(state) },
          crumbs: locationCrumbs([{ name: state.name, href: statePath(state) }]),
          heading: `${service(project)} in ${state.name}`,
          lead: `${project.name} serves ${plural(cities, 'city', 'cities')} across ${plural(counties.length, 'county', 'counties')} in ${state.name}.`,
          listHeading: `Counties We Serve in ${state.name}`,
        },
        counties.map((c) => ({
          name: c.name,
          href: countyPath(state, c),
          detail: plural(Number(c.cities), 'city', 'cities'),
        })),
      );
    },

    async cities(user: UserRow, id: string, countyId: string) {
      const project = await deps.owned(user, id);
      const found = await repo.findCounty(project.id, countyId);
      if (!found) throw notFound('County not found.');
      const { county, state } = found;
      const cities = await repo.citiesOf(county.id);
      const zips = new Set(cities.flatMap((c) => c.zips)).size;
      return hub(
        project,
        {
          ref: {
            kind: 'hub',
            name: county.name,
            slug: county.slug,
            path: countyPath(state, county),
          },
          crumbs: locationCrumbs([
            { name: state.name, href: statePath(state) },
            { name: county.name, href: countyPath(state, county) },
          ]),
          heading: `${service(project)} in ${county.name}, ${state.code}`,
          lead: `${project.name} serves ${plural(cities.length, 'city', 'cities')} and ${plural(zips, 'ZIP code')} in ${county.name}, ${state.name}.`,
          listHeading: `Cities We Serve in ${county.name}`,
        },
        cities.map((c) => ({
          name: c.name,
          // Only written pages exist on the site; the others are named but not linked yet.
          href: isWritten(c) ? cityPath(state, county, c) : null,
          detail: c.zips.length
            ? `ZIP ${c.zips.slice(0, 4).join(', ')}${c.zips.length > 4 ? ` and ${c.zips.length - 4} more` : ''}`
            : `${c.name}, ${state.code}`,
        })),
      );
    },

    /** The city page itself (the spec's "zip codes of a city" preview). */
    async zipcodes(user: UserRow, id: string, cityId: string) {
      const project = await deps.owned(user, id);
      const pages = await deps.projectsRepo.pagesOf(project.id);
      const page = await repo.findCity(project.id, cityId);
      if (!page) throw notFound('City not found.');
      if (!isWritten(page.city)) throw notReady(page.city);
      return document(
        project,
        pages,
        cityPageRef(page),
        {
          contentHtml: page.city.contentHtml!,
          metaTags: page.city.metaTags,
          content: page.city.content,
          breadcrumbs: cityCrumbs(page),
        },
        [`${page.city.name}, ${page.state.code}`, ...page.city.zips],
      );
    },
  };
}
export type PreviewService = ReturnType<typeof createPreviewService>;
