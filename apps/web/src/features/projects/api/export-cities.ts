import { useMutation } from '@tanstack/react-query';
import { locationsApi } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * GET /api/projects/{id}/cities/export/?format=csv|xlsx → every place with its page, verdict
 * and fact columns, saved under the name the server suggests. Filled in and uploaded again,
 * it is how an agency brings its facts.
 */
export async function exportCities(id: string, format: ExportFormat): Promise<void> {
  const { blob, filename } = await api.downloadFile(locationsApi.exportCities, {
    params: { id },
    query: { format },
  });
  saveBlob(blob, filename ?? `cities.${format}`);
}

export function useExportCities(id: string) {
  return useMutation({
    mutationKey: ['projects', 'export-cities', id],
    mutationFn: (format: ExportFormat) => exportCities(id, format),
  });
}
