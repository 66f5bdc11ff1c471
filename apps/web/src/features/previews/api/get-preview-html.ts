import { queryOptions } from '@tanstack/react-query';
import { MSG } from '@cityforge/shared';
import { api } from '../../../lib/api';

/** Which document to fetch: the homepage has its own endpoint, other pages go by page id. */
export type HtmlSource = { kind: 'homepage' } | { kind: 'page'; pageId: string };

export const previewKeys = {
  all: ['previews'] as const,
  html: (projectId: string, source: HtmlSource) =>
    source.kind === 'homepage'
      ? (['previews', projectId, 'homepage'] as const)
      : (['previews', projectId, 'page', source.pageId] as const),
};

function htmlPath(projectId: string, source: HtmlSource): string {
  const base = `/api/projects/${encodeURIComponent(projectId)}`;
  return source.kind === 'homepage'
    ? `${base}/homepage/`
    : `${base}/page/${encodeURIComponent(source.pageId)}/`;
}

/**
 * GET /api/projects/{id}/homepage/ or /page/{pageId}/ → {html}: the complete document.
 * 404 when the project is missing or not yours, 409 while the page has no content yet.
 */
export async function getPreviewHtml(
  projectId: string,
  source: HtmlSource,
  signal?: AbortSignal,
): Promise<string> {
  const body = await api.get<{ html?: unknown } | null>(htmlPath(projectId, source), { signal });
  if (typeof body?.html !== 'string') throw new Error(MSG.anErrorOccurred);
  return body.html;
}

/**
 * staleTime 0: opening a preview always asks for the latest saved document (it may have been
 * edited in another tab), while a cached copy shows at once.
 */
export function previewHtmlQueryOptions(projectId: string, source: HtmlSource) {
  return queryOptions({
    queryKey: previewKeys.html(projectId, source),
    queryFn: ({ signal }) => getPreviewHtml(projectId, source, signal),
    staleTime: 0,
  });
}
