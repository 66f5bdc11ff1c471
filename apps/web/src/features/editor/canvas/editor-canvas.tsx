import { useLayoutEffect, useState } from 'react';
import grapesjs from 'grapesjs';
import GjsEditor, { AssetsProvider, BlocksProvider, Canvas, TraitsProvider } from '@grapesjs/react';
import 'grapesjs/dist/css/grapes.min.css';
import './canvas.css';
import type { CanvasCallbacks } from '../canvas-handle';
import type { PageDocument } from '../page-document';
import { AssetDialog } from './asset-dialog';
import { BlockPanel } from './block-panel';
import { editorConfig } from './editor-config';
import { CallbackBridge, cityforgePlugin } from './editor-plugin';
import { TraitPanel } from './trait-panel';

export interface EditorCanvasProps extends CanvasCallbacks {
  page: PageDocument;
}

/**
 * The GrapesJS part of the editor, its own lazy chunk (GrapesJS, its React wrapper and CSS):
 * the block and element panel on the left, the canvas filling the rest. Everything else the
 * editor shows lives in the screen, which talks to this through a CanvasHandle.
 */
export default function EditorCanvas({ page, ...callbacks }: EditorCanvasProps) {
  const [bridge] = useState(() => new CallbackBridge(callbacks));
  useLayoutEffect(() => bridge.update(callbacks));

  // GrapesJS is created once per mounted canvas; later renders must not rebuild its options.
  const [options] = useState(() => ({
    ...editorConfig(page),
    plugins: [cityforgePlugin(page, bridge)],
  }));

  return (
    <GjsEditor grapesjs={grapesjs} options={options} className="cf-editor flex h-full min-h-0">
      <div className="flex h-full min-h-0 w-full">
        <aside
          aria-label="Blocks and element settings"
          className="hidden w-56 shrink-0 overflow-y-auto border-r border-zinc-200 bg-zinc-50/70 md:block"
        >
          <BlocksProvider>{(props) => <BlockPanel {...props} />}</BlocksProvider>
          <TraitsProvider>{(props) => <TraitPanel {...props} />}</TraitsProvider>
        </aside>
        <Canvas className="cf-canvas relative min-w-0 flex-1 bg-zinc-200/60" />
      </div>
      <AssetsProvider>{(props) => <AssetDialog {...props} />}</AssetsProvider>
    </GjsEditor>
  );
}
