import { memo, useId, useState } from 'react';
import { ChevronRight, ListTree } from 'lucide-react';
import { elementLabel } from '@cityforge/shared/html';
import type { ElementTreeNode } from '@cityforge/shared/html';
import { cn } from '../../../lib/cn';

// Deeper levels start folded, and long sibling lists show a page at a time: a city page with
// thousands of elements would otherwise re-render thousands of rows after each pause in typing.
const OPEN_DEPTH = 2;
const PAGE = 100;

type SelectHandler = (offset: number) => void;

/** The page's elements, nested; choosing one moves the editor's cursor to its start tag. */
export const ElementTreePanel = memo(function ElementTreePanel({
  nodes,
  onSelect,
}: {
  nodes: ElementTreeNode[];
  onSelect: SelectHandler;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      <h3
        id={headingId}
        className="flex items-center gap-1.5 px-3 pt-3 pb-1.5 text-2xs font-semibold tracking-wide text-zinc-500 uppercase"
      >
        <ListTree className="size-3.5" aria-hidden="true" /> Elements
      </h3>
      <div className="min-h-0 flex-1 overflow-auto px-1.5 pb-2">
        {nodes.length ? (
          <TreeList nodes={nodes} depth={0} onSelect={onSelect} />
        ) : (
          <p className="px-1.5 py-2 text-xs text-zinc-500">No elements yet.</p>
        )}
      </div>
    </section>
  );
});

function TreeList({
  nodes,
  depth,
  onSelect,
}: {
  nodes: ElementTreeNode[];
  depth: number;
  onSelect: SelectHandler;
}) {
  const [limit, setLimit] = useState(PAGE);
  const hidden = nodes.length - limit;
  return (
    <ul>
      {nodes.slice(0, limit).map((node, i) => (
        // Position keys keep folds in place while typing shifts every offset.
        <TreeItem key={i} node={node} depth={depth} onSelect={onSelect} />
      ))}
      {hidden > 0 ? (
        <li style={{ paddingLeft: `${depth * 0.75 + 1.25}rem` }}>
          <button
            type="button"
            onClick={() => setLimit(limit + PAGE)}
            className="rounded-md px-1.5 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
          >
            Show {Math.min(hidden, PAGE)} more of {hidden}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

function TreeItem({
  node,
  depth,
  onSelect,
}: {
  node: ElementTreeNode;
  depth: number;
  onSelect: SelectHandler;
}) {
  const [open, setOpen] = useState(depth < OPEN_DEPTH);
  const label = elementLabel(node);
  const hasChildren = node.children.length > 0;
  return (
    <li>
      <div className="flex items-start" style={{ paddingLeft: `${depth * 0.75}rem` }}>
        {hasChildren ? (
          <button
            type="button"
            aria-expanded={open}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${label}`}
            onClick={() => setOpen(!open)}
            className="mt-1 flex size-5 shrink-0 items-center justify-center rounded text-zinc-500 hover:bg-zinc-100 hover:text-zinc-700"
          >
            <ChevronRight
              className={cn('size-3.5 transition-transform', open && 'rotate-90')}
              aria-hidden="true"
            />
          </button>
        ) : (
          <span className="w-5 shrink-0" aria-hidden="true" />
        )}
        <button
          type="button"
          onClick={() => onSelect(node.offset)}
          title={`Go to <${node.tag}>`}
          className="min-w-0 flex-1 rounded-md px-1.5 py-1 text-left hover:bg-zinc-100 active:bg-zinc-200"
        >
          <span className="block truncate font-mono text-xs">
            <span className="font-semibold text-brand-800">{label.slice(0, node.tag.length)}</span>
            <span className="text-zinc-500">{label.slice(node.tag.length)}</span>
          </span>
          {node.preview ? (
            <span className="block truncate text-2xs text-zinc-500">{node.preview}</span>
          ) : null}
        </button>
      </div>
      {hasChildren && open ? (
        <TreeList nodes={node.children} depth={depth + 1} onSelect={onSelect} />
      ) : null}
    </li>
  );
}
