import type { UserRow } from '../../db/schema/index.ts';
import type { Cipher } from '../../lib/crypto.ts';
import { MSG } from '@cityforge/shared';
import { fieldError } from '../../lib/errors.ts';
import { canUse, findModel, providerLabel, type KeyAccess, type ModelSpec } from './models.ts';

export type ServerKeys = { openrouter?: string | undefined; openai?: string | undefined };

/** Whose key pays for a model: the user's own first; superusers may fall back to the server's. */
export function keySource(
  user: UserRow,
  model: Pick<ModelSpec, 'provider'>,
  serverKeys: ServerKeys,
) {
  if (model.provider === 'offline') return { kind: 'none' as const };
  const field = model.provider === 'openrouter' ? 'openRouterKeyEnc' : 'openAiKeyEnc';
  const own = user[field];
  if (own) return { kind: 'user' as const, sealed: own, place: { userId: user.id, field } };
  if (user.isSuperuser && serverKeys[model.provider])
    return { kind: 'server' as const, key: serverKeys[model.provider]! };
  return { kind: 'missing' as const };
}

/** Which providers a user can call at all: what the model list and every create check use. */
export function keyAccess(user: UserRow, serverKeys: ServerKeys): KeyAccess {
  const can = (provider: 'openrouter' | 'openai') =>
    keySource(user, { provider }, serverKeys).kind !== 'missing';
  return { openrouter: can('openrouter'), openai: can('openai') };
}

/**
 * The concurrency group of a page job: one per API key, so one user's 500 city pages cannot
 * exceed what their key allows, and users never slow each other down.
 */
export function keyGroup(user: UserRow, model: ModelSpec, serverKeys: ServerKeys): string {
  const source = keySource(user, model, serverKeys);
  if (source.kind === 'server') return `${model.provider}:server`;
  return `${model.provider}:${user.id}`;
}

export function resolveApiKey(
  user: UserRow,
  model: ModelSpec,
  serverKeys: ServerKeys,
  cipher: Cipher,
): { key: string | null; missing?: string } {
  const source = keySource(user, model, serverKeys);
  switch (source.kind) {
    case 'none':
      return { key: null };
    case 'server':
      return { key: source.key };
    case 'user':
      return { key: cipher.decrypt(source.sealed, source.place) };
    default:
      return {
        key: null,
        missing: `No ${providerLabel(model.provider)} API key: add one in your profile to use ${model.name}.`,
      };
  }
}

/** The model, when it exists and the owner (or, for superusers, the server) has its key. */
export function requireUsableModel(id: string, owner: UserRow, serverKeys: ServerKeys) {
  const model = findModel(id);
  if (!model) throw fieldError('model', MSG.unknownModel);
  if (!canUse(model, keyAccess(owner, serverKeys)))
    throw fieldError(
      'model',
      `Add your ${providerLabel(model.provider)} API key in your profile to use ${model.name}.`,
    );
  return model;
}
