import type { EditorTarget } from '../editor-target';
import { targetKey } from '../editor-target';

/** Editor queries live under ['editor', …]; the project reuses the app-wide key. */
export const editorKeys = {
  all: ['editor'] as const,
  view: (target: EditorTarget) => ['editor', 'view', target.projectId, targetKey(target)] as const,
  images: (projectId: string) => ['editor', 'images', projectId] as const,
  // Same keys as the projects feature, so the editor and the other screens share one cache.
  project: (projectId: string) => ['projects', 'one', projectId] as const,
};
