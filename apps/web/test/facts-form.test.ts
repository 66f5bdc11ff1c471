import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ZPutCityFacts, type TCityFacts } from '@cityforge/shared';
import { FactRows } from '../src/features/projects/components/detail/fact-rows';
import {
  factsBody,
  factsErrors,
  factsForm,
  failedSave,
  newFactRow,
  proofLine,
  rewriteLabel,
} from '../src/features/projects/facts-form';

const stored: TCityFacts = {
  facts: [
    { name: 'Jobs completed', value: '142' },
    { name: 'Customer quote', value: '"Same afternoon." - Maria G.' },
  ],
  photo: null,
  photoSrc: null,
  photoNote: null,
  pageTitle: 'Roofing in Kyle',
  metaDescription: null,
  services: ['Roof repair'],
  changed: false,
};

describe('the facts panel form', () => {
  it('fills the fields from what the server holds, each fact a row of its own', () => {
    const form = factsForm(stored);
    expect(form.facts.map(({ name, value }) => [name, value])).toEqual([
      ['Jobs completed', '142'],
      ['Customer quote', '"Same afternoon." - Maria G.'],
    ]);
    expect(new Set(form.facts.map((r) => r.key)).size).toBe(2);
    expect(form).toMatchObject({ photo: '', pageTitle: 'Roofing in Kyle', metaDescription: '' });
  });

  it('sends the rows as facts, an added row left empty as none, empty overrides as null', () => {
    const form = factsForm(stored);
    const empty = newFactRow();
    const halfDone = newFactRow('Crew lead', '  ');
    form.facts = [form.facts[0]!, empty, halfDone];
    form.photo = '  https://example.com/roof.jpg ';
    form.pageTitle = '   ';
    const { body, sent } = factsBody(form);
    expect(body).toEqual({
      facts: [
        { name: 'Jobs completed', value: '142' },
        { name: 'Crew lead', value: '  ' },
      ],
      photo: 'https://example.com/roof.jpg',
      pageTitle: null,
      metaDescription: null,
    });
    // Services are not the panel's: left out, the server keeps them.
    expect('services' in body).toBe(false);
    expect(sent).toEqual([form.facts[0]!.key, halfDone.key]);
    // The contract the server checks with says what the half-filled row lacks, at its index.
    const checked = ZPutCityFacts.safeParse(body);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((i) => i.path.join('.'))).toEqual(['facts.1.value']);
  });

  it('puts each server message on the row and field it names, the rest aside', () => {
    const errors = factsErrors(
      {
        'facts.1.value': 'Each fact needs a value; remove a fact to clear it.',
        'facts.0.name': '"City" is a column of its own in the sheet; name the fact otherwise.',
        photo: 'The photo must be an https:// address, or null for none.',
        facts: 'A place holds at most 100 facts.',
      },
      ['row-a', 'row-b'],
    );
    expect(errors.rows).toEqual({
      'row-b': { value: 'Each fact needs a value; remove a fact to clear it.' },
      'row-a': { name: '"City" is a column of its own in the sheet; name the fact otherwise.' },
    });
    expect(errors.photo).toBe('The photo must be an https:// address, or null for none.');
    expect(errors.other).toEqual(['A place holds at most 100 facts.']);
    expect(factsErrors(undefined, []).other).toEqual([]);
  });

  it('says why a save failed when the server named no field', () => {
    expect(failedSave(undefined, ['row-a'], 'City not found.')).toEqual({
      rows: {},
      other: ['City not found.'],
    });
    const placed = failedSave({ 'facts.0.value': 'Each fact needs a value.' }, ['row-a'], 'x');
    expect(placed).toEqual({ rows: { 'row-a': { value: 'Each fact needs a value.' } }, other: [] });
  });

  it('shows a row’s message under its input, tied to it, and keeps what was typed', () => {
    const row = newFactRow('City', '12');
    const html = renderToStaticMarkup(
      createElement(FactRows, {
        rows: [row],
        errors: { [row.key]: { name: 'A column of its own' } },
        disabled: false,
        onChange: () => undefined,
      }),
    );
    expect(html).toContain(`aria-describedby="${row.key}-name-error"`);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('role="alert"');
    expect(html).toContain('A column of its own');
    expect(html).toContain('value="City"');
    expect(html).toContain('aria-label="Remove City"');
  });
});

describe('the local proof line', () => {
  it('counts the city pages with facts in the owner’s words', () => {
    expect(proofLine(38, 120)).toBe('38 of 120 city pages have local proof');
    expect(proofLine(0, 1)).toBe('0 of 1 city page has local proof');
    expect(proofLine(1200, 10000)).toBe('1,200 of 10,000 city pages have local proof');
    expect(rewriteLabel(1)).toBe('Rewrite 1 changed page');
    expect(rewriteLabel(3)).toBe('Rewrite 3 changed pages');
  });
});
