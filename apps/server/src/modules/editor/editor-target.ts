import type { z } from 'zod';
import { MSG, PAGE_STATUS, type ZEditorViewQuery } from '@cityforge/shared';
import type { PageRow, ProjectRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { cityAreaServed, cityCrumbs, cityPageRef } from '../site/city-refs.ts';
import type { LocationsRepo } from '../locations/locations.repo.ts';
import type { ProjectsRepo } from '../projects/projects.repo.ts';
import type { Crumb, PageRef } from '../site/paths.ts';
import type { VersionOwner } from '../pages/versions.repo.ts';
import type { EditorRepo } from './editor.repo.ts';

/** One editable page: a site page or a city page, with what rendering it needs. */
export type EditorTarget = {
  kind: 'homepage' | 'main' | 'service' | 'city';
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

/** Which page a call is about: a city, a page, or (neither given) the homepage. */
export type TargetIds = { page_id?: string; city_id?: string };
export type ViewQuery = z.output<typeof ZEditorViewQuery>;

const pageNotFound = () => notFound('Page not found.');

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
  repo: EditorRepo;
}) {
  async function city(project: ProjectRow, cityId: string): Promise<EditorTarget> {
    const found = await deps.locationsRepo.findCity(project.id, cityId);
    if (!found) throw notFound('City not found.');
    const { city: row, state } = found;
    return {
      ...row,
      kind: 'city',
      owner: { cityId: row.id },
      name: `${row.name}, ${state.code}`,
      ref: cityPageRef(found),
      breadcrumbs: cityCrumbs(found),
      areaServed: cityAreaServed(row, state),
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
      if (ids.city_id) return city(project, ids.city_id);
      if (ids.page_id) return page(project, ids.page_id);
      return homepage(project);
    },
    /** The editor's view also finds a page by slug, as the editor's routes name pages. */
    async byQuery(project: ProjectRow, query: ViewQuery, pages: PageRow[]) {
      if (query.city_id) return city(project, query.city_id);
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
