import { useMutation, useQueryClient } from '@tanstack/react-query';
import { locationsApi } from '@cityforge/shared';
import { UPLOAD_PROMPT_WAIT_MS } from '@cityforge/shared';
import type { TUploadReport } from '@cityforge/shared';
import { call } from '../../../lib/api';

export interface SimpleUpload {
  file: File;
  projectId: string;
  prompt: string;
  /** The model the city pages are written with, sent with the file, prompt and project. */
  model: string;
  /** "Replace my edits too", for the project's cities written again with a new prompt. */
  replaceEdits?: boolean;
}

export function simpleUploadFormData(upload: SimpleUpload): FormData {
  const form = new FormData();
  form.append('file', upload.file, upload.file.name);
  form.append('prompt', upload.prompt);
  form.append('project', upload.projectId);
  form.append('model', upload.model);
  if (upload.replaceEdits) form.append('replaceEdits', 'true');
  return form;
}

/** POST /api/upload/ (multipart: file, prompt, project, model) → 201 TUploadReport. */
export function simpleUpload(upload: SimpleUpload): Promise<TUploadReport> {
  return call(locationsApi.simpleUpload, { body: simpleUploadFormData(upload) });
}

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** The upload, then a 2-s pause when it carried a prompt. */
export function useSimpleUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['upload', 'simple'],
    mutationFn: async (upload: SimpleUpload) => {
      const report = await simpleUpload(upload);
      if (upload.prompt.trim()) await wait(UPLOAD_PROMPT_WAIT_MS);
      return report;
    },
    // The project's city count and detail changed; every project query lives under 'projects'.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
