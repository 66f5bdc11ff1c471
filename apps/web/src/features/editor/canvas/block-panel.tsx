import type { Block, Component, Editor } from 'grapesjs';
import { useEditor } from '@grapesjs/react';
import type { BlocksResultProps } from '@grapesjs/react';
import {
  Columns2,
  Heading,
  HelpCircle,
  Image,
  LayoutGrid,
  List,
  Megaphone,
  MousePointerClick,
  Pilcrow,
  Quote,
  RectangleHorizontal,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { BlockIcon } from '../blocks';
import { EDITOR_BLOCKS } from '../blocks';
import { isInContent } from './locks';
import { SidePanelSection } from './side-panel-section';

const ICONS: Record<BlockIcon, ReactNode> = {
  section: <RectangleHorizontal />,
  heading: <Heading />,
  text: <Pilcrow />,
  image: <Image />,
  button: <MousePointerClick />,
  columns: <Columns2 />,
  cards: <LayoutGrid />,
  list: <List />,
  quote: <Quote />,
  band: <Megaphone />,
  faq: <HelpCircle />,
};

function iconOf(block: Block): ReactNode {
  const known = EDITOR_BLOCKS.find((b) => b.id === block.getId());
  return known ? ICONS[known.icon] : <RectangleHorizontal />;
}

/**
 * Clicking adds the block without dragging (keyboard and touch users): after the selected
 * component when one inside the page content is selected, else at the end of the content.
 */
function addBlock(editor: Editor, block: Block): void {
  const wrapper = editor.getWrapper();
  const root = wrapper?.find('main#main')[0] ?? wrapper;
  const content = block.getContent();
  if (!root || !content || typeof content === 'function') return;
  const selected = editor.getSelected();
  const parent = selected && isInContent(selected, root) ? selected.parent() : undefined;
  const added: Component | Component[] =
    selected && parent
      ? parent.components().add(content, { at: selected.index() + 1 })
      : root.append(content);
  const first = Array.isArray(added) ? added[0] : added;
  if (!first) return;
  editor.select(first);
  // The image block opens the Asset Manager, as it does when dropped.
  if (block.get('activate')) first.trigger('active');
  first.getEl()?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

/** The block list: drag a block into the page, or click it to add it. */
export function BlockPanel({ blocks, dragStart, dragStop }: BlocksResultProps) {
  const editor = useEditor();
  return (
    <SidePanelSection id="blocks-title" title="Add content">
      <ul className="grid grid-cols-2 gap-1.5">
        {blocks.map((block) => (
          <li key={block.getId()}>
            <button
              type="button"
              draggable
              data-testid={`block-${block.getId()}`}
              title={`Drag into the page, or click to add: ${block.getLabel()}`}
              onDragStart={(ev) => dragStart(block, ev.nativeEvent)}
              onDragEnd={() => dragStop(false)}
              onClick={() => addBlock(editor, block)}
              className="flex h-16 w-full cursor-grab flex-col items-center justify-center gap-1.5 rounded-lg border border-zinc-200 bg-white px-1 text-[11px] font-medium text-zinc-700 transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800 active:cursor-grabbing [&_svg]:size-4 [&_svg]:text-zinc-500 hover:[&_svg]:text-brand-600"
            >
              {iconOf(block)}
              <span className="w-full truncate text-center">{block.getLabel()}</span>
            </button>
          </li>
        ))}
      </ul>
    </SidePanelSection>
  );
}
