import { LocationPreview } from './location-preview';
import type { LocationKind } from './location-preview';
import { SitePagePreview } from './site-page-preview';

export type PreviewKind = 'homepage' | 'page' | 'service' | LocationKind;

/**
 * The generated-site previews; one entry, seven routes, each
 * rendering the server's HTML in the sandboxed frame.
 */
export default function PreviewPage({ kind }: { kind: PreviewKind }) {
  switch (kind) {
    case 'homepage':
    case 'page':
    case 'service':
      return <SitePagePreview kind={kind} />;
    default:
      return <LocationPreview kind={kind} />;
  }
}
