import { isMasked, MSG } from '@cityforge/shared';
import type { TUpdateWorkspaceKeys, TWorkspaceKeys } from '@cityforge/shared';

export const WORKSPACE_KEY_NAMES = [
  'netlifyAccessToken',
  'openRouterApiKey',
  'openAiApiKey',
] as const;
export type WorkspaceKeyName = (typeof WORKSPACE_KEY_NAMES)[number];
export type WorkspaceKeyValues = Record<WorkspaceKeyName, string>;

/** The form's starting values: each key as the server shows it (masked), or empty. */
export function keysDefaults(keys: TWorkspaceKeys): WorkspaceKeyValues {
  return {
    netlifyAccessToken: keys.netlifyAccessToken ?? '',
    openRouterApiKey: keys.openRouterApiKey ?? '',
    openAiApiKey: keys.openAiApiKey ?? '',
  };
}

/**
 * The PATCH body, by the profile's rule: a key left as shown is not sent (the stored one
 * stays), an emptied one is sent empty (removed), a new one is sent. A key that still holds
 * mask characters after an edit is half a key: reported, not sent.
 */
export function buildKeysUpdate(
  initial: WorkspaceKeyValues,
  values: WorkspaceKeyValues,
): { payload: TUpdateWorkspaceKeys; errors: Partial<Record<WorkspaceKeyName, string>> } {
  const payload: TUpdateWorkspaceKeys = {};
  const errors: Partial<Record<WorkspaceKeyName, string>> = {};
  for (const name of WORKSPACE_KEY_NAMES) {
    const next = values[name].trim();
    if (next === initial[name].trim()) continue;
    if (isMasked(next)) errors[name] = MSG.maskedKeyEdited;
    else payload[name] = next;
  }
  return { payload, errors };
}
