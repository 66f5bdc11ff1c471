import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ImagePlus, Images } from 'lucide-react';
import { IMAGE_MODELS, IMAGE_SIZES, MSG, ZGenerateImage } from '@cityforge/shared';
import type { TGenerateImage } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { errorMessage, serverMessage } from '../../../lib/api-errors';
import { useGenerateImage } from '../api/generate-image';
import { useProjectImages } from '../api/get-project-images';
import type { CanvasHandle } from '../canvas-handle';
import { PanelSection } from './panel-section';

type ImageModel = (typeof IMAGE_MODELS)[number];
type ImageSize = (typeof IMAGE_SIZES)[number];

/**
 * The project's images and a form to generate one (with the user's OpenAI key). A new image
 * joins the Asset Manager and, when an image is selected in the page, becomes its source.
 */
export function ImagesSection({
  projectId,
  handle,
  imageSelected,
}: {
  projectId: string;
  handle: CanvasHandle | null;
  imageSelected: boolean;
}) {
  const images = useProjectImages(projectId);
  const generate = useGenerateImage(projectId);
  const navigate = useNavigate();
  const [prompt, setPrompt] = useState('');
  const [model, setModel] = useState<ImageModel>(IMAGE_MODELS[0]);
  const [size, setSize] = useState<ImageSize>('1024x1024');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZGenerateImage.safeParse({ prompt, model, size } satisfies TGenerateImage);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Describe the image.');
      return;
    }
    setError(null);
    try {
      const image = await generate.mutateAsync(parsed.data);
      handle?.addAssets([image.src]);
      if (imageSelected) handle?.setSelectedImageSrc(image.src);
      setPrompt('');
      toast.success(MSG.imageGenerated, {
        message: imageSelected ? 'It replaced the selected image.' : '',
      });
    } catch (failure) {
      const reason = serverMessage(failure);
      toast.error(MSG.imageFailed, {
        message: reason ?? errorMessage(failure, ''),
        ...(reason === MSG.openAiKeyMissingForImages && {
          duration: 10_000,
          action: {
            label: 'Open profile settings',
            href: '/profile',
            onNavigate: () => void navigate('/profile'),
          },
        }),
      });
    }
  }

  return (
    <PanelSection
      title="Images"
      icon={<Images />}
      description={
        imageSelected
          ? 'Click an image to use it for the selected image.'
          : 'Select an image in the page (or add an Image block) to swap its picture.'
      }
    >
      {images.isPending ? (
        <div className="grid grid-cols-3 gap-2">
          <Skeleton className="aspect-square" />
          <Skeleton className="aspect-square" />
          <Skeleton className="aspect-square" />
        </div>
      ) : images.isError ? (
        <p className="text-xs text-red-600">Could not load the project's images.</p>
      ) : images.data.length === 0 ? (
        <p className="text-xs text-zinc-500">No images yet: generate the first one below.</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2" data-testid="project-images">
          {images.data.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                disabled={!imageSelected || !handle}
                title={image.prompt}
                aria-label={`Use image: ${image.prompt}`}
                onClick={() => handle?.setSelectedImageSrc(image.src)}
                className="block aspect-square w-full overflow-hidden rounded-md border border-zinc-200 bg-zinc-50 enabled:hover:border-brand-400 disabled:cursor-default"
              >
                <img src={image.src} alt="" loading="lazy" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3 pt-1">
        <TextAreaField
          label="Describe a new image"
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          error={error ?? undefined}
          placeholder="e.g. A roofer installing shingles on a sunny day, photo"
          className="min-h-16"
          disabled={generate.isPending}
        />
        <div className="space-y-3">
          <SelectField
            label="Image model"
            value={model}
            onChange={(e) => setModel(e.target.value as ImageModel)}
            disabled={generate.isPending}
            className="h-9 text-xs"
          >
            {IMAGE_MODELS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Size"
            value={size}
            onChange={(e) => setSize(e.target.value as ImageSize)}
            disabled={generate.isPending}
            className="h-9 text-xs"
          >
            {IMAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s.replace('x', ' × ')}
              </option>
            ))}
          </SelectField>
        </div>
        <Button
          type="submit"
          variant="outline"
          className="w-full"
          loading={generate.isPending}
          icon={<ImagePlus className="size-4" aria-hidden="true" />}
        >
          {generate.isPending ? 'Generating…' : 'Generate image'}
        </Button>
      </form>
    </PanelSection>
  );
}
