import type { Executor } from '../../db/client.ts';
import type { PageState, VersionOwner, VersionSummary, VersionsRepo } from './versions.repo.ts';

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

/** A state the owner saved themselves ("Version N"), as opposed to a snapshot or a proposal. */
export const isSavedName = (name: string) => /^Version \d+$/.test(name);
/** A snapshot of the page as something other than the owner left it (generated, mostly). */
export const isSnapshotName = (name: string) =>
  name === ORIGINAL || name === SNAPSHOT_NAMES['before-editing'];

export function versionName(reason: VersionReason, existing: VersionSummary[]): string {
  if (!existing.length) return ORIGINAL;
  if (reason !== 'saved') return SNAPSHOT_NAMES[reason];
  // The newest numbered version is never pruned, so numbers keep rising after old ones go.
  return `Version ${Math.max(0, ...existing.map((v) => numberOf(v.name))) + 1}`;
}

/** The oldest versions past the limit; "Original" and a proposal still waiting excepted. */
export function versionsToDrop(newestFirst: VersionSummary[], max = MAX_VERSIONS): string[] {
  const kept = newestFirst.filter((v) => v.name === ORIGINAL || v.proposed).length;
  const others = newestFirst.filter((v) => v.name !== ORIGINAL && !v.proposed);
  return others.slice(Math.max(0, max - kept)).map((v) => v.id);
}

type Target = { projectId: string; owner: VersionOwner };
type Store = Pick<VersionsRepo, 'latest' | 'versions' | 'insert' | 'remove'>;

/** Strictly after the newest version: two versions written in one transaction share now(). */
async function nextTime(repo: Store, tx: Executor, owner: VersionOwner) {
  const latest = await repo.latest(owner, tx);
  return { latest, at: new Date(Math.max(Date.now(), (latest?.createdAt.getTime() ?? 0) + 1)) };
}

/**
 * Keeps `state` as the page's newest version unless the newest already holds exactly it.
 * Run inside the transaction that locked the page: each version's time is strictly after the
 * previous one, so the newest-first order never depends on ties.
 */
export async function keepVersion(
  repo: Store,
  tx: Executor,
  target: Target,
  state: PageState,
  reason: VersionReason,
): Promise<boolean> {
  const { latest, at: createdAt } = await nextTime(repo, tx, target.owner);
  if (latest && latest.contentHtml === state.contentHtml && latest.metaTags === state.metaTags)
    return false;
  const existing = await repo.versions(target.owner, tx);
  const name = versionName(reason, existing);
  await repo.insert(
    { projectId: target.projectId, ...target.owner, name, createdAt, ...state },
    tx,
  );
  // The new version is the newest, so it is never among those dropped.
  await repo.remove(versionsToDrop([{ id: '', name, createdAt }, ...existing]), tx);
  return true;
}

/** "Regenerated 2025-11-26 15:04 UTC": proposals are named for when they were written. */
export function proposalName(at: Date): string {
  return `Regenerated ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Puts a regenerated page beside the current one for the owner to pick. The current page is
 * kept first (as "Original" when it has no version yet), so whichever is picked, both stay
 * among the versions; a proposal still waiting from before becomes an ordinary version.
 */
export async function proposeVersion(
  repo: Store & Pick<VersionsRepo, 'settleProposals'>,
  tx: Executor,
  target: Target,
  current: PageState,
  regenerated: PageState,
): Promise<void> {
  await keepVersion(repo, tx, target, current, 'before-regeneration');
  await repo.settleProposals(target.owner, tx);
  const { at: createdAt } = await nextTime(repo, tx, target.owner);
  const existing = await repo.versions(target.owner, tx);
  await repo.insert(
    {
      projectId: target.projectId,
      ...target.owner,
      name: proposalName(createdAt),
      createdAt,
      proposed: true,
      ...regenerated,
    },
    tx,
  );
  const name = proposalName(createdAt);
  await repo.remove(versionsToDrop([{ id: '', name, createdAt, proposed: true }, ...existing]), tx);
}

/**
 * The owner picked the regenerated page: it becomes the newest version (and the page, which
 * the caller writes); the page as it was is kept first unless a version already holds it.
 */
export async function adoptProposal(
  repo: Store & Pick<VersionsRepo, 'history' | 'adopt'>,
  tx: Executor,
  target: Target,
  current: PageState,
  proposalId: string,
): Promise<void> {
  const history = await repo.history(target.owner, MAX_VERSIONS + 1, tx);
  const kept = history.some(
    (v) => !v.proposed && v.contentHtml === current.contentHtml && v.metaTags === current.metaTags,
  );
  if (!kept) await keepVersion(repo, tx, target, current, 'before-regeneration');
  const { at } = await nextTime(repo, tx, target.owner);
  await repo.adopt(proposalId, at, tx);
}
