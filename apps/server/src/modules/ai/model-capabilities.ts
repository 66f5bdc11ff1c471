import type { ModelSpec } from '../models/index.ts';
import { fetchOpenRouterListing } from '../models/index.ts';
import type { OutputMode } from './structured-output.ts';

const LISTING_TTL_MS = 60 * 60 * 1000;
// A listing that could not be read is asked for again soon, not after a whole hour.
const RETRY_AFTER_FAILURE_MS = 5 * 60 * 1000;

/**
 * Which output mode each model gets. OpenAI's models all take structured outputs; an
 * OpenRouter model does when its entry in OpenRouter's public model listing names
 * `structured_outputs` among its supported parameters. The listing is read once an hour;
 * while it cannot be read, OpenRouter models get JSON mode, which every one of them accepts.
 */
export function createModelCapabilities(opts: {
  openRouterBaseUrl: string;
  timeoutMs?: number;
  log?: (detail: Record<string, unknown>, message: string) => void;
}) {
  let structured: Set<string> | null = null;
  let expiresAt = 0;
  let pending: Promise<void> | null = null;

  async function refresh() {
    try {
      const listing = await fetchOpenRouterListing({
        baseUrl: opts.openRouterBaseUrl,
        timeoutMs: opts.timeoutMs ?? 10_000,
      });
      const ids = listing
        .filter((m) => m.supportedParameters.includes('structured_outputs'))
        .map((m) => m.id);
      structured = new Set(ids);
      expiresAt = Date.now() + LISTING_TTL_MS;
    } catch (error) {
      opts.log?.({ err: error }, 'OpenRouter model listing unavailable; JSON mode for now');
      expiresAt = Date.now() + RETRY_AFTER_FAILURE_MS;
    }
  }

  return {
    async outputMode(model: ModelSpec): Promise<OutputMode> {
      if (model.provider === 'offline') return 'offline';
      if (model.provider === 'openai') return 'json_schema';
      if (Date.now() >= expiresAt) {
        // One refresh at a time, however many pages ask at once.
        pending ??= refresh().finally(() => {
          pending = null;
        });
        await pending;
      }
      return structured?.has(model.id) ? 'json_schema' : 'json_object';
    },
  };
}
export type ModelCapabilities = ReturnType<typeof createModelCapabilities>;
