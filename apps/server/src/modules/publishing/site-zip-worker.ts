import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { ProjectRow } from '../../db/schema/index.ts';
import { serveJobs, type CallParent } from '../../lib/child-job.ts';
import { openStore, type StoreSettings } from '../../lib/storage/open-store.ts';
import { createImageFiles } from '../images/image-files.ts';
import { buildSite, type SiteReads } from './site-build.ts';
import { createSiteOutput } from './site-output.ts';

/**
 * What a site ZIP's build process is given: it builds in `dir`/site and writes `dir`/site.zip,
 * reading the project's images from the file store named by `store` (it opens its own).
 */
export type SiteZipJob = {
  project: ProjectRow;
  siteUrl?: string;
  dir: string;
  store: StoreSettings;
};
/** `missing`: site paths of images the store lacks, left out of the ZIP. */
export type SiteZipAnswer = { files: number; missing: string[] };

const READS: Array<keyof SiteReads> = [
  'sitePages',
  'siteImages',
  'siteStates',
  'siteCounties',
  'cityStubs',
  'cityContents',
  'citiesPastSeats',
];

/** The build's reads, answered by the API process: this process has no database of its own. */
function readsOverChannel(call: CallParent): SiteReads {
  return Object.fromEntries(
    READS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as SiteReads;
}

async function buildZip(job: SiteZipJob, call: CallParent): Promise<SiteZipAnswer> {
  const siteDir = path.join(job.dir, 'site');
  try {
    const out = createSiteOutput(siteDir);
    const built = await buildSite({
      project: job.project,
      siteUrl: job.siteUrl,
      repo: readsOverChannel(call),
      images: createImageFiles(openStore(job.store)),
      out,
    });
    // Zipped file by file from disk (deflated, ZIP64 past 65,535 files), so memory stays flat.
    const zip = new yazl.ZipFile();
    for (const file of [...out.digest.keys()].sort()) {
      zip.addFile(path.join(siteDir, file), file.slice(1));
    }
    zip.end();
    await pipeline(zip.outputStream as Readable, createWriteStream(path.join(job.dir, 'site.zip')));
    return { files: built.files, missing: built.missing };
  } finally {
    await fs.rm(siteDir, { recursive: true, force: true });
  }
}

// Runs in a child process of its own (see site-zip.ts): rendering every page of a large site
// holds a thread for seconds, which must never be the thread that answers HTTP.
serveJobs(buildZip);
