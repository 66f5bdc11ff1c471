import { useQuery } from '@tanstack/react-query';
import { sheetsApi } from '@cityforge/shared';
import type { TSheetLink } from '@cityforge/shared';
import { call, isApiError } from '../../../lib/api';
import { projectKeys } from '../../../lib/project-cache';

/** GET /api/projects/{id}/sheet-link/ → the link, or null when no sheet is linked (404). */
export async function getSheetLink(id: string, signal?: AbortSignal): Promise<TSheetLink | null> {
  try {
    return await call(sheetsApi.getLink, { params: { id }, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useSheetLink(id: string) {
  return useQuery({
    queryKey: projectKeys.sheet(id),
    queryFn: ({ signal }) => getSheetLink(id, signal),
  });
}
