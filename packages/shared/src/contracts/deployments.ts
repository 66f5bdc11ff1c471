import { z } from 'zod';

/**
 * A deploy's life: queued → building (files written) → uploading (Netlify asked for the
 * files it lacks) → processing (Netlify publishing) → ready, or error with a reason.
 */
export const DEPLOY_STATES = [
  'queued',
  'building',
  'uploading',
  'processing',
  'ready',
  'error',
] as const;
export type TDeployState = (typeof DEPLOY_STATES)[number];

export const isDeployActive = (state: string | null | undefined): boolean =>
  state === 'queued' || state === 'building' || state === 'uploading' || state === 'processing';

export const ZDeployment = z.object({
  id: z.string(),
  state: z.enum(DEPLOY_STATES),
  /** Files in the built site. */
  filesTotal: z.number().int(),
  /** Files Netlify said it lacks (0 when nothing changed since the last deploy). */
  filesToUpload: z.number().int(),
  filesUploaded: z.number().int(),
  /** Why it failed, in words for the site owner; null unless state is error. */
  error: z.string().nullable(),
  /** What the deploy left out and why (images the file store lacks); null when nothing. */
  note: z.string().nullable(),
  /**
   * What IndexNow was told about the deploy's changed pages and how it answered, in words for
   * the owner; null when it was not told (no verified domain, or the setting is off).
   */
  indexNow: z.string().nullable(),
  siteUrl: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TDeployment = z.infer<typeof ZDeployment>;

/**
 * Every hosting address a project has had, as the list items carry them (`netlifyUrls`): the
 * current one first, then the history newest first, without blanks or repeats. Addresses
 * differing only in case or a trailing slash are one site on Netlify.
 */
export function orderNetlifyUrls(current: string | null, history: readonly string[]): string[] {
  const key = (url: string) => url.replace(/\/+$/, '').toLowerCase();
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const raw of [current ?? '', ...[...history].reverse()]) {
    const url = raw.trim();
    if (!url || seen.has(key(url))) continue;
    seen.add(key(url));
    urls.push(url);
  }
  return urls;
}
