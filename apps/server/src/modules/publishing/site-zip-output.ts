import type { Readable } from 'node:stream';
import { createZipFile, packEntryAsync } from '../../lib/zip-writer.ts';
import {
  claimPath,
  claimWhole,
  createPendingWrites,
  sha1,
  zipEntryName,
  type SiteOutput,
} from './site-output.ts';

/** A build written into one ZIP file instead of a folder: `finish` ends the file. */
export type ZipOutput = SiteOutput & {
  /** The ZIP on disk. */
  readonly file: string;
  /** Waits for every entry, writes the central directory; the ZIP's size in bytes. */
  finish(): Promise<number>;
  /** Closes the file of a build that failed (its folder is removed after). */
  discard(): void;
};

/**
 * A site's output as a ZIP (a first deploy sends its site to Netlify as one, zip-deploy.ts):
 * no file per page on disk, every page packed where it is made. The digest is kept as a
 * folder's output keeps it, so the next deploy finds what did not change. Nothing is reused:
 * a ZIP deploy carries the whole site.
 */
export function createZipOutput(
  file: string,
  level: number,
  concurrency = 16,
  pended = 256,
): ZipOutput {
  // Render threads write their pages into the file themselves (file-slots.ts).
  const zip = createZipFile(file);
  const digest = new Map<string, string>();
  const writes = createPendingWrites();
  let bytes = 0;

  return {
    file,
    target: { kind: 'zip', level, slots: zip.slots },
    digest,
    get bytes() {
      return bytes;
    },
    reused: new Set(),
    reuse(path) {
      throw new Error(`a ZIP deploy carries every file, ${path} too`);
    },
    async write(path, body) {
      writes.check();
      const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      claimPath(digest, path, sha1(buffer));
      bytes += buffer.length;
      writes.track(
        packEntryAsync(buffer, level).then((packed) => zip.add(zipEntryName(path), packed)),
      );
      await writes.room(concurrency);
    },
    async copy(path, source: Readable) {
      writes.check();
      const body = await claimWhole(digest, path, source);
      bytes += body.length;
      // Stored images are compressed already: kept as they are.
      await zip.add(zipEntryName(path), await packEntryAsync(body, 0));
    },
    async pend(path, made) {
      writes.check();
      claimPath(digest, path);
      writes.track(
        made.then((result) => {
          digest.set(path, result.sha);
          bytes += result.bytes;
          if (!result.zip) throw new Error(`${path} came back unpacked`);
          zip.placed(zipEntryName(path), result.zip);
        }),
      );
      await writes.room(pended);
    },
    flush: () => writes.flush(),
    async finish() {
      await writes.flush();
      return zip.end();
    },
    discard() {
      zip.discard();
    },
  };
}
