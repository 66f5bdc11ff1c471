import type { IncomingHttpHeaders } from 'node:http';
import { ReadFailed, readPublic, type ReadFailure } from '../../lib/public-read.ts';

/** A downloaded answer larger than this is not an image we asked for. */
export const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;

/**
 * Why an image could not be downloaded, in a few words for a sentence of the caller's own
 * ("the image address is refused: ..."). Not transient when the address or what it answered
 * can never be an image we take (not public, not an image, too large): trying again is
 * pointless.
 */
export class DownloadFailed extends ReadFailed {}

/** A read that failed, told as an image's download. */
function downloadFailure(failure: ReadFailure): DownloadFailed {
  switch (failure.kind) {
    case 'not-public':
      return new DownloadFailed(`the image address is refused: ${failure.reason}`, false);
    case 'unreachable':
      return new DownloadFailed(
        `downloading the image ${failure.timedOut ? 'timed out' : 'failed'}`,
        true,
      );
    case 'status':
      return new DownloadFailed(
        `the image could not be downloaded (HTTP ${failure.status})`,
        failure.transient,
      );
    case 'unwanted':
      return new DownloadFailed('the address is not an image', false);
    case 'too-large':
      return new DownloadFailed('the image to download is too large', false);
  }
}

/** An image's answer: typed as one, or untyped (left to the image's own bytes to tell). */
const isImage = (headers: IncomingHttpHeaders) => {
  const type = headers['content-type'] ?? '';
  return !type || type.startsWith('image/') || type === 'application/octet-stream';
};

/**
 * Fetches an image from an address someone else named (a provider's answer, a customer's
 * sheet): it must be public on every hop (no reaching into this network or the cloud metadata
 * service) unless its host is explicitly trusted, and it is counted as it arrives.
 */
export async function downloadImage(
  url: string,
  opts: { timeoutMs: number; trustedHosts: readonly string[] },
): Promise<Buffer> {
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol))
    throw new DownloadFailed('the image address cannot be fetched', false);
  const read = await readPublic(
    url,
    { ...opts, maxBytes: MAX_DOWNLOAD_BYTES, accepts: isImage },
    downloadFailure,
  );
  return read.body;
}
