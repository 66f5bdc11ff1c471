/**
 * OpenAI publishes no price API, so its prices ship with the code: list prices of the OpenAI
 * models in the catalogue (models.ts), in USD per token, standard tier (no batch, no cached
 * input). The date is when they were last checked against OpenAI's pricing page; change both
 * together. Prices of OpenRouter models come from OpenRouter's own listing instead.
 */
export const OPENAI_PRICES_AS_OF = '2026-11-26';

export const OPENAI_PRICES: Readonly<Record<string, { prompt: number; completion: number }>> = {
  // $2.50 / $10.00 per million tokens.
  'gpt-4o': { prompt: 2.5e-6, completion: 10e-6 },
  // $0.15 / $0.60 per million tokens.
  'gpt-4o-mini': { prompt: 0.15e-6, completion: 0.6e-6 },
};
