import { useQuery } from '@tanstack/react-query';
import { PROJECT_POLL_MS } from '@cityforge/shared';
import { isApiError } from '../../../lib/api-errors';
import { fetchProjectDetail, projectDetailKey } from '../../../lib/project-detail';
import { findSitePage, pageReadiness } from '../site-pages';
import type { PageTarget } from '../site-pages';
import { previewHtmlQueryOptions } from './get-preview-html';
import type { HtmlSource } from './get-preview-html';

/** 409: the page exists but has no content yet (still generating, or its generation failed). */
export function isNotGeneratedYet(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

/**
 * The data behind one page preview: the project detail (page list, names, slug → page id,
 * page status) and the page's HTML. The homepage's HTML is fetched at once; other pages wait
 * for the detail to name their id. While the page is not written yet both are re-read every
 * 5 s, so the preview appears by itself once the page is ready.
 */
export function useSitePagePreview(projectId: string, target: PageTarget) {
  const detail = useQuery({
    queryKey: projectDetailKey(projectId),
    queryFn: ({ signal }) => fetchProjectDetail(projectId, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const page = query.state.data ? findSitePage(query.state.data, target) : null;
      return page && pageReadiness(page) === 'generating' ? PROJECT_POLL_MS : false;
    },
    refetchIntervalInBackground: false,
  });

  const page = detail.data ? findSitePage(detail.data, target) : null;
  const source: HtmlSource | null =
    target.kind === 'homepage'
      ? { kind: 'homepage' }
      : page
        ? { kind: 'page', pageId: page.id }
        : null;
  const failed = page !== null && pageReadiness(page) === 'failed';

  const html = useQuery({
    ...previewHtmlQueryOptions(projectId, source ?? { kind: 'page', pageId: '' }),
    enabled: source !== null,
    refetchInterval: (query) =>
      isNotGeneratedYet(query.state.error) && !failed ? PROJECT_POLL_MS : false,
    refetchIntervalInBackground: false,
  });

  // Loaded detail without the page: the slug in the address names no page of this project.
  const missing = detail.isSuccess && page === null && target.kind !== 'homepage';

  return { detail, html, page, missing };
}
