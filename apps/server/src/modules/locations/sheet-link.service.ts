import type { Access, ProjectsRepo } from '../projects/index.ts';
import {
  isInProgress,
  sheetSourceUrl,
  type TSheetLink,
  type TSheetLinkInput,
  type TSheetSyncRun,
} from '@cityforge/shared';
import type { SheetSyncRunRow, UserRow } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { Notify } from '../../jobs/notify.ts';
import type { Logger } from '../../lib/logger.ts';
import { addressRefusal } from '../../lib/public-fetch.ts';
import { SheetReadFailed } from './sheet-fetch.ts';
import { syncSheet, type SyncDeps, type SyncInput } from './sheet-sync.ts';
import type { CityQueue } from './upload.service.ts';
import { assertIdle } from './upload.service.ts';

const HOUR_MS = 60 * 60 * 1000;
const INTERVAL_MS = { hourly: HOUR_MS, daily: 24 * HOUR_MS } as const;

/** When a schedule reads the sheet next, counted from `from`; never for a manual link. */
export const nextSyncAt = (schedule: string, from: Date): Date | null =>
  schedule === 'hourly' || schedule === 'daily'
    ? new Date(from.getTime() + INTERVAL_MS[schedule])
    : null;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentRun(run: SheetSyncRunRow): TSheetSyncRun {
  return {
    id: run.id,
    trigger: run.trigger as TSheetSyncRun['trigger'],
    status: run.status as TSheetSyncRun['status'],
    message: run.message,
    report: run.report ?? null,
    startedAt: run.startedAt.toISOString(),
    finishedAt: iso(run.finishedAt),
  };
}

const BUSY = 'A sync of this sheet is already running; its report shows here when it ends.';
const NOT_LINKED = 'No sheet is linked to this project.';

/**
 * A project's linked sheet: linking and unlinking it, syncing it now or on its schedule (one
 * sync per project at a time, across every process, by the link's lease), its runs, and the
 * confirmation of a run the safety stop held.
 */
