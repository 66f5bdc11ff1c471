import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ImagePlus, Images } from 'lucide-react';
import { IMAGE_MODELS, IMAGE_SIZES, MSG, ZGenerateImage } from '@cityforge/shared';
import type { TGenerateImage } from '@cityforge/shared';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/input';
import { ChoiceField } from '../../../components/ui/select';
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
 * Generating an image (with the user's OpenAI key): the form's choices and its send. A new image
 * joins the Asset Manager and, when an image is selected in the page, becomes its source.
 */
function useImageGenerator({ projectId, handle, imageSelected }: ImagesProps) {
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
  const busy = generate.isPending;
  return { prompt, setPrompt, model, setModel, size, setSize, error, busy, submit };
}

interface ImagesProps {
  projectId: string;
  handle: CanvasHandle | null;
  /** An image is selected in the page: a chosen or new image becomes its picture. */
  imageSelected: boolean;
}

/** The project's images and a form to generate one. */
export function ImagesSection({ projectId, handle, imageSelected }: ImagesProps) {
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
      <ProjectImages
        projectId={projectId}
        onUse={imageSelected && handle ? (src) => handle.setSelectedImageSrc(src) : null}
      />
      <GenerateImageForm projectId={projectId} handle={handle} imageSelected={imageSelected} />
    </PanelSection>
  );
}

/** The project's images; each sets the selected image's picture, when one is selected. */
function ProjectImages({
  projectId,
  onUse,
}: {
  projectId: string;
  onUse: ((src: string) => void) | null;
}) {
  const images = useProjectImages(projectId);
  if (images.isPending) {
    return (
      <div className="grid grid-cols-3 gap-2">
        <Skeleton className="aspect-square" />
        <Skeleton className="aspect-square" />
        <Skeleton className="aspect-square" />
      </div>
    );
  }
  if (images.isError) {
    return <p className="text-xs text-red-600">Could not load the project's images.</p>;
  }
  if (images.data.length === 0) {
    return <p className="text-xs text-zinc-500">No images yet: generate the first one below.</p>;
  }
  return (
    <ul className="grid grid-cols-3 gap-2" data-testid="project-images">
      {images.data.map((image) => (
        <li key={image.id}>
          <button
            type="button"
            disabled={!onUse}
            title={image.prompt}
            aria-label={`Use image: ${image.prompt}`}
            onClick={() => onUse?.(image.src)}
            className="block aspect-square w-full overflow-hidden rounded-md border border-zinc-200 bg-zinc-50 enabled:hover:border-brand-400 disabled:cursor-default"
          >
            <img src={image.src} alt="" loading="lazy" className="size-full object-cover" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Describe a new image, pick its model and size, and generate it. */
function GenerateImageForm(props: ImagesProps) {
  const form = useImageGenerator(props);
  const { busy } = form;
  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate className="space-y-3 pt-1">
      <TextAreaField
        label="Describe a new image"
        value={form.prompt}
        onChange={(e) => form.setPrompt(e.target.value)}
        error={form.error ?? undefined}
        placeholder="e.g. A roofer installing shingles on a sunny day, photo"
        className="min-h-16"
        disabled={busy}
      />
      <div className="space-y-3">
        <ChoiceField
          label="Image model"
          choices={IMAGE_MODELS}
          value={form.model}
          onChoose={form.setModel}
          disabled={busy}
          className="h-9 text-xs"
        />
        <ChoiceField
          label="Size"
          choices={IMAGE_SIZES}
          display={(s) => s.replace('x', ' × ')}
          value={form.size}
          onChoose={form.setSize}
          disabled={busy}
          className="h-9 text-xs"
        />
      </div>
      <Button
        type="submit"
        variant="outline"
        className="w-full"
        loading={busy}
        icon={<ImagePlus className="size-4" aria-hidden="true" />}
      >
        {busy ? 'Generating…' : 'Generate image'}
      </Button>
    </form>
  );
}
