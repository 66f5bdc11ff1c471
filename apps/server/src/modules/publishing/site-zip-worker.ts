import path from 'node:path';
import type { ProjectRow } from '../../db/schema/index.ts';
import { serveJobs, type CallParent } from '../../lib/child-job.ts';
import { openStore, type StoreSettings } from '../../lib/storage/open-store.ts';
import { createImageFiles } from '../images/lean.ts';
import { buildSite, type SiteReads } from './site-build.ts';
import { SITE_READS } from './site-reads.ts';
import { createZipOutput } from './site-zip-output.ts';

/**
 * What a site ZIP's build process is given: it builds straight into `dir`/site.zip, reading
 * the project's images from the file store named by `store` (it opens its own).
 */
export type SiteZipJob = {
  project: ProjectRow;
  siteUrl?: string;
  dir: string;
  store: StoreSettings;
};
/** `missing`: site paths of images the store lacks, left out of the ZIP. */
export type SiteZipAnswer = { files: number; missing: string[] };

/** The build's reads, answered by the API process: this process has no database of its own. */
function readsOverChannel(call: CallParent): SiteReads {
  return Object.fromEntries(
    SITE_READS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as SiteReads;
}

async function buildZip(job: SiteZipJob, call: CallParent): Promise<SiteZipAnswer> {
  // Built straight into the ZIP, deflated at the default level (a download is kept, so its
  // size matters more than a deploy's): no file per page on disk, memory flat.
  const out = createZipOutput(path.join(job.dir, 'site.zip'), 6);
  try {
    const built = await buildSite({
      project: job.project,
      siteUrl: job.siteUrl,
      repo: readsOverChannel(call),
      images: createImageFiles(openStore(job.store)),
      out,
    });
    await out.finish();
    return { files: built.files, missing: built.missing };
  } catch (error) {
    out.discard();
    throw error;
  }
}

// Runs in a child process of its own (see site-zip.ts): rendering every page of a large site
// holds a thread for seconds, which must never be the thread that answers HTTP.
serveJobs(buildZip);
