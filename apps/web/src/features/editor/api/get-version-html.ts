import { useMutation } from '@tanstack/react-query';
import { editorApi } from '@cityforge/shared';
import type { TGetVersionHtml, TVersionHtml } from '@cityforge/shared';
import { call } from '../../../lib/api';

/** POST /project/{id}/get_version_html/ → the version's main content and meta tags. */
export function getVersionHtml(projectId: string, body: TGetVersionHtml): Promise<TVersionHtml> {
  return call(editorApi.versionHtml, { params: { id: projectId }, body });
}

/** A mutation, not a query: loading a version is an action the user takes, once per click. */
export function useLoadVersion(projectId: string) {
  return useMutation({
    mutationKey: ['editor', 'version', projectId],
    mutationFn: (body: TGetVersionHtml) => getVersionHtml(projectId, body),
  });
}
