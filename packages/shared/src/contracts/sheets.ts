import { z } from 'zod';
import { ZId, ZProjectParams } from './common.ts';
import { ZUploadReport } from './locations.ts';

/** How often a linked sheet is read again on its own; manual: only when the owner asks. */
export const SHEET_SCHEDULES = ['manual', 'hourly', 'daily'] as const;
export type TSheetSchedule = (typeof SHEET_SCHEDULES)[number];

/**
 * The safety stop of a sync: it waits for the owner's confirmation rather than remove more
 * than this share of the project's cities, or read fewer than this share of the rows the
 * last applied sync read (a sheet cut short by accident).
 */
export const SHEET_SAFE_REMOVAL_SHARE = 0.2;
export const SHEET_SAFE_ROWS_SHARE = 0.5;

const SHEET_URL_MESSAGE =
  'Give the https address of a Google Sheet or of a CSV or Excel file (.csv, .xlsx).';

/**
 * The address a linked sheet is read from: a Google Sheets address (any of its tabs, by the
 * gid its address carries) becomes that tab's CSV export; any other https address is read as
 * it is (a published sheet, an Airtable or Excel Online export, a file on the client's
 * server). Null when it is neither.
 */
export function sheetSourceUrl(given: string): string | null {
  if (!URL.canParse(given)) return null;
  const url = new URL(given);
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  if (url.hostname !== 'docs.google.com') return url.toString();
  const parts = url.pathname.split('/').filter(Boolean);
  // /spreadsheets/d/{id}/… — published (/d/e/{id}/pub) and export addresses read as they are.
  if (parts[0] !== 'spreadsheets' || parts[1] !== 'd' || !parts[2]) return null;
  if (parts[2] === 'e' || parts[3] === 'export' || parts[3] === 'gviz') return url.toString();
  const id = parts[2];
  if (!/^[\w-]{10,200}$/.test(id)) return null;
  const fromHash = new URLSearchParams(url.hash.slice(1)).get('gid');
  const gid = url.searchParams.get('gid') ?? fromHash ?? '0';
  if (!/^\d{1,12}$/.test(gid)) return null;
  return `https://docs.google.com/spreadsheets/d/${id}/export?format=csv&gid=${gid}`;
}

/** PUT /api/projects/{id}/sheet-link/ */
export const ZSheetLinkInput = z.strictObject({
  url: z
    .string({ error: SHEET_URL_MESSAGE })
    .trim()
    .min(1, SHEET_URL_MESSAGE)
    .max(2000, 'That address is too long.')
    .refine((v) => sheetSourceUrl(v) !== null, SHEET_URL_MESSAGE),
  schedule: z.enum(SHEET_SCHEDULES, { error: 'Choose manual, hourly or daily.' }),
});
export type TSheetLinkInput = z.infer<typeof ZSheetLinkInput>;

/** What a sync did: the upload's per-row report, and how the project's cities moved. */
export const ZSheetSyncReport = ZUploadReport.extend({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  /** The cities removed (or, for a stopped run, that confirming would remove), first 100. */
  removedCities: z.array(z.string()),
  /** New cities past the month's allowance, left for a later sync; their names, first 100. */
  waiting: z.number().int(),
  waitingCities: z.array(z.string()),
});
export type TSheetSyncReport = z.infer<typeof ZSheetSyncReport>;

export const SHEET_RUN_STATUSES = [
  'applied',
  'stopped',
  'confirmed',
  'superseded',
  'failed',
] as const;
export type TSheetRunStatus = (typeof SHEET_RUN_STATUSES)[number];

/** One sync of a linked sheet, as the run list shows it. */
export const ZSheetSyncRun = z.object({
  id: z.string(),
  /** manual: "Sync now"; scheduled: the link's schedule; confirm: a stopped run confirmed. */
  trigger: z.enum(['manual', 'scheduled', 'confirm']),
  /**
   * applied: stored; stopped: waits for the owner's confirmation, nothing changed; confirmed:
   * a stopped run the owner applied (by the run after it); superseded: a stopped run a later
   * sync made moot; failed: the sheet could not be read or stored, nothing changed.
   */
  status: z.enum(SHEET_RUN_STATUSES),
  message: z.string(),
  report: ZSheetSyncReport.nullable(),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TSheetSyncRun = z.infer<typeof ZSheetSyncRun>;

export const ZSheetLink = z.object({
  url: z.string(),
  /** The address actually read (a Google Sheet's tab as CSV). */
  sourceUrl: z.string(),
  schedule: z.enum(SHEET_SCHEDULES),
  lastSyncAt: z.iso.datetime({ offset: true }).nullable(),
  nextSyncAt: z.iso.datetime({ offset: true }).nullable(),
  lastReport: ZSheetSyncReport.nullable(),
  /** The stopped run waiting for the owner's confirmation, if any. */
  waitingRun: ZSheetSyncRun.nullable(),
});
export type TSheetLink = z.infer<typeof ZSheetLink>;

export const ZSheetRuns = z.object({ results: z.array(ZSheetSyncRun) });
export type TSheetRuns = z.infer<typeof ZSheetRuns>;

export const ZSheetRunParams = ZProjectParams.extend({ runId: ZId('run') });
