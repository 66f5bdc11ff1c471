import { useMutation, useQueryClient } from '@tanstack/react-query';
import { generationApi, type TCreatePage } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { invalidateProjects } from '../../../lib/project-cache';

export type CreatePageBody = TCreatePage;

/** POST /api/projects/{id}/create_page/ {name, prompt, model}: queues one more main page. */
export function createPage(id: string, body: CreatePageBody) {
  return call(generationApi.createPage, { params: { id }, body });
}

export function useCreatePage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'create-page', id],
    mutationFn: (body: CreatePageBody) => createPage(id, body),
    onSuccess: () => invalidateProjects(queryClient),
  });
}
