import {
  SHEET_SAFE_REMOVAL_SHARE,
  SHEET_SAFE_ROWS_SHARE,
  type TSheetSyncReport,
  type TUploadReport,
} from '@cityforge/shared';
import type { ProjectRow, SheetLinkRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUsableModel, type ServerKeys } from '../models/index.ts';
import { fetchSheet, SheetReadFailed } from './sheet-fetch.ts';
import { googleSheetOf, readGoogleSheet, type GoogleSheetsAccess } from './sheet-google.ts';
import type { NewRun, SheetLinksRepo } from './sheet-links.repo.ts';
import type { StoreCounts } from './upload-read.ts';
import type { UploadService } from './upload.service.ts';

export type SyncDeps = {
  repo: SheetLinksRepo;
  uploads: Pick<UploadService, 'prepare' | 'commit'>;
  serverKeys: ServerKeys;
  trustedHosts: readonly string[];
  /** The owner's Google connection, and where the Sheets API is (GOOGLE_API_URL). */
  google: GoogleSheetsAccess;
  googleApiUrl: string;
  /** A project whose cities were removed may have nothing left to wait for (generation). */
  settle: (projectId: string) => Promise<unknown>;
  /** The city pages the owner's plan lets in this month, and the refusal past it (billing). */
  cityPagesRoom: (
    actor: UserRow,
    ownerId: string,
  ) => Promise<{ left: number | null; refusal: (adding: number) => Promise<string> }>;
};

type Prepared = Awaited<ReturnType<UploadService['prepare']>>;

/**
 * The import's new cities past the month's allowance wait (in the sheet's order, the first
 * ones fit): the next sync adds them once the allowance lets it. Answers what to store, the
 * cities that wait and the allowance's own message for them.
 */
async function withinAllowance(
  deps: SyncDeps,
  input: SyncInput,
  prepared: Prepared,
  known: ReadonlySet<string>,
) {
  // In the sheet's order: the rows a client put first are the ones that fit.
  const firstLine = (i: number) => prepared.read.cities[i]!.sources[0]?.line ?? 0;
  const fresh = prepared.stored
    .map((s, i) => ({ s, line: firstLine(i) }))
    .filter(({ s }) => !known.has(s.placeKey))
    .sort((a, b) => a.line - b.line)
    .map(({ s }) => s);
  const room = await deps.cityPagesRoom(input.user, input.owner.id);
  if (room.left === null || fresh.length <= room.left)
    return { prepared, waiting: [] as string[], note: '' };
  const waiting = fresh.slice(room.left);
  const held = new Set(waiting.map((w) => w.placeKey));
  return {
    prepared: { ...prepared, stored: prepared.stored.filter((s) => !held.has(s.placeKey)) },
    waiting: waiting.map((w) => w.city.name),
    note: await room.refusal(fresh.length),
  };
}

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

/**
 * The sheet as an uploaded file: a Google Sheet through the Sheets API as the owner's Google
 * account when they connected it, else the address itself (a Google Sheet's public CSV export).
 */
async function readSheet(deps: SyncDeps, owner: UserRow, sourceUrl: string) {
  const google = googleSheetOf(sourceUrl);
  const offered = Boolean(google) && deps.google.available;
  const connected = offered && (await deps.google.accessToken(owner)) !== null;
  if (google && connected)
    return readGoogleSheet(
      deps.googleApiUrl,
      google,
      // The latest token each time: one renewed for the first call serves the next.
      async (renew) => (await deps.google.accessToken(owner, { renew })) ?? '',
    );
  return fetchSheet(sourceUrl, { trustedHosts: deps.trustedHosts, googleOffered: offered });
}

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
  moved: { removed: string[]; waiting?: string[] },
  message: string,
): TSheetSyncReport {
  const waiting = moved.waiting ?? [];
  return {
    ...report(counts, message),
    added: counts.added,
    updated: counts.updated,
    unchanged: counts.existing - counts.updated,
    removed: moved.removed.length,
    removedCities: moved.removed.slice(0, MAX_NAMED),
    waiting: waiting.length,
    waitingCities: waiting.slice(0, MAX_NAMED),
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
    const file = await readSheet(deps, owner, link.sourceUrl);
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
        report: syncReport(read.report, would, { removed: names }, message),
        removing: removing.map((p) => p.placeKey),
      };
    }
    const keys = removing.map((p) => p.placeKey);
    const fits = await withinAllowance(deps, input, prepared, known);
    const counts = await deps.uploads.commit(
      { user, owner, project, fields },
      fits.prepared,
      (tx) => deps.repo.removePlaces(project.id, keys, tx),
    );
    if (removing.length) await deps.settle(project.id);
    const waits = fits.waiting.length
      ? ` ${n(fits.waiting.length, 'city waits', 'cities wait')} for the allowance: ${fits.note}`
      : '';
    const message = `Sheet synced: ${n(counts.added, 'city', 'cities')} added, ${counts.updated} updated, ${counts.existing - counts.updated} unchanged, ${removing.length} removed.${waits}`;
    return {
      status: 'applied',
      message,
      report: syncReport(read.report, counts, { removed: names, waiting: fits.waiting }, message),
      rowsRead: read.rowsRead,
    };
  } catch (error) {
    if (error instanceof SheetReadFailed) return failed(error.message, error.transient);
    if (error instanceof AppError) return failed(error.message);
    throw error;
  }
}
