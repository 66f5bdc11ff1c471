import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { ProjectRow } from '../../db/schema/index.ts';
import type { PublishingRepo } from './publishing.repo.ts';
import { buildSite } from './site-build.ts';
import { createSiteOutput } from './site-output.ts';

/**
 * The built site as a ZIP, for hosting anywhere. It is built into a temporary folder and
 * zipped file by file from disk (deflated, ZIP64 past 65,535 files), so memory stays flat;
 * the folder is removed when the stream ends or fails.
 */
export async function siteZip(opts: {
  project: ProjectRow;
  siteUrl?: string;
  repo: PublishingRepo;
  tmpRoot?: string;
}): Promise<{ stream: Readable; files: number }> {
  const root = opts.tmpRoot ?? os.tmpdir();
  await fs.mkdir(root, { recursive: true });
  const dir = await fs.mkdtemp(path.join(root, 'site-'));
  const cleanup = () => void fs.rm(dir, { recursive: true, force: true });
  try {
    const out = createSiteOutput(dir);
    const built = await buildSite({ ...opts, out });
    const zip = new yazl.ZipFile();
    for (const file of [...out.digest.keys()].sort()) {
      zip.addFile(path.join(dir, file), file.slice(1));
    }
    zip.end();
    const stream = zip.outputStream as Readable;
    stream.once('end', cleanup);
    stream.once('error', cleanup);
    stream.once('close', cleanup);
    return { stream, files: built.files };
  } catch (error) {
    cleanup();
    throw error;
  }
}
