import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewsApi, type TSubmitReview } from '@cityforge/shared';
import { call } from '../../../lib/api';

export const reviewKeys = {
  board: (id: string) => ['review', id, 'board'] as const,
  list: (id: string, pageId?: string) => ['review', id, 'list', pageId ?? ''] as const,
};

/** GET /api/projects/{id}/review/: the written pages and where each stands. */
export function useReviewBoard(id: string) {
  return useQuery({
    queryKey: reviewKeys.board(id),
    queryFn: async ({ signal }) => (await call(reviewsApi.board, { params: { id }, signal })).data,
  });
}

/** GET /api/projects/{id}/reviews/: the client's decisions, newest first (of one page). */
export function useReviews(id: string, pageId?: string) {
  return useQuery({
    queryKey: reviewKeys.list(id, pageId),
    queryFn: async ({ signal }) =>
      (await call(reviewsApi.list, { params: { id }, query: pageId ? { pageId } : {}, signal }))
        .data,
  });
}

/** POST /api/projects/{id}/reviews/: a client approves a page or asks for changes. */
export function useSubmitReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSubmitReview) => call(reviewsApi.submit, { params: { id }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['review', id] });
    },
  });
}
