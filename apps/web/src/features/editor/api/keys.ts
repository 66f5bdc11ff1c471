import type { EditorTarget } from '../editor-target';
import { targetKey } from '../editor-target';

/** Editor queries live under ['editor', …]. */
export const editorKeys = {
  all: ['editor'] as const,
  view: (target: EditorTarget) => ['editor', 'view', target.projectId, targetKey(target)] as const,
  images: (projectId: string) => ['editor', 'images', projectId] as const,
  proposal: (target: EditorTarget) =>
    ['editor', 'proposal', target.projectId, targetKey(target)] as const,
};
