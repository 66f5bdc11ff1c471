import { useQuery } from '@tanstack/react-query';
import { previewsApi, type TReviewPage } from '@cityforge/shared';
import { call } from '../../../lib/api';

/** The page's document as the site will show it, for the preview frame. */
async function previewHtml(projectId: string, page: TReviewPage, signal: AbortSignal) {
  const answer =
    page.pageKind === 'page'
      ? await call(previewsApi.page, { params: { id: projectId, pageId: page.pageId }, signal })
      : await call(previewsApi.zipcodes, {
          params: { id: projectId, cityId: page.cityId! },
          query: page.service ? { service: page.service } : {},
          signal,
        });
  return (answer as { html: string }).html;
}

/**
 * One page's preview in a sandboxed frame: scripts may run but never with this app's origin,
 * so the document cannot read the session or call the API.
 */
export function PagePreview({ projectId, page }: { projectId: string; page: TReviewPage }) {
  const html = useQuery({
    queryKey: ['review', projectId, 'preview', page.pageId, page.version],
    queryFn: ({ signal }) => previewHtml(projectId, page, signal),
  });
  if (!html.data) return <p className="text-sm text-zinc-500">Loading the page…</p>;
  return (
    <iframe
      title={`Preview of ${page.name}`}
      data-testid="review-preview"
      sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
      srcDoc={html.data}
      className="h-[60vh] w-full rounded-lg bg-white ring-1 ring-zinc-200"
    />
  );
}
