import type { TWorkspace } from '@cityforge/shared';
import { decodeJwtPayload } from './jwt';
import type { KeyValueStorage, TokenStore } from './token-store';

export const WORKSPACE_KEY = 'cityforge.workspace';

/**
 * The workspace this tab works in. Kept in the tab's own sessionStorage, so two tabs may work
 * in two workspaces without moving each other; and kept for one person (the session's
 * subject), so whoever signs in next in the tab starts from their own last choice.
 */
export interface WorkspaceChoice {
  /** The signed-in person's workspace in this tab; null until one is known. */
  get(): string | null;
  set(workspaceId: string): void;
  clear(): void;
}

function personOf(tokens: Pick<TokenStore, 'get'>): string | null {
  const access = tokens.get().access;
  const sub = access ? decodeJwtPayload(access)?.sub : null;
  return typeof sub === 'string' ? sub : null;
}

export function createWorkspaceChoice(
  storage: KeyValueStorage | null,
  tokens: Pick<TokenStore, 'get'>,
): WorkspaceChoice {
  // Without storage (privacy mode) the choice lives as long as the page.
  let memory: string | null = null;
  const read = (): { person: string; workspaceId: string } | null => {
    const raw = storage ? storage.getItem(WORKSPACE_KEY) : memory;
    if (!raw) return null;
    try {
      const value = JSON.parse(raw) as { person?: unknown; workspaceId?: unknown };
      return typeof value.person === 'string' && typeof value.workspaceId === 'string'
        ? { person: value.person, workspaceId: value.workspaceId }
        : null;
    } catch {
      return null;
    }
  };
  const write = (raw: string | null) => {
    if (!storage) memory = raw;
    else if (raw === null) storage.removeItem(WORKSPACE_KEY);
    else storage.setItem(WORKSPACE_KEY, raw);
  };
  return {
    get() {
      const person = personOf(tokens);
      const stored = read();
      return person && stored?.person === person ? stored.workspaceId : null;
    },
    set(workspaceId) {
      const person = personOf(tokens);
      write(person ? JSON.stringify({ person, workspaceId }) : null);
    },
    clear: () => write(null),
  };
}

/**
 * What to do when the server refuses the workspace a request named as not the person's: ask
 * for their workspaces without naming one. If it is really gone (they were removed from it),
 * the tab moves to the server's current one and `onLost` is told, once however many requests
 * were refused together; a refusal about another workspace, or one the tab has already left,
 * changes nothing. Resolves to whether the tab has moved away from the refused workspace.
 */
export function lostWorkspaceCheck(deps: {
  choice: WorkspaceChoice | undefined;
  list: () => Promise<TWorkspace[]>;
  onLost: (now: TWorkspace) => void;
}): (named: string) => Promise<boolean> {
  let pending: Promise<void> | null = null;
  const check = async (named: string) => {
    const { choice } = deps;
    if (!choice || choice.get() !== named) return;
    try {
      const list = await deps.list();
      const now = list.find((w) => w.current) ?? list[0];
      if (!now || list.some((w) => w.id === named) || choice.get() !== named) return;
      choice.set(now.id);
      deps.onLost(now);
    } catch {
      // The refusal stands as it was answered.
    }
  };
  return async (named) => {
    pending ??= check(named).finally(() => {
      pending = null;
    });
    await pending;
    const now = deps.choice?.get();
    return Boolean(now) && now !== named;
  };
}
