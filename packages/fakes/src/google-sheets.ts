/** The Sheets API side of the fake Google: spreadsheets.get and values.get. */

export type FakeSheetTab = { sheetId: number; title: string; values: string[][] };

export type FakeSpreadsheet = {
  tabs: FakeSheetTab[];
  /** Whether the signed-in Google account may open it; false answers 403. */
  shared: boolean;
};

/** A Google API error body (google.rpc.Status as JSON). */
export const apiError = (code: number, status: string, message: string) => ({
  error: { code, message, status },
});

/** A values.get range's tab: `'My tab'!A1:Z9`, `Sheet1`, `Sheet1!A:C`. */
export function tabOfRange(range: string): string {
  const quoted = /^'((?:[^']|'')*)'(?:!.*)?$/.exec(range);
  if (quoted) return quoted[1]!.replaceAll("''", "'");
  return range.split('!')[0]!;
}

/** The rows as the API answers them: trailing empty cells and rows left out. */
export function trimmed(values: string[][]): string[][] {
  const rows = values.map((row) => {
    const cells = [...row];
    while (cells.length && cells[cells.length - 1] === '') cells.pop();
    return cells;
  });
  while (rows.length && rows[rows.length - 1]!.length === 0) rows.pop();
  return rows;
}

export function spreadsheetGet(id: string, sheet: FakeSpreadsheet) {
  return {
    spreadsheetId: id,
    sheets: sheet.tabs.map((t) => ({ properties: { sheetId: t.sheetId, title: t.title } })),
  };
}

export function valuesGet(sheet: FakeSpreadsheet, range: string): [number, unknown] {
  const title = tabOfRange(range);
  const tab = sheet.tabs.find((t) => t.title === title);
  if (!tab) return [400, apiError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${range}`)];
  const values = trimmed(tab.values);
  return [200, { range, majorDimension: 'ROWS', ...(values.length && { values }) }];
}
