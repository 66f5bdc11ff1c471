import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { jobsIn } from '../../jobs/in-transaction.ts';
import { addressRefusal } from '../../lib/public-fetch.ts';
import type { ParsedLocationRow } from './spreadsheet.ts';

/**
 * A place's photo, given as an https address in its sheet (or the facts panel), is fetched
 * by a job of its own: an upload of thousands of rows never waits on a photo host. One job
 * per project and address, however many places show that photo; the images module runs it
 * (images/city-photos.ts) and files the copy where every other image of the site is.
 */
export const ZPhotoJob = z.object({ projectId: z.string(), url: z.string() });
export type TPhotoJob = z.infer<typeof ZPhotoJob>;

/** Asks for these addresses to be fetched, with the transaction that stored them. */
export async function sendPhotoJobs(
  boss: PgBoss,
  projectId: string,
  urls: readonly string[],
  tx: Executor,
): Promise<void> {
  if (!urls.length) return;
  const jobs = urls.map((url) => ({
    data: { projectId, url } satisfies TPhotoJob,
    singletonKey: `${projectId}|${url}`,
  }));
  await boss.insert(QUEUES.fetchCityPhoto, jobs, { db: jobsIn(tx) });
}

// An upload names a handful of photo hosts; past this many, the fetch alone judges the rest.
const HOSTS_CHECKED = 20;

/**
 * Photo addresses of an upload's rows whose host is not public (this machine, a private
 * network, the cloud's metadata service) are refused on the row before anything is stored:
 * the photo is left out with a note and the rest of the row is taken.
 */
export async function refusePrivatePhotos(
  rows: ParsedLocationRow[],
  trustedHosts: readonly string[],
): Promise<Array<{ line: number; reason: string }>> {
  const hosts = new Map<string, Promise<string | null>>();
  for (const row of rows) {
    if (!row.photo) continue;
    const host = new URL(row.photo).host;
    if (!hosts.has(host) && hosts.size < HOSTS_CHECKED)
      hosts.set(host, addressRefusal(row.photo, { trustedHosts }));
  }
  const notes: Array<{ line: number; reason: string }> = [];
  for (const row of rows) {
    if (!row.photo) continue;
    const refused = await hosts.get(new URL(row.photo).host);
    if (!refused) continue;
    notes.push({
      line: row.line,
      reason: `Photo "${row.photo}" is refused: ${refused}; no photo was taken.`,
    });
    delete row.photo;
  }
  return notes;
}
