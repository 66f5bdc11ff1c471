import { useMutation } from '@tanstack/react-query';
import { publishingApi } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';

/**
 * GET /api/projects/{id}/download-site/ → the built static site as a ZIP (no Netlify token
 * needed), saved under the name the server suggests.
 */
export async function downloadSite(id: string): Promise<void> {
  const { blob, filename } = await api.downloadFile(publishingApi.downloadSite, { params: { id } });
  saveBlob(blob, filename ?? `site-${id}.zip`);
}

export function useDownloadSite(id: string) {
  return useMutation({
    mutationKey: ['projects', 'download-site', id],
    mutationFn: () => downloadSite(id),
  });
}
