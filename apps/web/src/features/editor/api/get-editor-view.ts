import { queryOptions, useQuery } from '@tanstack/react-query';
import { editorApi } from '@cityforge/shared';
import type { TEditorView } from '@cityforge/shared';
import { call } from '../../../lib/api';
import type { EditorTarget } from '../editor-target';
import { viewQuery } from '../editor-target';
import { editorKeys } from './keys';

/**
 * GET /api/projects/{id}/homepage/view/ with page_id, city_id or slug (and is_service_page)
 * → the page's whole document, its content, meta tags, the site's tracking codes, versions.
 */
export function getEditorView(target: EditorTarget, signal?: AbortSignal): Promise<TEditorView> {
  return call(editorApi.view, {
    params: { id: target.projectId },
    query: viewQuery(target),
    signal,
  });
}

export function editorViewQueryOptions(target: EditorTarget) {
  return queryOptions({
    queryKey: editorKeys.view(target),
    queryFn: ({ signal }) => getEditorView(target, signal),
    // The canvas is built once from the first answer it gets, so that answer must be fresh:
    // nothing is kept once the editor closes (a page may have been regenerated or retried
    // meanwhile), and while it is open only the saves' invalidations refetch it.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useEditorView(target: EditorTarget) {
  return useQuery(editorViewQueryOptions(target));
}
