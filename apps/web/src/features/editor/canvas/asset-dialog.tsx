import { useState } from 'react';
import type { FormEvent } from 'react';
import { useEditor } from '@grapesjs/react';
import type { AssetsResultProps } from '@grapesjs/react';
import { ImageOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/input';
import { isUnsafeUrl } from '../sanitize';

/**
 * The Asset Manager in the app's own dialog: the project's images (preloaded from GET images
 * and added to as new ones are generated), or any image address.
 */
export function AssetDialog({ open, assets, select, close }: AssetsResultProps) {
  const editor = useEditor();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  function applyUrl(event: FormEvent) {
    event.preventDefault();
    const src = url.trim();
    if (!src || isUnsafeUrl(src)) {
      setError('Enter an image address such as https://… or /images/….');
      return;
    }
    const added = editor.Assets.add({ type: 'image', src });
    const asset = Array.isArray(added) ? added[0] : added;
    if (asset) select(asset, true);
    setUrl('');
    setError(null);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent
        title="Choose an image"
        description="Your project's generated images. Generate more under Additional Settings › Images."
        size="lg"
      >
        {assets.length === 0 ? (
          <div className="mt-5 flex flex-col items-center gap-2 rounded-lg border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-600">
            <ImageOff className="size-6 text-zinc-400" aria-hidden="true" />
            This project has no images yet.
          </div>
        ) : (
          <ul className="mt-5 grid max-h-80 grid-cols-3 gap-3 overflow-y-auto sm:grid-cols-4">
            {assets.map((asset) => {
              const src = asset.getSrc();
              return (
                <li key={src}>
                  <button
                    type="button"
                    onClick={() => select(asset, true)}
                    className="group block aspect-square w-full overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50 hover:border-brand-400 focus-visible:border-brand-500"
                    aria-label={`Use image ${src}`}
                  >
                    <img
                      src={src}
                      alt=""
                      loading="lazy"
                      className="size-full object-cover transition-transform group-hover:scale-105"
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <form onSubmit={applyUrl} className="mt-5 flex items-end gap-2">
          <TextField
            label="Or use an image address"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://…"
            error={error ?? undefined}
            containerClassName="flex-1"
          />
          <Button type="submit" variant="outline" className={error ? 'mb-6' : undefined}>
            Use address
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
