import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationsApi } from '@cityforge/shared';
import { UPLOAD_PROMPT_WAIT_MS } from '@cityforge/shared';
import type { TUploadReport } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects } from '../../../lib/project-cache';

export interface LocationUpload {
  files: readonly File[];
  prompt: string;
  model: string;
  /** True when the owner unchecked "Let AI handle the meta tags for you". */
  handleMetaTagsManually: boolean;
  /** The custom template; only sent when the meta tags are handled manually. */
  metaTags: string;
  /**
   * Cities already there are written again when the instructions change; with this, one the
   * owner edited gets its new page as a proposal instead of keeping the edited sections.
   */
  replaceEdits?: boolean;
}

/** The multipart body: one `file` part per file, then the text fields. */
export function uploadFormData(upload: LocationUpload): FormData {
  const form = new FormData();
  for (const file of upload.files) form.append('file', file, file.name);
  form.append('prompt', upload.prompt);
  form.append('model', upload.model);
  form.append('handleMetaTagsManually', String(upload.handleMetaTagsManually));
  if (upload.handleMetaTagsManually) form.append('metaTags', upload.metaTags);
  if (upload.replaceEdits) form.append('replaceEdits', 'true');
  return form;
}

/**
 * POST /api/project/{id}/upload/ (multipart) → 201 TUploadReport. 400, 413 and 415 carry a
 * message (and field errors for the text fields); a refused file changes nothing.
 */
export function uploadLocations(projectId: string, upload: LocationUpload): Promise<TUploadReport> {
  return call(locationsApi.upload, { params: { id: projectId }, body: uploadFormData(upload) });
}

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * The upload, then a 2-s pause when it carried a prompt before the screen
 * moves on; the project detail is refreshed once it does, so the new cities appear.
 */
export function useUploadLocations(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'upload', projectId],
    mutationFn: async (upload: LocationUpload) => {
      const report = await uploadLocations(projectId, upload);
      if (upload.prompt.trim()) await wait(UPLOAD_PROMPT_WAIT_MS);
      return report;
    },
    onSuccess: () => invalidateProjects(queryClient),
  });
}
