import type { Executor } from '../../db/client.ts';
import type { EditorRepo, PageState, VersionOwner, VersionSummary } from './editor.repo.ts';

/** The first state a page is known in; never dropped, so the generated page can come back. */
export const ORIGINAL = 'Original';
export const MAX_VERSIONS = 50;

/**
 * Why a state is kept. 'saved' is the user's own edit and is numbered ("Version 2" follows
 * "Original"); the others are snapshots of what was there before something replaced it.
 */
export type VersionReason = 'saved' | 'before-editing' | 'before-regeneration';

const SNAPSHOT_NAMES: Record<Exclude<VersionReason, 'saved'>, string> = {
  'before-editing': 'Before editing',
  'before-regeneration': 'Before regeneration',
};

function numberOf(name: string): number {
  if (name === ORIGINAL) return 1;
  const m = /^Version (\d+)$/.exec(name);
  return m ? Number(m[1]) : 0;
}

export function versionName(reason: VersionReason, existing: VersionSummary[]): string {
  if (!existing.length) return ORIGINAL;
  if (reason !== 'saved') return SNAPSHOT_NAMES[reason];
  // The newest numbered version is never pruned, so numbers keep rising after old ones go.
  return `Version ${Math.max(0, ...existing.map((v) => numberOf(v.name))) + 1}`;
}

/** The oldest versions past the limit, "Original" excepted. */
export function versionsToDrop(newestFirst: VersionSummary[], max = MAX_VERSIONS): string[] {
  const keepOriginal = newestFirst.filter((v) => v.name === ORIGINAL).length;
  const others = newestFirst.filter((v) => v.name !== ORIGINAL);
  return others.slice(Math.max(0, max - keepOriginal)).map((v) => v.id);
}

/**
 * Keeps `state` as the page's newest version unless the newest already holds exactly it.
 * Run inside the transaction that locked the page: each version's time is strictly after the
 * previous one (now() would be equal for two versions written in one transaction), so the
 * newest-first order never depends on ties.
 */
export async function keepVersion(
  repo: EditorRepo,
  tx: Executor,
  target: { projectId: string; owner: VersionOwner },
  state: PageState,
  reason: VersionReason,
): Promise<boolean> {
  const latest = await repo.latest(target.owner, tx);
  if (latest && latest.contentHtml === state.contentHtml && latest.metaTags === state.metaTags)
    return false;
  const existing = await repo.versions(target.owner, tx);
  const createdAt = new Date(Math.max(Date.now(), (latest?.createdAt.getTime() ?? 0) + 1));
  const name = versionName(reason, existing);
  await repo.insert(
    { projectId: target.projectId, ...target.owner, name, createdAt, ...state },
    tx,
  );
  // The new version is the newest, so it is never among those dropped.
  await repo.remove(versionsToDrop([{ id: '', name, createdAt }, ...existing]), tx);
  return true;
}
