import { useMutation } from '@tanstack/react-query';
import { locationsApi } from '@cityforge/shared';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';

export type SampleType = 'xlsx' | 'csv';

/** GET /api/projects/sample-file/?file_type=xlsx|csv → the file, saved as a download. */
export async function downloadSample(fileType: SampleType): Promise<void> {
  const { blob, filename } = await api.downloadFile(locationsApi.sampleFile, {
    query: { file_type: fileType },
  });
  saveBlob(blob, filename ?? `cityforge-sample.${fileType}`);
}

export function useDownloadSample() {
  return useMutation({
    mutationKey: ['projects', 'sample-file'],
    mutationFn: downloadSample,
  });
}
