import type { z } from 'zod';
import { MSG, PAGE_STATUS, type ZEditorViewQuery } from '@cityforge/shared';
import type { PageRow, ProjectRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { cityPageFrame, serviceCityFrame } from '../site/index.ts';
import type { ServiceCityRepo, VersionOwner } from '../pages/index.ts';
import type { LocationsRepo } from '../locations/index.ts';
import type { ProjectsRepo } from '../projects/index.ts';
import type { Crumb, PageRef } from '../site/index.ts';
import type { EditorRepo } from './editor.repo.ts';

/** One editable page: a site page or a city page, with what rendering it needs. */
export type EditorTarget = {
  kind: 'homepage' | 'main' | 'service' | 'city' | 'service-city';
  id: string;
  owner: VersionOwner;
  name: string;
  model: string;
  status: string;
  contentHtml: string | null;
  metaTags: string;
  failureReason: string | null;
  ref: PageRef;
  breadcrumbs?: Crumb[];
  areaServed?: string[];
};

/**
 * Which page a call is about: a city (with a service, its page for that service), a page, or
 * (neither given) the homepage.
 */
export type TargetIds = { page_id?: string; city_id?: string; service?: string | undefined };
export type ViewQuery = z.output<typeof ZEditorViewQuery>;

const pageNotFound = () => notFound('Page not found.');
const needsCity = () =>
  new AppError('bad_request', 'A service page of a city is named with its city (city_id).');

function fromPage(page: PageRow): EditorTarget {
  return {
    ...page,
    owner: { pageId: page.id },
    ref: { kind: page.kind, name: page.name, slug: page.slug },
  };
}

/** A page not written yet cannot be edited: the job writing it would overwrite the edit. */
export function assertWritten(
  target: Pick<EditorTarget, 'status' | 'contentHtml' | 'failureReason'>,
) {
  if (target.status === PAGE_STATUS.completed && target.contentHtml !== null) return;
  if (target.status === PAGE_STATUS.failed)
    throw new AppError(
      'conflict',
      `This page could not be generated: ${target.failureReason ?? 'unknown reason'}`,
    );
  throw new AppError('conflict', MSG.pageNotWritten);
}

/** Slugs are unique per kind; a main page wins over a service page of the same slug. */
function bySlug(pages: PageRow[], slug: string, service: boolean | undefined) {
  const matches = pages.filter((p) => p.slug === slug);
  if (service === true) return matches.find((p) => p.kind === 'service');
  if (service === false) return matches.find((p) => p.kind !== 'service');
  return matches.find((p) => p.kind !== 'service') ?? matches[0];
}

export function createTargets(deps: {
  projectsRepo: ProjectsRepo;
  locationsRepo: LocationsRepo;
  serviceCityRepo: ServiceCityRepo;
  repo: EditorRepo;
}) {
  /** A city's page for one service: found by its city and its service's slug. */
  async function serviceCity(
    project: ProjectRow,
    cityId: string,
    slug: string,
  ): Promise<EditorTarget> {
    const [place, found] = await Promise.all([
      deps.locationsRepo.findCity(project.id, cityId),
      deps.serviceCityRepo.findByPlace(project.id, cityId, slug),
    ]);
    if (!place || !found) throw pageNotFound();
    const frame = serviceCityFrame(place, found.service);
    return {
      ...found.page,
      kind: 'service-city',
      owner: { serviceCityId: found.page.id },
      name: frame.ref.name,
      ...frame,
    };
  }

  /** A city's page, or its page for the service named. */
  function cityOrService(project: ProjectRow, cityId: string, service: string | undefined) {
    return service ? serviceCity(project, cityId, service) : city(project, cityId);
  }

  async function city(project: ProjectRow, cityId: string): Promise<EditorTarget> {
    const found = await deps.locationsRepo.findCity(project.id, cityId);
    if (!found) throw notFound('City not found.');
    const { city: row, state } = found;
    return {
      ...row,
      kind: 'city',
      owner: { cityId: row.id },
      name: `${row.name}, ${state.code}`,
      ...cityPageFrame(found),
    };
  }

  async function page(project: ProjectRow, pageId: string): Promise<EditorTarget> {
    const row = await deps.projectsRepo.findPage(project.id, pageId);
    if (!row) throw pageNotFound();
    return fromPage(row);
  }

  async function homepage(project: ProjectRow): Promise<EditorTarget> {
    const row = await deps.repo.homepage(project.id);
    if (!row) throw pageNotFound();
    return fromPage(row);
  }

  return {
    city,
    page,
    /** The save, version and regenerate calls name a page by id; neither means the homepage. */
    byIds(project: ProjectRow, ids: TargetIds) {
      if (ids.service && !ids.city_id) throw needsCity();
      if (ids.city_id) return cityOrService(project, ids.city_id, ids.service);
      if (ids.page_id) return page(project, ids.page_id);
      return homepage(project);
    },
    /** The editor's view also finds a page by slug, as the editor's routes name pages. */
    async byQuery(project: ProjectRow, query: ViewQuery, pages: PageRow[]) {
      if (query.service && !query.city_id) throw needsCity();
      if (query.city_id) return cityOrService(project, query.city_id, query.service);
      if (query.page_id) {
        const row = pages.find((p) => p.id === query.page_id);
        if (!row) throw pageNotFound();
        return fromPage(row);
      }
      const slug = query.slug?.trim();
      const row = slug
        ? bySlug(pages, slug, query.is_service_page)
        : pages.find((p) => p.kind === 'homepage');
      if (!row) throw pageNotFound();
      return fromPage(row);
    },
  };
}
export type Targets = ReturnType<typeof createTargets>;
