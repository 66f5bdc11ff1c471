import { describe, expect, it } from 'vitest';
import { sheetSourceUrl, ZSheetLinkInput } from '../src/index.ts';

const ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

describe('sheetSourceUrl', () => {
  it("reads a Google Sheet's tab, by the gid of its address, as that tab's CSV export", () => {
    const csv = (gid: string) =>
      `https://docs.google.com/spreadsheets/d/${ID}/export?format=csv&gid=${gid}`;
    expect(sheetSourceUrl(`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=42`)).toBe(
      csv('42'),
    );
    expect(sheetSourceUrl(`https://docs.google.com/spreadsheets/d/${ID}/edit?gid=7#gid=7`)).toBe(
      csv('7'),
    );
    expect(sheetSourceUrl(`https://docs.google.com/spreadsheets/d/${ID}`)).toBe(csv('0'));
    // Published and export addresses are read as they are.
    const published = `https://docs.google.com/spreadsheets/d/e/2PACX-abc/pub?output=csv`;
    expect(sheetSourceUrl(published)).toBe(published);
  });

  it('takes any other https address as it is, and refuses the rest', () => {
    expect(sheetSourceUrl('https://files.example.com/areas.xlsx')).toBe(
      'https://files.example.com/areas.xlsx',
    );
    expect(sheetSourceUrl('http://files.example.com/areas.csv')).toBeNull();
    expect(sheetSourceUrl('https://user:pw@files.example.com/a.csv')).toBeNull();
    expect(sheetSourceUrl('file:///etc/passwd')).toBeNull();
    expect(sheetSourceUrl('https://docs.google.com/document/d/abc/edit')).toBeNull();
    expect(sheetSourceUrl(`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=x1`)).toBeNull();
    expect(ZSheetLinkInput.safeParse({ url: 'ftp://x/a.csv', schedule: 'daily' }).success).toBe(
      false,
    );
    expect(
      ZSheetLinkInput.safeParse({ url: 'https://x.io/a.csv', schedule: 'weekly' }).success,
    ).toBe(false);
  });

  it('answers a pathological address of a megabyte (how long it takes is measured by bench, never here)', () => {
    const hostile = `https://docs.google.com/spreadsheets/d/${'a-'.repeat(250_000)}!/edit#gid=${'1'.repeat(250_000)}`;
    expect(sheetSourceUrl(hostile)).toBeNull();
    const long = `https://docs.google.com/spreadsheets/d/${ID}/edit#gid=${'9'.repeat(500_000)}`;
    expect(sheetSourceUrl(long)).toBeNull();
  });
});
