import type { QueryClient } from '@tanstack/react-query';
import type { TLeanProjectDetail, TPaged, TProject, TProjectDetail } from '@cityforge/shared';
import type { ProjectListParams } from './project-list';

/** Every project query lives under ['projects', …] so one invalidation refreshes them all. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => ['projects', 'list'] as const,
  list: (params: ProjectListParams) => ['projects', 'list', params] as const,
  one: (id: string) => ['projects', 'one', id] as const,
  /** The spec's detail (the previews read it); a prefix of everything below. */
  detail: (id: string) => ['projects', 'detail', id] as const,
  /** The detail screen's lean tree, and the counties of a big project it fetched when opened. */
  lean: (id: string) => ['projects', 'detail', id, 'lean'] as const,
  counties: (id: string) => ['projects', 'detail', id, 'county'] as const,
  county: (id: string, countyId: string) => ['projects', 'detail', id, 'county', countyId] as const,
  /** One place's facts, photo and overrides (the facts panel). */
  cityFacts: (id: string, cityId: string) => ['projects', 'facts', id, cityId] as const,
  settings: (id: string) => ['projects', 'settings', id] as const,
  /** This month's AI spend against the project's cap. */
  spending: (id: string) => ['projects', 'spending', id] as const,
  deployment: (id: string) => ['projects', 'deployment', id] as const,
  /** The published site's 301s, a page at a time; refreshed with the project after a deploy. */
  redirects: (id: string, page: number) => ['projects', 'redirects', id, page] as const,
  /** The project's linked sheet, and its runs. */
  sheet: (id: string) => ['projects', 'sheet', id] as const,
  sheetRuns: (id: string) => ['projects', 'sheet', id, 'runs'] as const,
};

export function invalidateProjects(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: projectKeys.all });
}

/**
 * Refreshes the project wherever it is shown (list pages, the project, its detail), leaving the
 * deploy poll alone: the poll calls this itself and must not cancel its own request.
 */
export function refreshProjectViews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: projectKeys.all,
    predicate: (query) => query.queryKey[1] !== 'deployment',
  });
}

/**
 * Applies a change to one project wherever it is cached (list pages, the project and its
 * detail), so a card and the detail screen show a publish or a domain change at once.
 */
export function patchProject(
  queryClient: QueryClient,
  id: string,
  patch: <T extends TProject>(project: T) => T,
): void {
  queryClient.setQueriesData<TPaged<TProject>>({ queryKey: projectKeys.lists() }, (old) =>
    old ? { ...old, results: old.results.map((p) => (p.id === id ? patch(p) : p)) } : old,
  );
  queryClient.setQueryData<TProject>(projectKeys.one(id), (old) => (old ? patch(old) : old));
  queryClient.setQueryData<TProjectDetail>(projectKeys.detail(id), (old) =>
    old ? patch(old) : old,
  );
  queryClient.setQueryData<TLeanProjectDetail>(projectKeys.lean(id), (old) =>
    old ? patch(old) : old,
  );
}

/** A domain answer (domain/, add-custom-domain/): the new domain and its verification, everywhere. */
export async function applyDomainAnswer(
  queryClient: QueryClient,
  id: string,
  project: Pick<TProject, 'clientDomain' | 'isDomainVerified'>,
): Promise<void> {
  patchProject(queryClient, id, (p) => ({
    ...p,
    clientDomain: project.clientDomain,
    isDomainVerified: project.isDomainVerified,
  }));
  await invalidateProjects(queryClient);
}
