import { useParams } from 'react-router';
import { isNotGeneratedYet, useSitePagePreview } from '../api/use-site-page-preview';
import { editorPath, previewPath } from '../site-links';
import { pageReadiness, sitePageEntries, sitePath } from '../site-pages';
import type { PageTarget } from '../site-pages';
import { PreviewFrame } from './preview-frame';
import { PreviewShell, usePreviewWidth } from './preview-shell';
import { FrameSkeleton, PageNotReady, PreviewError } from './preview-states';
import { PreviewToolbar } from './preview-toolbar';
import { useSiteNavigation } from './use-site-navigation';

/**
 * /project/:id/homepage, /project/:id/page/:slug and /project/:id/service/:slug: the page's
 * HTML from the server in a sandboxed frame filling the rest of the viewport, with links
 * inside the site leading to the matching preview.
 */
export function SitePagePreview({ kind }: { kind: PageTarget['kind'] }) {
  const { id = '', slug = '' } = useParams();
  const [width, changeWidth] = usePreviewWidth();
  const target: PageTarget = kind === 'homepage' ? { kind } : { kind, slug };
  const { detail, html, page, missing } = useSitePagePreview(id, target);

  const name = page?.name ?? (kind === 'homepage' ? 'Homepage' : slug);
  const address = sitePath(target);
  const entries = detail.data ? sitePageEntries(detail.data) : [];

  const { go, follow: followSiteLink } = useSiteNavigation(id, { states: detail.data?.states });

  let body;
  if (missing) {
    body = (
      <PreviewError
        message={`This project has no page at ${address}. It may have been renamed or deleted.`}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
      />
    );
  } else if (kind !== 'homepage' && detail.isError) {
    body = (
      <PreviewError
        message={detail.error.message}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
      />
    );
  } else if (html.data !== undefined && !isNotGeneratedYet(html.error)) {
    // A failed background refetch keeps showing the document already loaded.
    body = (
      <PreviewFrame
        html={html.data}
        title={`Preview of ${name}`}
        width={width}
        onNavigate={followSiteLink}
      />
    );
  } else if (html.isError && isNotGeneratedYet(html.error)) {
    body = (
      <PageNotReady
        projectId={id}
        failed={page !== null && pageReadiness(page) === 'failed'}
        reason={page?.failureReason ?? null}
      />
    );
  } else if (html.isError) {
    body = (
      <PreviewError
        message={html.error.message}
        onRetry={() => {
          void html.refetch();
          if (detail.isError) void detail.refetch();
        }}
        retrying={html.isFetching}
      />
    );
  } else {
    body = <FrameSkeleton />;
  }

  return (
    <PreviewShell
      toolbar={
        <PreviewToolbar
          projectId={id}
          title={name}
          subtitle={detail.data ? `${detail.data.name} · ${address}` : address}
          entries={entries}
          statesRoute={detail.data?.states.length ? previewPath(id, { kind: 'states' }) : null}
          current={previewPath(id, target)}
          onSelect={go}
          width={width}
          onWidth={changeWidth}
          editorHref={missing ? null : editorPath(id, target)}
        />
      }
    >
      {body}
    </PreviewShell>
  );
}
