import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateProjects } from './keys';

export interface CreatePageBody {
  name: string;
  prompt: string;
  model: string;
}

/** POST /api/projects/{id}/create_page/ {name, prompt, model}: queues one more main page. */
export function createPage(id: string, body: CreatePageBody): Promise<unknown> {
  return api.post<unknown>(`/api/projects/${encodeURIComponent(id)}/create_page/`, body);
}

export function useCreatePage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'create-page', id],
    mutationFn: (body: CreatePageBody) => createPage(id, body),
    onSuccess: () => invalidateProjects(queryClient),
  });
}
