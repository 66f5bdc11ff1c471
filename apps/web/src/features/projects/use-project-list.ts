import { PROJECT_SEARCH_DEBOUNCE_MS, PROJECTS_PAGE_SIZE } from '@cityforge/shared';
import { pageCount } from '../../lib/pagination';
import { useSearchPages } from '../../lib/use-search-pages';
import { useProjects } from './api/get-projects';

/**
 * The projects list's search, page and results. A page past the end (its last project was
 * deleted, here or in another tab) answers no results but a count: it goes to the last page
 * that exists instead of "No projects found", and `pastEnd` says to show the loading cards,
 * not the empty state, until that page arrives.
 */
export function useProjectList() {
  const { search, setSearch, term, page, setPage } = useSearchPages(PROJECT_SEARCH_DEBOUNCE_MS);
  const projects = useProjects({ query: term, page });
  const data = projects.data;
  const lastPage = data ? pageCount(data.count, PROJECTS_PAGE_SIZE) : 1;
  const pastEnd =
    !!data &&
    data.results.length === 0 &&
    data.count > 0 &&
    (projects.isPlaceholderData || page > lastPage);
  if (pastEnd && !projects.isPlaceholderData) setPage(lastPage);
  return { search, setSearch, page, setPage, projects, pastEnd };
}
