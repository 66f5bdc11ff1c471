import type { TCityFacts, TPutCityFacts } from '@cityforge/shared';
import type { FieldErrors } from '../../lib/api-errors';

/** One fact as the panel edits it; `key` keeps a row's inputs and errors through removals. */
export interface FactRow {
  key: string;
  name: string;
  value: string;
}

/** The facts panel's fields, as typed (nothing is trimmed until it is sent). */
export interface FactsForm {
  facts: FactRow[];
  photo: string;
  pageTitle: string;
  metaDescription: string;
}

/** The server's messages, placed on the fields they name. */
export interface FactsFormErrors {
  rows: Record<string, { name?: string; value?: string }>;
  photo?: string;
  pageTitle?: string;
  metaDescription?: string;
  /** Messages that name no single field (too many facts, ...). */
  other: string[];
}

let lastKey = 0;
export const newFactRow = (name = '', value = ''): FactRow => ({
  key: `fact-${++lastKey}`,
  name,
  value,
});

export function factsForm(stored: TCityFacts): FactsForm {
  return {
    facts: stored.facts.map((f) => newFactRow(f.name, f.value)),
    photo: stored.photo ?? '',
    pageTitle: stored.pageTitle ?? '',
    metaDescription: stored.metaDescription ?? '',
  };
}

const blank = (text: string) => text.trim() === '';
const orNull = (text: string) => (blank(text) ? null : text.trim());

/**
 * The PUT body, and the rows it sent in order (the server names a fact by its place in the
 * list). A row added and left empty is no fact and is not sent; a row with only a name or only
 * a value is, so the server says what it lacks. Services are not the panel's: left as they are.
 */
export function factsBody(form: FactsForm): { body: TPutCityFacts; sent: string[] } {
  const rows = form.facts.filter((row) => !(blank(row.name) && blank(row.value)));
  return {
    body: {
      facts: rows.map(({ name, value }) => ({ name, value })),
      photo: orNull(form.photo),
      pageTitle: orNull(form.pageTitle),
      metaDescription: orNull(form.metaDescription),
    },
    sent: rows.map((row) => row.key),
  };
}

const FACT_FIELD = /^facts\.(\d+)\.(name|value)$/;
const FORM_FIELDS = ['photo', 'pageTitle', 'metaDescription'] as const;

/** A 400's field errors ("facts.1.name", "photo") on the rows and fields the owner typed in. */
export function factsErrors(fieldErrors: FieldErrors | undefined, sent: string[]): FactsFormErrors {
  const out: FactsFormErrors = { rows: {}, other: [] };
  for (const [field, message] of Object.entries(fieldErrors ?? {})) {
    const fact = FACT_FIELD.exec(field);
    const key = fact ? sent[Number(fact[1])] : undefined;
    if (fact && key) {
      out.rows[key] = { ...out.rows[key], [fact[2] as 'name' | 'value']: message };
    } else if ((FORM_FIELDS as readonly string[]).includes(field)) {
      out[field as (typeof FORM_FIELDS)[number]] = message;
    } else {
      out.other.push(message);
    }
  }
  return out;
}

export const NO_ERRORS: FactsFormErrors = { rows: {}, other: [] };

/**
 * What a failed save shows: the server's field messages where they belong, or, when it named
 * no field (the network, a 404), what it said, so a failure never goes unexplained.
 */
export function failedSave(
  fieldErrors: FieldErrors | undefined,
  sent: string[],
  said: string,
): FactsFormErrors {
  const placed = factsErrors(fieldErrors, sent);
  const onAField =
    Object.keys(placed.rows).length > 0 ||
    !!(placed.photo ?? placed.pageTitle ?? placed.metaDescription);
  return onAField || placed.other.length ? placed : { ...placed, other: [said] };
}

/** "38 of 120 city pages have local proof". */
export function proofLine(withFacts: number, total: number): string {
  const of = `${withFacts.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
  return `${of} city ${total === 1 ? 'page has' : 'pages have'} local proof`;
}

/** "Rewrite 3 changed pages". */
export function rewriteLabel(count: number): string {
  return `Rewrite ${count.toLocaleString('en-US')} changed ${count === 1 ? 'page' : 'pages'}`;
}
