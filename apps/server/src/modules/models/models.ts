import { OFFLINE_MODEL_ID, type TAiModel } from '@cityforge/shared';

export type ModelProvider = TAiModel['provider'];
export type ModelSpec = { id: string; name: string; provider: ModelProvider };

/**
 * The models a project can use. OpenRouter ids are OpenRouter's own; OpenAI ids go to the
 * OpenAI API directly. "Offline draft" is built in and needs no key or network.
 */
export const MODELS: readonly ModelSpec[] = [
  {
    id: 'anthropic/claude-3.7-sonnet',
    name: 'Claude 3.7 Sonnet (OpenRouter)',
    provider: 'openrouter',
  },
  { id: 'anthropic/claude-sonnet-4', name: 'Claude Sonnet 4 (OpenRouter)', provider: 'openrouter' },
  { id: 'openai/gpt-4o', name: 'GPT-4o (OpenRouter)', provider: 'openrouter' },
  { id: 'google/gemini-2.5-flash', name: 'Gemini 2.5 Flash (OpenRouter)', provider: 'openrouter' },
  {
    id: 'meta-llama/llama-3.3-70b-instruct',
    name: 'Llama 3.3 70B (OpenRouter)',
    provider: 'openrouter',
  },
  { id: 'gpt-4o', name: 'GPT-4o (OpenAI)', provider: 'openai' },
  { id: 'gpt-4o-mini', name: 'GPT-4o mini (OpenAI)', provider: 'openai' },
  { id: OFFLINE_MODEL_ID, name: 'Offline draft', provider: 'offline' },
];

export function findModel(id: string): ModelSpec | undefined {
  return MODELS.find((m) => m.id === id);
}

export type { KeyAccess } from '@cityforge/shared';
/** The rule the web's model list shows comes from shared, the same on both sides. */
export { canUseModel as canUse } from '@cityforge/shared';

export function providerLabel(provider: ModelProvider): string {
  return provider === 'openrouter' ? 'OpenRouter' : provider === 'openai' ? 'OpenAI' : 'Offline';
}
