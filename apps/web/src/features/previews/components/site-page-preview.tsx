import { useParams } from 'react-router';
import { useSitePagePreview } from '../api/use-site-page-preview';
import { editorPath } from '../site-links';
import { pageReadiness, sitePath } from '../site-pages';
import type { PageTarget } from '../site-pages';
import { PageNotReady, PreviewError } from './preview-states';
import { SitePreview } from './site-preview';

/**
 * /project/:id/homepage, /project/:id/page/:slug and /project/:id/service/:slug: the page's
 * HTML from the server in a sandboxed frame filling the rest of the viewport, with links
 * inside the site leading to the matching preview.
 */
export function SitePagePreview({ kind }: { kind: PageTarget['kind'] }) {
  const { id = '', slug = '' } = useParams();
  const target: PageTarget = kind === 'homepage' ? { kind } : { kind, slug };
  const preview = useSitePagePreview(id, target);
  const { detail, html, page, missing } = preview;
  const address = sitePath(target);
  // Only the homepage is shown without the detail: the other pages need it for their id.
  const detailFailure = missing
    ? `This project has no page at ${address}. It may have been renamed or deleted.`
    : kind !== 'homepage' && detail.isError
      ? detail.error.message
      : null;
  return (
    <SitePreview
      projectId={id}
      target={target}
      preview={preview}
      title={page?.name ?? (kind === 'homepage' ? 'Homepage' : slug)}
      subtitle={detail.data ? `${detail.data.name} · ${address}` : address}
      editorHref={missing ? null : editorPath(id, target)}
      instead={
        detailFailure === null ? null : (
          <PreviewError
            message={detailFailure}
            onRetry={() => void detail.refetch()}
            retrying={detail.isFetching}
          />
        )
      }
      notReady={
        <PageNotReady
          projectId={id}
          failed={page !== null && pageReadiness(page) === 'failed'}
          reason={page?.failureReason ?? null}
        />
      }
      onRetry={() => {
        void html.refetch();
        if (detail.isError) void detail.refetch();
      }}
    />
  );
}
