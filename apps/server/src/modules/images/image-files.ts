import { IMAGE_FILE_NAME, IMAGE_KEY_PREFIX as PREFIX } from '../../lib/image-names.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';

/**
 * The image files of every project, flat under `images/` in the file store (the folder
 * DATA_DIR/images, or the bucket's images/ prefix). Names are checked before any key is built.
 */
export function createImageFiles(store: FileStore) {
  function keyOf(file: string): string {
    if (!IMAGE_FILE_NAME.test(file)) throw new Error(`not an image file name: ${file}`);
    return `${PREFIX}${file}`;
  }

  return {
    /** `mime` is the type sniffed from the bytes, kept on the object for anyone reading the bucket. */
    save: (file: string, bytes: Buffer, mime: string) => store.put(keyOf(file), bytes, mime),
    /** An open stream over the file and its size, or null when the store lacks it. */
    open: (file: string) => store.open(keyOf(file)),
    /** Every stored image's name and age; anything else under images/ is not listed. */
    async list(): Promise<{ file: string; modifiedMs: number }[]> {
      const found: { file: string; modifiedMs: number }[] = [];
      for await (const entry of store.list(PREFIX)) {
        const file = entry.key.slice(PREFIX.length);
        if (IMAGE_FILE_NAME.test(file)) found.push({ file, modifiedMs: entry.modifiedMs });
      }
      return found;
    },
    remove: (file: string) => store.remove(keyOf(file)),
  };
}
export type ImageFiles = ReturnType<typeof createImageFiles>;
