import type { EditorConfig } from 'grapesjs';
import { EDITOR_BLOCKS } from '../blocks';
import type { PageDocument } from '../page-document';
import { sanitizeFragment } from '../sanitize';

export const DEVICES = [
  { id: 'desktop', name: 'Desktop', width: '' },
  { id: 'tablet', name: 'Tablet', width: '768px', widthMedia: '992px' },
  { id: 'phone', name: 'Phone', width: '390px', widthMedia: '480px' },
];

/**
 * The GrapesJS setup: the page body as the only content, no storage (the editor screen saves
 * through the API), no telemetry call (the app's CSP allows no third-party connections), and
 * a parser that never lets a script, an on* handler or a script URL into the canvas.
 */
export function editorConfig(page: PageDocument): EditorConfig {
  return {
    height: '100%',
    width: '100%',
    components: page.bodyHtml,
    storageManager: false,
    telemetry: false,
    // Its default icon font comes from a CDN, which the CSP refuses; this UI uses its own icons.
    cssIcons: '',
    noticeOnUnload: false,
    showOffsets: false,
    showDevices: false,
    // GrapesJS would move every style="" into CSS rules keyed by generated ids or classes;
    // only HTML is saved, so inline styles (e.g. from the HTML editor or a resized image) must
    // stay inline. avoidInlineStyle is deprecated but still honoured by 0.22.
    avoidInlineStyle: false,
    forceClass: false,
    undoManager: { trackSelection: false },
    parser: {
      optionsHtml: {
        allowScripts: false,
        allowUnsafeAttr: false,
        allowUnsafeAttrValue: false,
        preParser: (input: string) => sanitizeFragment(input),
      },
    },
    deviceManager: { devices: DEVICES },
    blockManager: {
      blocks: EDITOR_BLOCKS.map((b) => ({
        id: b.id,
        label: b.label,
        content: b.content,
        activate: b.activate,
        select: true,
      })),
    },
    assetManager: {
      assets: [],
      upload: false,
      embedAsBase64: false,
      // The app's own dialog (AssetDialog) shows the assets; these no-ops keep GrapesJS from
      // also opening its built-in modal around it.
      custom: { open: () => undefined, close: () => undefined },
    },
    // No style manager: the site theme styles everything; the editor changes content and
    // structure only, so every page keeps the site's look.
    styleManager: { sectors: [] },
    selectorManager: { componentFirst: true },
    // Without "Wrap for style", which only makes spans for the style manager left out above.
    richTextEditor: { actions: ['bold', 'italic', 'underline', 'strikethrough', 'link'] },
  };
}
