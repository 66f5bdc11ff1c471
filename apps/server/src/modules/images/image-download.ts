import { fetchPublic, NotPublicError } from '../../lib/public-fetch.ts';

/** A downloaded answer larger than this is not an image we asked for. */
export const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;

/**
 * Why an image could not be downloaded, in a few words for a sentence of the caller's own
 * ("the image address is refused: ..."). `refused`: the address or what it answered can never
 * be an image we take (not public, not an image, too large), so trying again is pointless;
 * otherwise the host failed us (an error status, a timeout) and a later try may succeed.
 */
export class DownloadFailed extends Error {
  readonly refused: boolean;
  constructor(message: string, refused: boolean) {
    super(message);
    this.name = 'DownloadFailed';
    this.refused = refused;
  }
}

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
    throw new DownloadFailed('the image address cannot be fetched', true);
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const failed = () =>
    new DownloadFailed(`downloading the image ${signal.aborted ? 'timed out' : 'failed'}`, false);
  const res = await fetchPublic(url, { signal, trustedHosts: opts.trustedHosts }).catch(
    (error: unknown) => {
      if (error instanceof NotPublicError)
        throw new DownloadFailed(`the image address is refused: ${error.message}`, true);
      throw failed();
    },
  );
  const refuse = (reason: string, refused = true) => {
    res.destroy();
    return new DownloadFailed(reason, refused);
  };
  const status = res.statusCode ?? 0;
  if (status < 200 || status >= 300)
    throw refuse(
      `the image could not be downloaded (HTTP ${status})`,
      status >= 500 || status === 429 ? false : true,
    );
  const type = res.headers['content-type'] ?? '';
  if (type && !type.startsWith('image/') && type !== 'application/octet-stream')
    throw refuse('the address is not an image');
  const tooBig = 'the image to download is too large';
  if (Number(res.headers['content-length'] ?? 0) > MAX_DOWNLOAD_BYTES) throw refuse(tooBig);
  // Counted as it arrives: a missing or false Content-Length cannot make us hold more.
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      received += chunk.byteLength;
      if (received > MAX_DOWNLOAD_BYTES) throw refuse(tooBig);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof DownloadFailed) throw error;
    throw failed();
  }
  return Buffer.concat(chunks);
}
