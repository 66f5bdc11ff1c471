import { UPLOAD_MAX_BYTES } from '@cityforge/shared';
import type { UserRow } from '../../db/schema/index.ts';
import { SHEET_FETCH_TIMEOUT_MS, SheetReadFailed } from './sheet-fetch.ts';
import type { LocationsFile } from './spreadsheet.ts';

/** The owner's Google connection, as the users module lends it (composition root). */
export type GoogleSheetsAccess = {
  /** The operator set an OAuth client: owners may connect Google. */
  available: boolean;
  /** A token to read the owner's sheets with; null when they have not connected Google. */
  accessToken(owner: UserRow, opts?: { renew?: boolean }): Promise<string | null>;
};

export type GoogleSheetRef = { id: string; gid: string };

/**
 * The spreadsheet and tab a Google Sheets export address names (what `sheetSourceUrl` makes
 * of a docs.google.com/spreadsheets/d/{id}/…#gid=N link); null for any other address,
 * published sheets (/d/e/…) included: those are public by nature.
 */
export function googleSheetOf(sourceUrl: string): GoogleSheetRef | null {
  if (!URL.canParse(sourceUrl)) return null;
  const url = new URL(sourceUrl);
  const [spreadsheets, d, id, action] = url.pathname.split('/').filter(Boolean);
  if (url.hostname !== 'docs.google.com' || spreadsheets !== 'spreadsheets' || d !== 'd')
    return null;
  const gid = url.searchParams.get('gid') ?? '0';
  if (!id || id === 'e' || action !== 'export' || !/^\d{1,12}$/.test(gid)) return null;
  return { id, gid };
}

const cell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The API's rows as CSV text (RFC 4180), for the upload's own parser. */
export function valuesToCsv(rows: readonly unknown[][]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n');
}

const TOO_BIG = `The sheet is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB, the most an upload may be.`;

/** What an API status means for the owner. */
function refusal(status: number): SheetReadFailed {
  if (status === 403)
    return new SheetReadFailed(
      'Google refused to read the sheet (HTTP 403): the connected Google account cannot open it. Share the sheet with that account, or connect the account that owns it on your profile.',
      false,
    );
  if (status === 404)
    return new SheetReadFailed(
      'Google found no such sheet (HTTP 404): check the address, or whether the sheet was deleted.',
      false,
    );
  return new SheetReadFailed(
    `Google's Sheets API could not read the sheet (HTTP ${status}).`,
    status >= 500 || status === 429,
  );
}

/**
 * Reads one tab of a Google Sheet through the Sheets API as the owner's Google account:
 * spreadsheets.get finds the tab's title by its gid, values.get reads its cells. A token
 * Google no longer takes (401) is renewed once. Answers the rows as a CSV upload.
 */
export async function readGoogleSheet(
  apiUrl: string,
  sheet: GoogleSheetRef,
  token: (renew: boolean) => Promise<string>,
): Promise<LocationsFile> {
  const base = `${apiUrl.replace(/\/+$/, '')}/v4/spreadsheets/${encodeURIComponent(sheet.id)}`;
  const signal = AbortSignal.timeout(SHEET_FETCH_TIMEOUT_MS);
  async function get(url: string): Promise<Record<string, unknown>> {
    for (const renew of [false, true]) {
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${await token(renew)}`, accept: 'application/json' },
        signal,
      }).catch(() => {
        throw new SheetReadFailed(
          signal.aborted
            ? "The sheet could not be read: Google's Sheets API did not answer in time."
            : "The sheet could not be read: Google's Sheets API could not be reached.",
          true,
        );
      });
      if (res.status === 401 && !renew) {
        await res.body?.cancel();
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw refusal(res.status);
      }
      if (Number(res.headers.get('content-length') ?? 0) > 4 * UPLOAD_MAX_BYTES)
        throw new SheetReadFailed(TOO_BIG, false);
      return (await res.json().catch(() => {
        throw new SheetReadFailed("Google's Sheets API answered something unreadable.", true);
      })) as Record<string, unknown>;
    }
    throw new SheetReadFailed(
      'Google no longer accepts the connection: connect Google again on your profile.',
      false,
    );
  }

  const meta = await get(
    `${base}?fields=${encodeURIComponent('sheets.properties(sheetId,title)')}`,
  );
  const tabs = (meta.sheets ?? []) as Array<{ properties?: { sheetId?: number; title?: string } }>;
  const title = tabs.find((t) => String(t.properties?.sheetId) === sheet.gid)?.properties?.title;
  if (title === undefined)
    throw new SheetReadFailed(
      `The Google Sheet has no tab with gid ${sheet.gid}: link the tab again from its address.`,
      false,
    );
  const range = `'${title.replaceAll("'", "''")}'`;
  const read = await get(
    `${base}/values/${encodeURIComponent(range)}?majorDimension=ROWS&valueRenderOption=FORMATTED_VALUE`,
  );
  const csv = Buffer.from(valuesToCsv((read.values ?? []) as unknown[][]), 'utf8');
  if (csv.byteLength > UPLOAD_MAX_BYTES) throw new SheetReadFailed(TOO_BIG, false);
  return { filename: 'sheet.csv', data: csv };
}
