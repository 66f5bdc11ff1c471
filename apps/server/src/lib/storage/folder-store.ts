import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkedKey, checkedPrefix, type FileStore, type StoredEntry } from './file-store.ts';

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as { code?: string })?.code ?? '');

/**
 * Files in a local folder (DATA_DIR in embedded mode): `images/x.png` is DATA_DIR/images/x.png,
 * where earlier releases kept it. Only for one machine: another machine has another disk.
 */
export function createFolderStore(root: string): FileStore {
  const pathOf = (key: string) => path.join(root, checkedKey(key));

  async function* walk(folder: string, prefix: string): AsyncGenerator<StoredEntry> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      // Files being written are dot-named (see put): they are not stored files yet.
      if (entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) yield* walk(full, `${prefix}${entry.name}/`);
      else if (entry.isFile()) {
        const stat = await fsp.stat(full).catch(() => null);
        if (stat)
          yield { key: `${prefix}${entry.name}`, size: stat.size, modifiedMs: stat.mtimeMs };
      }
    }
  }

  return {
    kind: 'folder',
    location: root,

    /** Written under a temporary name beside the target and renamed into place. */
    async put(key, body) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`);
      try {
        if (Buffer.isBuffer(body)) await fsp.writeFile(temp, body, { flag: 'wx' });
        else await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
        await fsp.rename(temp, target);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },

    async open(key) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(pathOf(key), fs.constants.O_RDONLY);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        // A folder where a file should be is no stored file either.
        if (stat.isFile())
          return { stream: handle.createReadStream(), size: stat.size, modifiedMs: stat.mtimeMs };
      } catch (error) {
        await handle.close();
        throw error;
      }
      await handle.close();
      return null;
    },

    list(prefix) {
      const p = checkedPrefix(prefix);
      // The prefix names a folder: list what is under it, keys relative to the root.
      return walk(p ? path.join(root, p) : root, p);
    },

    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },

    async check() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.W_OK).catch(() => {
        throw new Error(`The file folder ${root} is not writable by this process.`);
      });
    },
  };
}
