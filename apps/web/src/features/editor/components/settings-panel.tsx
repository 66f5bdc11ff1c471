import { Code2, MessageSquare, Tags, X } from 'lucide-react';
import type { TEditorView, TPageVersion } from '@cityforge/shared';
import { TextAreaField } from '../../../components/ui/input';
import type { CanvasHandle } from '../canvas-handle';
import type { PageSettings } from '../editor-rules';
import { ImagesSection } from './images-section';
import { PageReviewNotes } from '../../review/components/page-review-notes';
import { PanelSection } from './panel-section';
import { VersionsSection } from './versions-section';

const codeClass = 'font-mono text-xs leading-relaxed';

/** "Additional Settings": meta tags, tracking codes (not on service pages), versions, images. */
export function SettingsPanel({
  projectId,
  view,
  settings,
  onSettings,
  handle,
  imageSelected,
  loadingVersion,
  onLoadVersion,
  onClose,
}: {
  projectId: string;
  view: TEditorView;
  settings: PageSettings;
  onSettings: (settings: PageSettings) => void;
  handle: CanvasHandle | null;
  imageSelected: boolean;
  loadingVersion: string | null;
  onLoadVersion: (version: TPageVersion) => void;
  onClose: () => void;
}) {
  return (
    <aside
      id="editor-settings"
      aria-labelledby="editor-settings-title"
      className="flex w-[22rem] shrink-0 flex-col border-l border-zinc-200 bg-white"
    >
      <div className="flex h-11 shrink-0 items-center justify-between border-b border-zinc-200 px-4">
        <h2 id="editor-settings-title" className="text-sm font-semibold">
          Additional Settings
        </h2>
        <button
          type="button"
          aria-label="Close settings"
          onClick={onClose}
          className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <PanelSection
          title="Search and sharing"
          icon={<Tags />}
          description="This page's title, description and other tags for search engines and sharing."
        >
          <TextAreaField
            label="Meta tags"
            value={settings.metaTags}
            onChange={(e) => onSettings({ ...settings, metaTags: e.target.value })}
            className={`${codeClass} min-h-32`}
            spellCheck={false}
          />
        </PanelSection>
        <PanelSection
          title="Client review"
          icon={<MessageSquare />}
          description="What the client said about this page."
        >
          <PageReviewNotes projectId={projectId} pageId={view.page.id} />
        </PanelSection>
        {view.is_service_page ? null : (
          <PanelSection
            title="Tracking codes"
            icon={<Code2 />}
            description="These apply to the whole site: every page of the published site carries them. They never run inside the editor or the previews."
          >
            <TextAreaField
              label="Tracking code head"
              value={settings.trackingCodeHead}
              onChange={(e) => onSettings({ ...settings, trackingCodeHead: e.target.value })}
              className={`${codeClass} min-h-24`}
              spellCheck={false}
              placeholder="Analytics snippet for <head>"
            />
            <TextAreaField
              label="Tracking code body"
              value={settings.trackingCodeBody}
              onChange={(e) => onSettings({ ...settings, trackingCodeBody: e.target.value })}
              className={`${codeClass} min-h-24`}
              spellCheck={false}
              placeholder="Snippet for the end of <body>"
            />
          </PanelSection>
        )}
        <VersionsSection
          versions={view.versions}
          loadingId={loadingVersion}
          onLoad={onLoadVersion}
        />
        <ImagesSection projectId={projectId} handle={handle} imageSelected={imageSelected} />
      </div>
    </aside>
  );
}
