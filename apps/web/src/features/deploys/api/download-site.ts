import { useMutation } from '@tanstack/react-query';
import { publishingApi, SITE_NOTE_HEADER } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';

/**
 * GET /api/projects/{id}/download-site/ → the built static site as a ZIP (no Netlify token
 * needed), saved under the name the server suggests. Answers the server's note on what the
 * ZIP left out (images missing from file storage), or null.
 */
export async function downloadSite(id: string): Promise<{ note: string | null }> {
  const { blob, filename, headers } = await api.downloadFile(publishingApi.downloadSite, {
    params: { id },
  });
  saveBlob(blob, filename ?? `site-${id}.zip`);
  return { note: headers.get(SITE_NOTE_HEADER) };
}

export function useDownloadSite(id: string) {
  return useMutation({
    mutationKey: ['projects', 'download-site', id],
    mutationFn: () => downloadSite(id),
  });
}