export function createSheetLinkService(
  deps: SyncDeps & {
    access: Access;
    generation: Pick<CityQueue, 'ownerOf'>;
    projectsRepo: Pick<ProjectsRepo, 'withOwner'>;
    /** The project's people hear of a run the safety stop held. */
    notify: Notify;
    logger: Logger;
  },
) {
  const { repo } = deps;

  async function present(projectId: string): Promise<TSheetLink> {
    const link = await repo.find(projectId);
    if (!link) throw notFound(NOT_LINKED);
    const waiting = await repo.waitingRun(projectId);
    return {
      url: link.url,
      sourceUrl: link.sourceUrl,
      schedule: link.schedule as TSheetLink['schedule'],
      lastSyncAt: iso(link.lastSyncAt),
      nextSyncAt: iso(link.nextSyncAt),
      lastReport: link.lastReport ?? null,
      waitingRun: waiting ? presentRun(waiting) : null,
    };
  }

  /**
   * Runs one sync under the project's lease and records it. Null when another sync of the
   * project holds the lease. With `retrying`, a host that failed us is thrown (the job is
   * tried again later) instead of recorded.
   */
  async function leased(input: Omit<SyncInput, 'link'>, opts: { retrying?: boolean } = {}) {
    const projectId = input.project.id;
    const link = await repo.takeLease(projectId);
    if (!link) return null;
    const startedAt = new Date();
    const scheduled = input.trigger === 'scheduled';
    let patch: Parameters<typeof repo.releaseLease>[1] = {};
    try {
      const outcome = await syncSheet(deps, { ...input, link });
      const next = scheduled ? { nextSyncAt: nextSyncAt(link.schedule, startedAt) } : {};
      if (outcome.transient && opts.retrying) {
        patch = next;
        throw new SheetReadFailed(outcome.message, true);
      }
      const { transient: _t, rowsRead, ...run } = outcome;
      // A run that read the sheet settles the stopped one before it (at most one waits): the
      // sheet it read is not the one now. A failed read leaves it waiting for its owner.
      const confirmed = input.confirmed ? 'confirmed' : 'superseded';
      if (run.status !== 'failed')
        await repo.settleStopped(projectId, run.status === 'applied' ? confirmed : 'superseded');
      const row = await repo.addRun({ ...run, projectId, trigger: input.trigger, startedAt });
      if (row.status === 'stopped')
        await deps.notify({ event: 'syncWaiting', projectId, removing: row.removing?.length ?? 0 });
      patch =
        run.status === 'applied'
          ? {
              lastSyncAt: startedAt,
              lastReport: run.report,
              lastRows: rowsRead ?? null,
              nextSyncAt: nextSyncAt(link.schedule, startedAt),
            }
          : next;
      return row;
    } finally {
      await repo.releaseLease(projectId, patch);
    }
  }

  async function manual(user: UserRow, id: string, confirmed?: SheetSyncRunRow) {
    const project = await deps.access(user, id, 'edit');
    if (!(await repo.find(project.id))) throw notFound(NOT_LINKED);
    assertIdle(project, 'The project is generating; sync the sheet when it finishes.');
    const owner = await deps.generation.ownerOf(user, project);
    const trigger = confirmed ? 'confirm' : 'manual';
    const run = await leased({
      user,
      owner,
      project,
      trigger,
      ...(confirmed && { confirmed: new Set(confirmed.removing ?? []) }),
    });
    if (!run) throw new AppError('conflict', BUSY);
    if (run.status === 'failed') throw new AppError('unprocessable', run.message);
    return presentRun(run);
  }

  return {
    async get(user: UserRow, id: string) {
      return present((await deps.access(user, id, 'read')).id);
    },

    async put(user: UserRow, id: string, input: TSheetLinkInput) {
      const project = await deps.access(user, id, 'edit');
      const sourceUrl = sheetSourceUrl(input.url)!;
      const refused = await addressRefusal(sourceUrl, { trustedHosts: deps.trustedHosts });
      if (refused) throw fieldError('url', `This address cannot be linked: ${refused}.`);
      await repo.upsert(project.id, {
        url: input.url,
        sourceUrl,
        schedule: input.schedule,
        nextSyncAt: nextSyncAt(input.schedule, new Date()),
      });
      return present(project.id);
    },

    async remove(user: UserRow, id: string) {
      const project = await deps.access(user, id, 'edit');
      if (!(await repo.remove(project.id))) throw notFound(NOT_LINKED);
      return { message: 'The sheet is unlinked; the cities it brought stay.' };
    },

    syncNow: (user: UserRow, id: string) => manual(user, id),

    async confirm(user: UserRow, id: string, runId: string) {
      const project = await deps.access(user, id, 'edit');
      const run = await repo.findRun(project.id, runId);
      if (!run) throw notFound('Run not found.');
      if (run.status !== 'stopped')
        throw new AppError('conflict', 'This run no longer waits for confirmation.');
      return manual(user, project.id, run);
    },

    async runs(user: UserRow, id: string) {
      const project = await deps.access(user, id, 'read');
      return { results: (await repo.runs(project.id)).map(presentRun) };
    },

    /** Linked sheets whose scheduled time has come. */
    due: () => repo.due(new Date()),

    /**
     * The scheduled sync of one project, run by its job: skipped while the project generates
     * (the next check sends it again) or while another sync of it runs.
     */
    async scheduled(projectId: string, retrying: boolean) {
      const found = await deps.projectsRepo.withOwner(projectId);
      const link = found && (await repo.find(projectId));
      if (!found || !link || link.schedule === 'manual') return;
      if (isInProgress(found.project.status)) return;
      const { project, owner } = found;
      const run = await leased({ user: owner, owner, project, trigger: 'scheduled' }, { retrying });
      if (run) deps.logger.info({ projectId, status: run.status }, 'linked sheet synced');
    },
  };
}
export type SheetLinkService = ReturnType<typeof createSheetLinkService>;
