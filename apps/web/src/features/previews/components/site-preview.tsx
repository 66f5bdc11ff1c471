import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TProjectDetail } from '@cityforge/shared';
import { isNotGeneratedYet } from '../api/use-site-page-preview';
import { previewPath } from '../site-links';
import type { SiteTarget } from '../site-links';
import { sitePageEntries } from '../site-pages';
import { PreviewFrame } from './preview-frame';
import { PreviewShell, usePreviewWidth } from './preview-shell';
import { FrameSkeleton, PreviewError } from './preview-states';
import { PreviewToolbar } from './preview-toolbar';
import { useSiteNavigation } from './use-site-navigation';

/**
 * One page of the generated site under the preview bar (back, the project's pages, width,
 * editor): the server's HTML in the sandboxed frame, links inside leading to the matching
 * preview; or, until it can be shown, why not.
 */
export function SitePreview({
  projectId,
  target,
  preview: { detail, html },
  title,
  subtitle,
  editorHref,
  hashToHomepage,
  instead,
  notReady,
  onRetry,
}: {
  projectId: string;
  target: SiteTarget;
  /** The project's detail (its pages, for the menu) and the page's HTML. */
  preview: { detail: UseQueryResult<TProjectDetail>; html: UseQueryResult<string> };
  title: string;
  subtitle: string | undefined;
  editorHref: string | null;
  /** On the index pages a hash link ('#faq') is the homepage's section. */
  hashToHomepage?: boolean;
  /** What the page's address itself comes to (not found, a failed detail): shown instead. */
  instead: ReactNode | null;
  /** The page exists but is not written yet. */
  notReady: ReactNode;
  onRetry: () => void;
}) {
  const [width, changeWidth] = usePreviewWidth();
  const states = detail.data?.states;
  const { go, follow } = useSiteNavigation(projectId, { states, hashToHomepage });
  const body = instead ?? (
    <PageBody html={html} notReady={notReady} onRetry={onRetry}>
      {(document) => (
        <PreviewFrame
          html={document}
          title={`Preview of ${title}`}
          width={width}
          onNavigate={follow}
        />
      )}
    </PageBody>
  );
  return (
    <PreviewShell
      toolbar={
        <PreviewToolbar
          projectId={projectId}
          title={title}
          subtitle={subtitle}
          entries={detail.data ? sitePageEntries(detail.data) : []}
          statesRoute={states?.length ? previewPath(projectId, { kind: 'states' }) : null}
          current={previewPath(projectId, target)}
          onSelect={go}
          width={width}
          onWidth={changeWidth}
          editorHref={editorHref}
        />
      }
    >
      {body}
    </PreviewShell>
  );
}

/** The page's document in the frame, or what stands in for it: loading, not written, failed. */
function PageBody({
  html,
  notReady,
  onRetry,
  children: frame,
}: {
  html: UseQueryResult<string>;
  notReady: ReactNode;
  onRetry: () => void;
  children: (document: string) => ReactNode;
}) {
  // A failed background refetch keeps showing the document already loaded.
  if (html.data !== undefined && !isNotGeneratedYet(html.error)) return frame(html.data);
  if (html.isError && isNotGeneratedYet(html.error)) return notReady;
  if (html.isError) {
    return (
      <PreviewError message={html.error.message} onRetry={onRetry} retrying={html.isFetching} />
    );
  }
  return <FrameSkeleton />;
}
