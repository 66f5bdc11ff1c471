import type { TAiModel } from './contracts/projects.ts';

/** Which AI providers a caller can use: their own keys, or the server's for superusers. */
export type KeyAccess = { openrouter: boolean; openai: boolean };

/** Whether a model can be used with that access; the offline draft needs no key at all. */
export function canUseModel(model: Pick<TAiModel, 'provider'>, access: KeyAccess): boolean {
  return model.provider === 'offline' || access[model.provider];
}

/** Who is asking and which keys of their own they saved (never the keys themselves). */
export type KeyHolder = { isSuperuser: boolean; hasOpenAiKey: boolean; hasOpenRouterKey: boolean };

/**
 * Creating a project needs an OpenAI or OpenRouter key of one's own, unless one is a
 * superuser: the web hides the form behind this and the server refuses the create with it.
 */
export function needsApiKeys(user: KeyHolder | null): boolean {
  if (!user || user.isSuperuser) return false;
  return !user.hasOpenAiKey && !user.hasOpenRouterKey;
}
