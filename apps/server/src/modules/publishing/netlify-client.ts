import { createReadStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { NetlifyAPI } from '@netlify/api';
import { APP_VERSION, BRAND } from '@cityforge/shared';
import { agentFor } from './netlify-agent.ts';
import { NetlifyError, retryable, toNetlifyError } from './netlify-errors.ts';
import type { NetlifyPaces } from './netlify-pace.ts';
import { sendRaw, type RawTarget } from './netlify-raw.ts';

export { NetlifyError, netlifyAppError, tokenRejected } from './netlify-errors.ts';

export type NetlifySite = {
  id: string;
  name: string;
  url: string;
  ssl_url?: string;
  default_domain?: string;
  custom_domain: string | null;
  domain_aliases?: string[];
};

export type NetlifyDeploy = {
  id: string;
  state: string;
  required?: string[];
  error_message?: string | null;
};

export type NetlifyClientOptions = {
  /** This process's pace of each token's calls; without it calls go as fast as they come. */
  paces?: NetlifyPaces;
  /**
   * Waits for, and takes, a slot of the token's deploy creations (shared by every process on
   * the database); `onWait` is told when the next slot frees while there is none.
   */
  deploySlot?: (onWait?: (until: Date) => unknown) => Promise<void>;
  attempts?: number;
  baseDelayMs?: number;
  /**
   * Longest a connection may stay silent (no byte either way) before the call is abandoned
   * and retried like a dropped connection. The client has no timeout of its own: without this
   * a stalled Netlify would hold a deploy in "uploading" for ever.
   */
  timeoutMs?: number;
};

/**
 * The Netlify API for one user's token, on the official client (which retries a 429 itself).
 * With `paces` every request keeps to the token's rate limits and waits as Netlify's headers
 * ask (netlify-pace.ts); with `deploySlot` creating a deploy takes a slot of the token's deploy
 * limit first. Adds retries with exponential backoff and jitter for server errors and dropped
 * connections, and one error type with Netlify's reason.
 */
export function createNetlifyClient(
  apiUrl: string,
  token: string,
  opts: NetlifyClientOptions = {},
) {
  const url = new URL(apiUrl);
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const agent = agentFor(url.protocol, timeoutMs, opts.paces);
  const api = new NetlifyAPI(token, {
    scheme: url.protocol.replace(':', ''),
    host: url.host,
    pathPrefix: url.pathname.replace(/\/+$/, ''),
    userAgent: `${BRAND}/${APP_VERSION}`,
    // The client's types call this a string; node-fetch takes the agent itself.
    agent: agent as never,
  });
  const raw: RawTarget = { base: url.href.replace(/\/+$/, ''), token, agent };

  const attempts = opts.attempts ?? 5;
  const baseDelay = opts.baseDelayMs ?? 250;

  async function call<T>(run: () => Promise<unknown>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await run()) as T;
      } catch (failure) {
        const error = toNetlifyError(failure, timeoutMs);
        if (!retryable(error) || attempt >= attempts) throw error;
        const delay = baseDelay * 2 ** (attempt - 1);
        await sleep(delay / 2 + Math.random() * delay);
      }
    }
  }

  return {
    /** The site, or null when Netlify no longer has it (deleted on Netlify's side). */
    async getSite(siteId: string): Promise<NetlifySite | null> {
      try {
        return await call<NetlifySite>(() => api.getSite({ site_id: siteId }));
      } catch (error) {
        if (error instanceof NetlifyError && error.status === 404) return null;
        throw error;
      }
    },
    createSite: (body: { name?: string; custom_domain?: string | null }) =>
      call<NetlifySite>(() => api.createSite({ body: body as never })),
    updateSite: (
      siteId: string,
      body: { custom_domain: string | null; domain_aliases: string[] },
      // null clears the domain; the client's types only know strings.
    ) => call<NetlifySite>(() => api.updateSite({ site_id: siteId, body: body as never })),
    /** Deletes the site; one Netlify no longer has counts as deleted. */
    async deleteSite(siteId: string): Promise<void> {
      try {
        await call(() => api.deleteSite({ site_id: siteId }));
      } catch (error) {
        if (error instanceof NetlifyError && error.status === 404) return;
        throw error;
      }
    },
    /** Takes a slot of the token's deploy creations first (`onWait` while there is none). */
    async createDeploy(
      siteId: string,
      files: Record<string, string>,
      onWait?: (until: Date) => unknown,
    ): Promise<NetlifyDeploy> {
      await opts.deploySlot?.(onWait);
      return call<NetlifyDeploy>(() => api.createSiteDeploy({ site_id: siteId, body: { files } }));
    },
    /**
     * A deploy of a whole site as one ZIP (`file` on disk, `size` bytes): Netlify unpacks it
     * and publishes what it holds. Takes a slot of the token's deploy creations first
     * (`onWait` while there is none), then tells `onSending`.
     */
    async createZipDeploy(
      siteId: string,
      zip: { file: string; size: number },
      onWait?: (until: Date) => unknown,
      onSending?: () => unknown,
    ): Promise<NetlifyDeploy> {
      await opts.deploySlot?.(onWait);
      await onSending?.();
      return call<NetlifyDeploy>(() =>
        sendRaw(raw, 'POST', `/sites/${encodeURIComponent(siteId)}/deploys`, 'application/zip', {
          length: zip.size,
          // Big reads: a 150 MB site goes in ~40 writes to the socket, not ~2,400.
          open: () => createReadStream(zip.file, { highWaterMark: 4 * 1024 * 1024 }),
        }),
      );
    },
    getDeploy: (deployId: string) =>
      call<NetlifyDeploy>(() => api.getDeploy({ deploy_id: deployId })),
    /** `file` is the digest's path ('/states/tx.html'); Netlify checks the body's SHA1. */
    uploadFile: (deployId: string, file: string, body: Buffer) =>
      call(() =>
        sendRaw(
          raw,
          'PUT',
          `/deploys/${deployId}/files${encodePath(file)}`,
          'application/octet-stream',
          {
            length: body.length,
            open: () => body,
          },
        ),
      ),
  };
}
export type NetlifyClient = ReturnType<typeof createNetlifyClient>;

/** '/states/a b.html' → '/states/a%20b.html': each segment of a file's path encoded. */
const encodePath = (file: string) =>
  '/' + file.replace(/^\//, '').split('/').map(encodeURIComponent).join('/');

/** The address Netlify gives the site itself, whatever custom domain it also has. */
export function netlifyUrlOf(site: NetlifySite): string {
  if (site.default_domain) return `https://${site.default_domain}`;
  return site.ssl_url || site.url.replace(/^http:/, 'https:');
}
