import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@cityforge/shared';
import { dispositionFilename } from '../src/lib/api-client';
import { ApiError } from '../src/lib/api-errors';
import { serverMessage } from '../src/lib/api-errors';
import { formatFileSize } from '../src/lib/format';
import {
  addFiles,
  extensionOf,
  isSpreadsheetFile,
  isTooLarge,
  SPREADSHEET_ACCEPT,
} from '../src/lib/upload-files';
import { uploadFormData } from '../src/features/projects/api/upload-locations';
import { simpleUploadFormData } from '../src/features/upload/api/simple-upload';

const file = (name: string, type = '', size = 10) => ({ name, type, size });

describe('spreadsheet file check (by type or extension)', () => {
  it('accepts .csv, .xlsx and .xls by extension, whatever the type', () => {
    for (const name of ['cities.csv', 'cities.xlsx', 'cities.xls', 'CITIES.CSV', 'a.b.Xlsx']) {
      expect(isSpreadsheetFile(file(name)), name).toBe(true);
      expect(isSpreadsheetFile(file(name, 'application/octet-stream')), name).toBe(true);
    }
  });

  it('accepts the spreadsheet MIME types, whatever the name', () => {
    expect(isSpreadsheetFile(file('export', 'text/csv'))).toBe(true);
    expect(isSpreadsheetFile(file('export', 'text/csv; charset=utf-8'))).toBe(true);
    expect(isSpreadsheetFile(file('export', 'application/vnd.ms-excel'))).toBe(true);
    expect(
      isSpreadsheetFile(
        file('export', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      ),
    ).toBe(true);
  });

  it('refuses everything else', () => {
    for (const [name, type] of [
      ['cities.txt', 'text/plain'],
      ['cities.pdf', 'application/pdf'],
      ['photo.png', 'image/png'],
      ['cities.csv.exe', ''],
      ['.csv', ''],
      ['csv', ''],
      ['cities.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
    ] as const) {
      expect(isSpreadsheetFile(file(name, type)), name).toBe(false);
    }
  });

  it('reads extensions with their dot, lower-cased; none for dotfiles', () => {
    expect(extensionOf('a.CSV')).toBe('.csv');
    expect(extensionOf('archive.tar.xls')).toBe('.xls');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('.csv')).toBe('');
  });

  it('offers the extensions and types to the file input', () => {
    expect(SPREADSHEET_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['.csv', '.xlsx', '.xls', 'text/csv']),
    );
  });

  it('knows the size limit', () => {
    expect(isTooLarge({ size: UPLOAD_MAX_BYTES })).toBe(false);
    expect(isTooLarge({ size: UPLOAD_MAX_BYTES + 1 })).toBe(true);
  });
});

describe('adding chosen files', () => {
  it('keeps spreadsheets, reports the rest, and lists a file once', () => {
    const a = file('a.csv');
    const result = addFiles([a], [file('a.csv'), file('b.xlsx'), file('notes.txt', 'text/plain')]);
    expect(result.files.map((f) => f.name)).toEqual(['a.csv', 'b.xlsx']);
    expect(result.wrongType.map((f) => f.name)).toEqual(['notes.txt']);
    expect(result.tooLarge).toEqual([]);
  });

  it('refuses files over the limit', () => {
    const big = file('big.csv', 'text/csv', UPLOAD_MAX_BYTES + 1);
    const result = addFiles([], [big]);
    expect(result.files).toEqual([]);
    expect(result.tooLarge).toEqual([big]);
    expect(result.wrongType).toEqual([]);
  });

  it('replaces the file of a single-file chooser, and keeps it when nothing fits', () => {
    const a = file('a.csv');
    expect(addFiles([a], [file('b.xls')], { multiple: false }).files.map((f) => f.name)).toEqual([
      'b.xls',
    ]);
    expect(addFiles([a], [file('c.txt')], { multiple: false }).files).toEqual([a]);
  });
});

describe('file sizes (Bytes, KB, MB, GB, two decimals)', () => {
  it.each([
    [10, '10 Bytes'],
    [2048, '2 KB'],
    [1100, '1.07 KB'],
    [2.25 * 1024 * 1024, '2.25 MB'],
    [1024 ** 3 * 1.5, '1.5 GB'],
    [1024 ** 4, '1024 GB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('upload request bodies', () => {
  const csv = new File(['city,state\nAustin,TX\n'], 'cities.csv', { type: 'text/csv' });
  const xlsx = new File(['x'], 'more.xlsx');

  it('sends each file as a file part and the meta flag as text', () => {
    const form = uploadFormData({
      files: [csv, xlsx],
      prompt: 'Be brief',
      model: 'offline-draft',
      handleMetaTagsManually: false,
      metaTags: '<title>{city}</title>',
    });
    expect(form.getAll('file').map((f) => (f as File).name)).toEqual(['cities.csv', 'more.xlsx']);
    expect(form.get('prompt')).toBe('Be brief');
    expect(form.get('model')).toBe('offline-draft');
    expect(form.get('handleMetaTagsManually')).toBe('false');
    // The template only travels when the owner writes the meta tags.
    expect(form.has('metaTags')).toBe(false);
  });

  it('sends the template when the meta tags are handled manually', () => {
    const form = uploadFormData({
      files: [csv],
      prompt: '',
      model: 'm',
      handleMetaTagsManually: true,
      metaTags: '<title>{city}, {state_id}</title>',
    });
    expect(form.get('handleMetaTagsManually')).toBe('true');
    expect(form.get('metaTags')).toBe('<title>{city}, {state_id}</title>');
  });

  it('sends the simple upload with its project and the chosen model', () => {
    const form = simpleUploadFormData({
      file: csv,
      projectId: 'p1',
      prompt: '',
      model: 'gpt-4o-mini',
    });
    expect((form.get('file') as File).name).toBe('cities.csv');
    expect(form.get('project')).toBe('p1');
    expect(form.get('model')).toBe('gpt-4o-mini');
  });
});

describe('failure messages', () => {
  it("uses the server's message, else its first field message", () => {
    expect(
      serverMessage(new ApiError(415, { message: 'x' }, { message: 'Not a spreadsheet' })),
    ).toBe('Not a spreadsheet');
    const fields = new ApiError(
      400,
      { message: 'Validation failed', fieldErrors: { model: 'Model is required' } },
      { errors: { model: ['Model is required'] } },
    );
    expect(serverMessage(fields)).toBe('Model is required');
  });

  it('has none for network failures and bodies without a message', () => {
    expect(serverMessage(new ApiError(0, { message: 'An error occurred' }))).toBeNull();
    expect(serverMessage(new ApiError(500, { message: 'An error occurred' }, '<html>'))).toBeNull();
    expect(serverMessage(new Error('boom'))).toBeNull();
  });
});

describe('downloaded file names', () => {
  it('reads Content-Disposition', () => {
    expect(dispositionFilename('attachment; filename="cities-sample.xlsx"')).toBe(
      'cities-sample.xlsx',
    );
    expect(dispositionFilename('attachment; filename=sample.csv')).toBe('sample.csv');
    expect(
      dispositionFilename(`attachment; filename="a.csv"; filename*=UTF-8''caf%C3%A9.csv`),
    ).toBe('café.csv');
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });
});
