import {
  SHEET_SAFE_REMOVAL_SHARE,
  SHEET_SAFE_ROWS_SHARE,
  type TSheetSyncReport,
  type TUploadReport,
} from '@cityforge/shared';
import type { ProjectRow, SheetLinkRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUsableModel, type ServerKeys } from '../models/keys.ts';
import { fetchSheet, SheetReadFailed } from './sheet-fetch.ts';
import type { NewRun, SheetLinksRepo } from './sheet-links.repo.ts';
import type { StoreCounts } from './upload-read.ts';
import type { UploadService } from './upload.service.ts';

export type SyncDeps = {
  repo: SheetLinksRepo;
  uploads: Pick<UploadService, 'prepare' | 'commit'>;
  serverKeys: ServerKeys;
  trustedHosts: readonly string[];
  /** A project whose cities were removed may have nothing left to wait for (generation). */
  settle: (projectId: string) => Promise<unknown>;
};

export type SyncInput = {
  user: UserRow;
  owner: UserRow;
  project: ProjectRow;
  link: SheetLinkRow;
  trigger: NewRun['trigger'];
  /** Confirming a stopped run: the places it named may go, past the safety stop. */
  confirmed?: ReadonlySet<string>;
};

/** What a sync came to, before it is recorded as a run. */
export type SyncOutcome = Omit<NewRun, 'projectId' | 'trigger' | 'startedAt'> & {
  /** The host failed us: a scheduled sync tries again later. */
  transient?: boolean;
  /** Rows the sheet had, for the next sync's check (applied runs only). */
  rowsRead?: number;
};

const MAX_NAMED = 100;
const n = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * Why a sync should wait for its owner rather than apply: it would remove more than a fifth
 * of the project's cities, or the sheet came back with fewer than half the rows the last
 * applied sync read. Null when neither.
 */
export function safetyStop(
  removing: number,
  cities: number,
  rows: number,
  lastRows: number | null,
): string | null {
  if (cities > 0 && removing > cities * SHEET_SAFE_REMOVAL_SHARE)
    return `This sync would remove ${n(removing, 'city', 'cities')} of ${n(cities, 'city', 'cities')}, more than a fifth.`;
  if (lastRows && rows < lastRows * SHEET_SAFE_ROWS_SHARE)
    return `The sheet has ${n(rows, 'row')}, fewer than half of the ${n(lastRows, 'row')} the last sync read.`;
  return null;
}

function syncReport(
  report: (counts: StoreCounts, message: string) => TUploadReport,
  counts: StoreCounts,
  removed: string[],
  message: string,
): TSheetSyncReport {
  return {
    ...report(counts, message),
    added: counts.added,
    updated: counts.updated,
    unchanged: counts.existing - counts.updated,
    removed: removed.length,
    removedCities: removed.slice(0, MAX_NAMED),
  };
}

const failed = (message: string, transient = false): SyncOutcome => ({
  status: 'failed',
  message: `${message} Nothing was changed.`,
  report: null,
  transient,
});

/**
 * One sync of a linked sheet, under its lease: the sheet is read like an upload (the same
 * guard, limits, parser process and resolution), compared with the project's cities, and
 * either stored as an upload is — new cities added and queued, changed ones stored and
 * marked — with the cities the sheet no longer lists removed, or stopped for the owner's
 * confirmation. A sheet that cannot be read or stored changes nothing.
 */
export async function syncSheet(deps: SyncDeps, input: SyncInput): Promise<SyncOutcome> {
  const { user, owner, project, link } = input;
  try {
    const model = requireUsableModel(project.model, owner, deps.serverKeys);
    const file = await fetchSheet(link.sourceUrl, { trustedHosts: deps.trustedHosts });
    const fields = {
      prompt: '',
      model: model.id,
      handleMetaTagsManually: false,
      metaTags: '',
      replaceEdits: false,
    };
    const prepared = await deps.uploads.prepare(project, [file], fields);
    const { read, stored } = prepared;
    const places = await deps.repo.places(project.id);
    const inSheet = new Set(stored.map((s) => s.placeKey));
    const known = new Set(places.map((p) => p.placeKey));
    const removing = places.filter((p) => !inSheet.has(p.placeKey));
    const names = removing.map((p) => p.name).sort((a, b) => a.localeCompare(b));

    const waived = input.confirmed && removing.every((p) => input.confirmed!.has(p.placeKey));
    const stop = waived
      ? null
      : safetyStop(removing.length, places.length, read.rowsRead, link.lastRows);
    if (stop) {
      const existing = stored.filter((s) => known.has(s.placeKey)).length;
      const would = { added: stored.length - existing, existing, updated: 0, photos: 0 };
      const message = `${stop} Nothing was changed: confirm the run to apply it.`;
      return {
        status: 'stopped',
        message,
        report: syncReport(read.report, would, names, message),
        removing: removing.map((p) => p.placeKey),
      };
    }
    const keys = removing.map((p) => p.placeKey);
    const counts = await deps.uploads.commit({ user, owner, project, fields }, prepared, (tx) =>
      deps.repo.removePlaces(project.id, keys, tx),
    );
    if (removing.length) await deps.settle(project.id);
    const message = `Sheet synced: ${n(counts.added, 'city', 'cities')} added, ${counts.updated} updated, ${counts.existing - counts.updated} unchanged, ${removing.length} removed.`;
    return {
      status: 'applied',
      message,
      report: syncReport(read.report, counts, names, message),
      rowsRead: read.rowsRead,
    };
  } catch (error) {
    if (error instanceof SheetReadFailed) return failed(error.message, error.transient);
    if (error instanceof AppError) return failed(error.message);
    throw error;
  }
}
