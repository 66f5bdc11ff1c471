import { PreviewPlaceholder } from './preview-placeholder';
import type { LocationPreviewKind } from './preview-placeholder';
import { SitePagePreview } from './site-page-preview';

export type PreviewKind = 'homepage' | 'page' | 'service' | LocationPreviewKind;

/**
 * The generated-site previews (spec part 2 "Preview screens"); one entry, seven routes. The
 * homepage, main and service pages render the server's HTML; the location previews are still
 * placeholders and get their own components here when they arrive.
 */
export default function PreviewPage({ kind }: { kind: PreviewKind }) {
  switch (kind) {
    case 'homepage':
    case 'page':
    case 'service':
      return <SitePagePreview kind={kind} />;
    default:
      return <PreviewPlaceholder kind={kind} />;
  }
}
