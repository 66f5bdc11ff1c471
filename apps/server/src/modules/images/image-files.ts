import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored image's name: its row id and type. Nothing else is ever read from the folder. */
export const IMAGE_FILE_NAME = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}\.(png|jpg|webp)$/;

export const imagesDirOf = (dataDir: string) => path.join(dataDir, 'images');

const isMissing = (error: unknown) => (error as { code?: string })?.code === 'ENOENT';

/**
 * The image files of every project, flat in one folder (DATA_DIR/images). Names are checked
 * before any path is built, so no request can reach outside the folder.
 */
export function createImageFiles(dir: string) {
  function pathOf(file: string): string {
    if (!IMAGE_FILE_NAME.test(file)) throw new Error(`not an image file name: ${file}`);
    return path.join(dir, file);
  }

  return {
    dir,
    pathOf,

    /**
     * Written under a temporary name and renamed into place, so a reader (a request, a site
     * build) sees the whole file or none of it, never half an image after a crash.
     */
    async save(file: string, bytes: Buffer): Promise<void> {
      const target = pathOf(file);
      await fsp.mkdir(dir, { recursive: true });
      const temp = path.join(dir, `.${file}.${randomUUID()}.tmp`);
      try {
        await fsp.writeFile(temp, bytes, { flag: 'wx' });
        await fsp.rename(temp, target);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    /** An open stream over the file and its size, or null when it is not on disk. */
    async open(file: string): Promise<{ stream: Readable; size: number } | null> {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(pathOf(file), fs.constants.O_RDONLY);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    /** Every stored image's name and age; temporary and foreign files are not listed. */
    async list(): Promise<{ file: string; modifiedMs: number }[]> {
      let names: string[];
      try {
        names = await fsp.readdir(dir);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const found: { file: string; modifiedMs: number }[] = [];
      for (const file of names.filter((n) => IMAGE_FILE_NAME.test(n))) {
        const stat = await fsp.stat(path.join(dir, file)).catch(() => null);
        if (stat) found.push({ file, modifiedMs: stat.mtimeMs });
      }
      return found;
    },

    async remove(file: string): Promise<void> {
      await fsp.rm(pathOf(file), { force: true });
    },
  };
}
export type ImageFiles = ReturnType<typeof createImageFiles>;
