import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TUploadReport } from '@cityforge/shared';
import { UploadReport } from '../src/components/upload/upload-report';
import { ApiError } from '../src/lib/api-errors';
import {
  columnsText,
  factsText,
  issueWhere,
  refusedReport,
  reportFigures,
  spansFiles,
  visibleIssues,
} from '../src/lib/upload-report';

function makeReport(over: Partial<TUploadReport> = {}): TUploadReport {
  return {
    message: 'Locations uploaded',
    rowsRead: 6,
    imported: 4,
    citiesAdded: 3,
    citiesExisting: 1,
    citiesUpdated: 0,
    factColumns: [],
    factsReceived: 0,
    factCities: 0,
    photosQueued: 0,
    merged: 1,
    skipped: [{ file: 'cities.csv', line: 6, reason: 'No city or ZIP code' }],
    ambiguous: [
      {
        file: 'cities.csv',
        line: 5,
        reason: 'Springfield is in several states',
        candidates: ['Springfield, IL', 'Springfield, MO', 'Springfield, MA'],
      },
    ],
    notes: [],
    columns: { city: 'City', state: 'ST' },
    ignoredColumns: ['Notes'],
    ...over,
  };
}

/** Text content of the rendered markup, tags dropped, entities of interest decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('upload report figures', () => {
  it('lists imported, added, existing and merged counts', () => {
    expect(reportFigures(makeReport()).map((f) => [f.label, f.value])).toEqual([
      ['Rows imported', 4],
      ['Cities added', 3],
      ['Already in project', 1],
      ['Merged duplicates', 1],
    ]);
    expect(reportFigures(makeReport())[0]!.hint).toBe('of 6 read');
  });

  it('names the file of each issue only when several files were uploaded', () => {
    const one = makeReport();
    expect(spansFiles(one)).toBe(false);
    expect(issueWhere(one.skipped[0]!, false)).toBe('Line 6');
    const two = makeReport({
      notes: [{ file: 'more.xlsx', line: 2, reason: 'ZIP 78701 is in Austin' }],
    });
    expect(spansFiles(two)).toBe(true);
    expect(issueWhere(two.notes[0]!, true)).toBe('more.xlsx, line 2');
  });

  it('shows the first issues of a long list and counts the rest', () => {
    const issues = Array.from({ length: 105 }, (_, i) => ({
      file: 'a.csv',
      line: i + 2,
      reason: 'Unknown city',
    }));
    const { shown, hidden } = visibleIssues(issues);
    expect(shown).toHaveLength(100);
    expect(hidden).toBe(5);
    expect(visibleIssues(issues.slice(0, 3)).hidden).toBe(0);
  });

  it('says which header fed each field', () => {
    expect(columnsText({ city: 'City', state: 'ST', zip: 'zip' })).toBe(
      'city ← City, state ← ST, zip',
    );
  });
});

describe('upload report rendering', () => {
  it('shows the counts and every skipped and ambiguous row with line, reason and candidates', () => {
    const text = textOf(
      renderToStaticMarkup(createElement(UploadReport, { report: makeReport() })),
    );
    expect(text).toContain('Locations uploaded');
    expect(text).toMatch(/Rows imported 4 of 6 read/);
    expect(text).toMatch(/Cities added 3/);
    expect(text).toMatch(/Already in project 1/);
    expect(text).toMatch(/Merged duplicates 1/);
    expect(text).toMatch(/Skipped rows \(1\)/);
    expect(text).toMatch(/Line 6 · No city or ZIP code/);
    expect(text).toMatch(/Ambiguous rows \(1\)/);
    expect(text).toMatch(/Line 5 · Springfield is in several states/);
    expect(text).toContain('Candidates: Springfield, IL; Springfield, MO; Springfield, MA');
    expect(text).toContain('Columns ignored: Notes');
    expect(text).not.toContain('Notes (');
  });

  it('folds a long list of candidates behind its count', () => {
    const candidates = ['AR', 'CO', 'GA', 'ID', 'IL', 'MO'].map((s) => `Springfield, ${s}`);
    const html = renderToStaticMarkup(
      createElement(UploadReport, {
        report: makeReport({
          ambiguous: [{ file: 'a.csv', line: 5, reason: 'Several', candidates }],
        }),
      }),
    );
    expect(html).toContain('<details');
    expect(textOf(html)).toContain('6 candidates');
    expect(textOf(html)).toContain('Springfield, AR; Springfield, CO');
  });

  it('leaves out empty sections', () => {
    const html = renderToStaticMarkup(
      createElement(UploadReport, {
        report: makeReport({ skipped: [], ambiguous: [], columns: {}, ignoredColumns: [] }),
      }),
    );
    expect(html).not.toContain('report-skipped');
    expect(html).not.toContain('report-ambiguous');
    expect(html).not.toContain('Columns');
  });
});

describe('refusedReport', () => {
  it('reads the report of a 422 upload that imported nothing, and nothing else', () => {
    const report = makeReport({
      message: 'No cities were imported: x.',
      imported: 0,
      citiesAdded: 0,
    });
    const refused = new ApiError(
      422,
      { message: report.message },
      { message: report.message, report },
    );
    expect(refusedReport(refused)).toEqual(report);
    expect(
      refusedReport(new ApiError(400, { message: 'bad' }, { message: 'bad', report })),
    ).toBeNull();
    expect(refusedReport(new ApiError(422, { message: 'x' }, { message: 'x' }))).toBeNull();
    expect(refusedReport(new Error('network'))).toBeNull();
  });

  it('shows a refused report as an alert, not a success', () => {
    const html = renderToStaticMarkup(
      createElement(UploadReport, {
        report: makeReport({ message: 'No cities were imported.' }),
        refused: true,
      }),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('No cities were imported.');
    expect(html).not.toContain('text-emerald-800');
  });
});

describe('facts in the upload report', () => {
  it('says how many facts came in for how many cities, and from which columns', () => {
    const report = makeReport({
      factColumns: ['Jobs completed', 'Customer quote'],
      factsReceived: 1234,
      factCities: 1,
    });
    expect(factsText(report)).toBe(
      '1,234 facts came in for 1 city (Jobs completed, Customer quote).',
    );
    const html = renderToStaticMarkup(createElement(UploadReport, { report }));
    expect(html).toContain('data-testid="report-facts"');
    expect(html).toContain('1,234 facts came in for 1 city');
  });

  it('says nothing of facts for a sheet without fact columns', () => {
    expect(factsText(makeReport())).toBeNull();
    const html = renderToStaticMarkup(createElement(UploadReport, { report: makeReport() }));
    expect(html).not.toContain('report-facts');
  });
});
