import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { isNotGeneratedYet, useSitePagePreview } from '../api/use-site-page-preview';
import { editorPath, previewPath, siteHrefToPreviewRoute } from '../site-links';
import { pageReadiness, sitePageEntries, sitePath } from '../site-pages';
import type { PageTarget } from '../site-pages';
import { PreviewFrame } from './preview-frame';
import type { DeviceWidth } from './preview-frame';
import { FrameSkeleton, PageNotReady, PreviewError } from './preview-states';
import { PreviewToolbar } from './preview-toolbar';

// Each preview route mounts its own screen; the chosen width carries over between pages.
let lastWidth: DeviceWidth = 'desktop';

/**
 * /project/:id/homepage, /project/:id/page/:slug and /project/:id/service/:slug: the page's
 * HTML from the server in a sandboxed frame filling the rest of the viewport, with links
 * inside the site leading to the matching preview.
 */
export function SitePagePreview({ kind }: { kind: PageTarget['kind'] }) {
  const { id = '', slug = '' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [width, setWidth] = useState<DeviceWidth>(lastWidth);
  const target: PageTarget = kind === 'homepage' ? { kind } : { kind, slug };
  const { detail, html, page, missing } = useSitePagePreview(id, target);

  const name = page?.name ?? (kind === 'homepage' ? 'Homepage' : slug);
  const address = sitePath(target);
  const entries = detail.data ? sitePageEntries(detail.data) : [];

  function changeWidth(next: DeviceWidth) {
    lastWidth = next;
    setWidth(next);
  }

  function go(route: string) {
    if (route !== pathname) void navigate(route);
  }

  function followSiteLink(href: string) {
    const route = siteHrefToPreviewRoute(id, href);
    if (route === null) {
      toast.info('No preview for this link', {
        message: `${href} is not a page the preview shows.`,
      });
      return;
    }
    go(route);
  }

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
    // Fills the viewport below the app header (4 rem) and the page padding (2 / 2.5 rem).
    <div className="flex h-[calc(100dvh-8rem)] min-h-[28rem] flex-col sm:h-[calc(100dvh-9rem)]">
      <PreviewToolbar
        projectId={id}
        title={name}
        subtitle={detail.data ? `${detail.data.name} · ${address}` : address}
        entries={entries}
        current={previewPath(id, target)}
        onSelect={go}
        width={width}
        onWidth={changeWidth}
        editorHref={missing ? null : editorPath(id, target)}
      />
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-b-xl border border-t-0 border-zinc-200 bg-white">
        {body}
      </div>
    </div>
  );
}
