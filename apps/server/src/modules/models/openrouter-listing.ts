/** One model as OpenRouter's public listing (GET {base}/models) describes it, as far as we use it. */
export type ListedModel = {
  id: string;
  supportedParameters: string[];
  /** USD per token; null when the entry has no usable price (absent, "-1" for variable, junk). */
  price: { prompt: number; completion: number } | null;
};

type WireEntry = { id?: unknown; supported_parameters?: unknown; pricing?: unknown };

/** A price string of the listing ("0.000003") as a number; anything else is no price. */
function perToken(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const n = Number(value);
  // OpenRouter lists "-1" for routers whose price depends on the model they pick.
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function priceOf(pricing: unknown): ListedModel['price'] {
  if (!pricing || typeof pricing !== 'object') return null;
  const { prompt, completion } = pricing as Record<string, unknown>;
  const p = perToken(prompt);
  const c = perToken(completion);
  return p === null || c === null ? null : { prompt: p, completion: c };
}

/**
 * Reads OpenRouter's model listing: what each model supports and what it costs. It is public;
 * a key, when given, is sent anyway (OpenRouter then answers for that account). Throws on a
 * network error, a timeout or a non-200 answer; the callers keep what they knew.
 */
export async function fetchOpenRouterListing(opts: {
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs: number;
}): Promise<ListedModel[]> {
  const res = await fetch(`${opts.baseUrl.replace(/\/$/, '')}/models`, {
    signal: AbortSignal.timeout(opts.timeoutMs),
    headers: {
      accept: 'application/json',
      ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`the model listing answered ${res.status}`);
  const body = (await res.json()) as { data?: unknown };
  const entries = Array.isArray(body.data) ? (body.data as WireEntry[]) : [];
  return entries
    .filter((m) => typeof m?.id === 'string' && m.id !== '')
    .map((m) => ({
      id: m.id as string,
      supportedParameters: Array.isArray(m.supported_parameters)
        ? m.supported_parameters.filter((p): p is string => typeof p === 'string')
        : [],
      price: priceOf(m.pricing),
    }));
}
