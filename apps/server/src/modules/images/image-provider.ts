import OpenAI, { APIError } from 'openai';
import { MSG, type IMAGE_MODELS, type IMAGE_SIZES } from '@cityforge/shared';
import { AppError } from '../../lib/errors.ts';
import { toProviderError } from '../ai/index.ts';
import { DownloadFailed, downloadImage } from './image-download.ts';

export type ImageModel = (typeof IMAGE_MODELS)[number];
export type ImageSize = (typeof IMAGE_SIZES)[number];
export type ImageUsage = { inputTokens: number; outputTokens: number; totalTokens: number };
export type ProviderImage = { bytes: Buffer; usage: ImageUsage | null };

export const imageFailed = (code: 'bad_request' | 'bad_gateway', reason: string) =>
  new AppError(code, `${MSG.imageFailed}: ${reason}`);

/**
 * A refused key and a content-policy refusal are the user's to fix (400, the latter in
 * OpenAI's own words); anything else is OpenAI failing us (502).
 */
function failure(error: unknown, model: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof APIError && error.code === 'content_policy_violation') {
    const body = error.error as { message?: unknown } | undefined;
    const said = typeof body?.message === 'string' ? body.message : error.message;
    return imageFailed('bad_request', said);
  }
  const reason = toProviderError(error, 'openai', model);
  return imageFailed(reason.status === 401 ? 'bad_request' : 'bad_gateway', reason.message);
}

/**
 * Fetches a temporary image URL of an answer, refusing what cannot be a generated image. The
 * address comes from a third party's answer, so it must be public on every hop (no reaching
 * into this network or the cloud metadata service) unless its host is explicitly trusted.
 */
async function download(url: string, timeoutMs: number, trustedHosts: readonly string[]) {
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol))
    throw imageFailed('bad_gateway', 'OpenAI answered an image address that cannot be fetched.');
  return downloadImage(url, { timeoutMs, trustedHosts }).catch((error: unknown) => {
    if (!(error instanceof DownloadFailed)) throw error;
    const said =
      error.message === 'the address is not an image'
        ? 'the address OpenAI answered is not an image'
        : error.message;
    throw imageFailed('bad_gateway', `${said}.`);
  });
}

export type ImageProviderOptions = {
  baseUrl: string;
  /** One image can take a minute or more at OpenAI. */
  timeoutMs?: number;
  downloadTimeoutMs?: number;
  /** FETCH_TRUSTED_HOSTS: image hosts fetched even on private addresses. */
  trustedHosts?: readonly string[];
};

/** OpenAI's image generation through the official SDK, with the user's key, one image per call. */
export function createImageProvider(options: ImageProviderOptions) {
  return {
    async generate(req: {
      apiKey: string;
      model: ImageModel;
      prompt: string;
      size: ImageSize;
    }): Promise<ProviderImage> {
      const client = new OpenAI({
        apiKey: req.apiKey,
        baseURL: options.baseUrl,
        maxRetries: 0,
        timeout: options.timeoutMs ?? 120_000,
      });
      try {
        // No response_format: GPT image models refuse it and always answer base64. A URL
        // answer (retired models, OpenAI-compatible gateways) is still accepted below.
        const answer = await client.images.generate({
          model: req.model,
          prompt: req.prompt,
          n: 1,
          size: req.size,
        });
        const image = answer.data?.[0];
        const bytes = image?.b64_json
          ? Buffer.from(image.b64_json, 'base64')
          : image?.url
            ? await download(
                image.url,
                options.downloadTimeoutMs ?? 60_000,
                options.trustedHosts ?? [],
              )
            : null;
        if (!bytes?.length) throw imageFailed('bad_gateway', 'OpenAI answered without an image.');
        const usage = answer.usage
          ? {
              inputTokens: answer.usage.input_tokens ?? 0,
              outputTokens: answer.usage.output_tokens ?? 0,
              totalTokens: answer.usage.total_tokens ?? 0,
            }
          : null;
        return { bytes, usage };
      } catch (error) {
        throw failure(error, req.model);
      }
    },
  };
}
export type ImageProvider = ReturnType<typeof createImageProvider>;
