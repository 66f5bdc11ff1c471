import { useMutation, useQueryClient } from '@tanstack/react-query';
import { imagesApi } from '@cityforge/shared';
import type { TGenerateImage, TProjectImage } from '@cityforge/shared';
import { call } from '../../../lib/api';
import { editorKeys } from './keys';

/** POST /api/projects/{id}/images/ → the new image (made with the user's OpenAI key). */
export function generateImage(projectId: string, body: TGenerateImage): Promise<TProjectImage> {
  return call(imagesApi.generate, { params: { id: projectId }, body });
}

export function useGenerateImage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['editor', 'generate-image', projectId],
    mutationFn: (body: TGenerateImage) => generateImage(projectId, body),
    onSuccess: (image) => {
      queryClient.setQueryData<TProjectImage[]>(editorKeys.images(projectId), (old) =>
        old ? [image, ...old.filter((i) => i.id !== image.id)] : [image],
      );
    },
  });
}
