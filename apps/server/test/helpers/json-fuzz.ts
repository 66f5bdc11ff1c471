import { rng, type Rng } from '@cityforge/fakes/random';
import type { JsonSchema } from './openapi.ts';

/**
 * Generators of bad JSON request bodies for security.json-fuzz.test.ts. Each case is built
 * from a valid body of the route (so a refusal can only come from the one thing broken) and
 * its OpenAPI body schema; every random choice comes from a PRNG seeded per route, so a run
 * sends the same bytes every time and a case's name says how it was made.
 */

export type Body = Record<string, unknown>;

/**
 * The refusal a case must get. The first five come from the body parser, before any route
 * code runs; `validation` from the route's schema (or the server's text check), naming
 * `field` in its errors when the case broke one field.
 */
export type Want =
  | { kind: 'invalid-json' }
  | { kind: 'empty' }
  | { kind: 'length' }
  | { kind: 'media-type' }
  | { kind: 'too-large' }
  | { kind: 'validation'; field?: string }
  /** Valid to the schema, refused by the route itself (e.g. a password that matches nothing). */
  | { kind: 'refused'; status: number };

export const WANT_STATUS: Record<Want['kind'], number> = {
  'invalid-json': 400,
  empty: 400,
  length: 400,
  'media-type': 415,
  'too-large': 413,
  validation: 400,
  refused: 0, // the case's own status
};

/** What the message of each refusal must say, so a client can show it as it is. */
export const WANT_MESSAGE: Record<Want['kind'], RegExp> = {
  'invalid-json': /not valid JSON/,
  empty: /empty/,
  length: /Content-Length/,
  'media-type': /content type/i,
  'too-large': /too large/,
  validation: /\w/,
  refused: /\w/,
};

export type FuzzCase = {
  /** The mutation, readable in a failure list ("password = 1e400", "truncated after 17 bytes"). */
  name: string;
  /** undefined: no body at all. */
  payload?: string | Buffer;
  headers: Record<string, string>;
  want: Want;
};

/** How deep the deeply nested bodies go. */
export const NESTING = 10_000;
const MIB = 1024 * 1024;
const JSON_TYPE = { 'content-type': 'application/json' };
const INVALID_JSON: Want = { kind: 'invalid-json' };

/** A PRNG of its own for each route, so adding a route changes no other route's cases. */
export function routeRng(seed: number, key: string): Rng {
  let h = seed >>> 0;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return rng(h);
}

/** k different items, in a seeded order. */
function sample<T>(r: Rng, items: readonly T[], k: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < k && pool.length > 0) out.push(pool.splice(r.int(pool.length), 1)[0]!);
  return out;
}

const SLOT = 'FUZZ-SLOT-9f27c1';
/** The body's JSON text with one field's value replaced by raw text (valid JSON or not). */
export function withRaw(base: Body, field: string, raw: string): string {
  return JSON.stringify({ ...base, [field]: SLOT }).replace(`"${SLOT}"`, () => raw);
}

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (key: string, depth: number) =>
  `{${JSON.stringify(key)}:`.repeat(depth) + '0' + '}'.repeat(depth);

/** JSON.parse as the server's parser sees it (one leading BOM is dropped). */
function parses(payload: string | Buffer): boolean {
  const text = typeof payload === 'string' ? payload : payload.toString('utf8');
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}

/** A generator bug would make a "broken" body valid and the case meaningless: refuse it. */
function broken(name: string, payload: string | Buffer): FuzzCase {
  if (parses(payload)) throw new Error(`json-fuzz: "${name}" is valid JSON`);
  return { name, payload, headers: JSON_TYPE, want: INVALID_JSON };
}

const firstField = (base: Body) => Object.keys(base)[0] ?? 'x';

// ── the body parser: every route that reads a body ──────────────────────────────────────────

/**
 * What the JSON parser itself must refuse: broken syntax, prototype keys, other content types,
 * empty and mis-measured bodies, and bodies over the route's limit. No route code runs for
 * these, so they apply as well to routes that declare no body.
 */
export function parserCases(r: Rng, base: Body, limit: number, syntaxPicks: number): FuzzCase[] {
  const text = JSON.stringify(base);
  const f = firstField(base);
  const value = (raw: string) => withRaw(base, f, raw);
  const cut = sample(
    r,
    Array.from({ length: text.length - 1 }, (_, i) => i + 1),
    2,
  );
  const syntax: [string, string | Buffer][] = [
    ['"garbage" after the body', `${text}garbage`],
    ['a second object after the body', `${text}${text}`],
    ['an extra closing brace', `${text}}`],
    ['a NUL byte after the body', `${text}\u0000`],
    ['an extra opening brace', `{${text}`],
    ['an object closed with ]', `${text.slice(0, -1)}]`],
    ['a lone closing brace', '}'],
    ['a UTF-8 BOM before a truncated body', `\uFEFF${text.slice(0, -1)}`],
    ['two UTF-8 BOMs before the body', `\uFEFF\uFEFF${text}`],
    [`${f} = NaN`, value('NaN')],
    [`${f} = Infinity`, value('Infinity')],
    [`${f} = -Infinity`, value('-Infinity')],
    [`${f} = undefined`, value('undefined')],
    ['single quotes', text.replace(/"/g, "'")],
    ['a trailing comma', text === '{}' ? '{,}' : `${text.slice(0, -1)},}`],
    ['a comment before the body', `/* fuzz */${text}`],
    ['an unquoted key', text === '{}' ? '{x:1}' : text.replace(/"([^"]+)":/, '$1:')],
    [`${f} = 0x1F (hex)`, value('0x1F')],
    [`${f} = 007 (leading zeros)`, value('007')],
    [`${f} = +1`, value('+1')],
    [`${f} = .5`, value('.5')],
    [`${f} holding a raw newline`, value('"a\nb"')],
    [`${f} holding the escape \\x41`, value('"\\x41"')],
    [`${f} holding a cut \\u escape`, value('"\\u12"')],
    [`${f} as an unterminated string`, value('"abc')],
    [
      'an invalid UTF-8 byte between tokens',
      Buffer.concat([Buffer.from('{'), Buffer.from([0xff]), Buffer.from(text.slice(1))]),
    ],
  ];
  const over = Math.max(2 * MIB, limit + 1024);
  const multibyte = Math.ceil(limit / 2) + 1024;
  const proto = (name: string, payload: string): FuzzCase => ({
    name,
    payload,
    headers: JSON_TYPE,
    want: INVALID_JSON,
  });
  const rest = text === '{}' ? '}' : `,${text.slice(1)}`;
  return [
    ...cut.map((n) => broken(`truncated after ${n} of ${text.length} bytes`, text.slice(0, n))),
    ...sample(r, syntax, syntaxPicks).map(([name, payload]) => broken(name, payload)),
    // secure-json-parse refuses these outright, whatever the route would do with them.
    proto('a __proto__ key', `{"__proto__":{"polluted":"yes"}${rest}`),
    proto(
      'a __proto__ key spelled with \\u escapes',
      `{"\\u005f_proto__":{"polluted":"yes"}${rest}`,
    ),
    proto('a constructor.prototype key', `{"constructor":{"prototype":{"polluted":"yes"}}${rest}`),
    proto(`${f} = {"__proto__": …}`, value('{"__proto__":{"polluted":"yes"}}')),
    proto(`${f} = [{"__proto__": …}]`, value('[{"__proto__":{"polluted":"yes"}}]')),
    {
      name: 'form-encoded',
      payload: 'email=someone%40example.com&x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      want: { kind: 'media-type' },
    },
    {
      name: 'JSON without a content type',
      payload: text,
      headers: {},
      want: { kind: 'media-type' },
    },
    {
      name: 'application/xml',
      payload: '<body><x>1</x></body>',
      headers: { 'content-type': 'application/xml' },
      want: { kind: 'media-type' },
    },
    {
      name: 'multipart/form-data',
      payload: `--fuzz\r\nContent-Disposition: form-data; name="${f}"\r\n\r\nx\r\n--fuzz--\r\n`,
      headers: { 'content-type': 'multipart/form-data; boundary=fuzz' },
      want: { kind: 'media-type' },
    },
    {
      name: 'application/json-patch+json',
      payload: text,
      headers: { 'content-type': 'application/json-patch+json' },
      want: { kind: 'media-type' },
    },
    { name: 'an empty JSON body', payload: '', headers: JSON_TYPE, want: { kind: 'empty' } },
    {
      name: 'Content-Length shorter than the body',
      payload: text,
      headers: { ...JSON_TYPE, 'content-length': String(text.length - 1) },
      want: { kind: 'length' },
    },
    {
      name: 'Content-Length longer than the body',
      payload: text,
      headers: { ...JSON_TYPE, 'content-length': String(text.length + 10) },
      want: { kind: 'length' },
    },
    {
      name: `Content-Length over the ${limit}-byte limit`,
      payload: text,
      headers: { ...JSON_TYPE, 'content-length': String(limit + 1) },
      want: { kind: 'too-large' },
    },
    {
      name: `${f} = ${over} characters (over the ${limit}-byte limit)`,
      payload: value(`"${'a'.repeat(over)}"`),
      headers: JSON_TYPE,
      want: { kind: 'too-large' },
    },
    {
      name: `${f} = ${multibyte} two-byte characters (under the limit in characters, over in bytes)`,
      payload: value(`"${'é'.repeat(multibyte)}"`),
      headers: JSON_TYPE,
      want: { kind: 'too-large' },
    },
  ];
}

/**
 * Text the server refuses in any parsed body (a NUL or an unpaired surrogate, in a value or a
 * key), also where the route reads no body: it never reaches the database.
 */
export function textCases(base: Body, hasSchema: boolean): FuzzCase[] {
  const f = firstField(base);
  const json = (name: string, payload: string, field: string): FuzzCase => ({
    name,
    payload,
    headers: JSON_TYPE,
    want: { kind: 'validation', field },
  });
  return [
    json('a key holding a NUL', JSON.stringify({ 'a\u0000b': 1, ...base }), 'a\u0000b'),
    json('a key holding a lone surrogate', JSON.stringify({ '\ud800': 1, ...base }), '\ud800'),
    // A route with a schema gets this for each of its fields (schemaCases).
    ...(!hasSchema ? [json(`${f} = "a\\u0000b" (a NUL)`, withRaw(base, f, '"a\\u0000b"'), f)] : []),
  ];
}

// ── the schema: routes that declare a JSON body ─────────────────────────────────────────────

type Kind = 'string' | 'boolean' | 'array' | 'number' | 'object' | 'never';

function kindOf(schema: JsonSchema): Kind {
  if (schema.not !== undefined && schema.type === undefined) return 'never';
  if (schema.anyOf?.every((branch) => branch.type === 'string')) return 'string';
  if (schema.type === 'integer') return 'number';
  return (schema.type as Kind | undefined) ?? 'object';
}

/** A value of the declared type, for fields the valid body leaves out. */
function validValue(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  switch (kindOf(schema)) {
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'number':
      return 1;
    case 'object':
      return {};
    default:
      return 'x';
  }
}

/** A body of the schema's shape, every field given a value of its type (not always valid). */
export function sketchBody(schema: JsonSchema): Body {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([field, s]) => [field, validValue(s)]),
  );
}

/** Candidate wrong values by their JSON type; each field gets a seeded few of the others. */
function wrongValues(r: Rng, kind: Kind, nullable: boolean, valid: string): [string, string][] {
  const groups: Record<Exclude<Kind, 'never'> | 'null', { picks: number; values: string[] }> = {
    number: {
      picks: 1,
      values: ['0', '12.5', '-0', '1e400', '9007199254740993', '1e308', '-1'],
    },
    boolean: { picks: 1, values: ['true', 'false'] },
    null: { picks: 1, values: ['null'] },
    object: {
      picks: 1,
      values: ['{}', `{"value":${valid}}`, deepObject('value', NESTING)],
    },
    array: { picks: 1, values: ['[]', `[${valid}]`, deepArray(NESTING)] },
    string: { picks: 1, values: ['"text"', '""', '"true"', '"0"'] },
  };
  const out: [string, string][] = [];
  for (const [type, { picks, values }] of Object.entries(groups)) {
    if (type === kind || (type === 'null' && nullable)) continue;
    for (const raw of sample(r, values, picks)) {
      const label =
        raw.length > 40
          ? `${raw.startsWith('[') ? 'arrays' : 'objects'} nested ${NESTING} deep`
          : raw;
      out.push([label, raw]);
    }
  }
  return out;
}

const str = (text: string) => JSON.stringify(text);

/** The cases that break one field: wrong types, bounds, text the server refuses, long text. */
function fieldCases(
  r: Rng,
  base: Body,
  field: string,
  schema: JsonSchema,
  limit: number,
  longText: LongText | undefined,
): FuzzCase[] {
  const kind = kindOf(schema);
  const valid = JSON.stringify(base[field] ?? validValue(schema));
  const raws: [string, string][] = wrongValues(r, kind, schema.nullable === true, valid);
  const cases: FuzzCase[] = [];
  if (kind === 'string' || kind === 'never') {
    if (kind === 'never') raws.push(['"someone@example.com"', str('someone@example.com')]);
    if ((schema.minLength ?? 0) >= 1) raws.push(['""', '""']);
    if (schema.maxLength !== undefined)
      raws.push([
        `${schema.maxLength + 1} characters (one over)`,
        str('a'.repeat(schema.maxLength + 1)),
      ]);
    if (schema.enum) {
      const first = String(schema.enum[0]);
      raws.push(['"nope" (not one of its values)', '"nope"']);
      raws.push([`"${first.toUpperCase()}" (other case)`, str(first.toUpperCase())]);
    }
    if (schema.format === 'uuid') raws.push(['"not-a-uuid"', '"not-a-uuid"']);
    // Unicode oddities: a NUL, unpaired surrogates either way round, as JSON escapes.
    raws.push(['"a\\u0000b" (a NUL)', '"a\\u0000b"']);
    raws.push(
      r.pick([
        ['"\\ud800x" (a lone high surrogate)', '"\\ud800x"'],
        ['"x\\udfff" (a lone low surrogate)', '"x\\udfff"'],
        ['"\\udc00\\ud800" (a pair the wrong way round)', '"\\udc00\\ud800"'],
      ] as const),
    );
    if (longText !== 'accepted') {
      const room = limit - JSON.stringify(base).length - field.length - 64;
      const length = Math.min(2 * MIB, room);
      cases.push({
        name: `${field} = ${length} characters (within the ${limit}-byte limit)`,
        payload: withRaw(base, field, str('a'.repeat(length))),
        headers: JSON_TYPE,
        want: longText ? { kind: 'refused', status: longText } : { kind: 'validation', field },
      });
    }
  }
  if (kind === 'array') {
    const items = schema.items ?? {};
    raws.push(
      ...sample(
        r,
        [
          ['[0]', '[0]'],
          ['[null]', '[null]'],
          ['[{}]', '[{}]'],
          ['[[]]', '[[]]'],
        ] as [string, string][],
        2,
      ),
    );
    if (items.maxLength !== undefined)
      raws.push([
        `[an item of ${items.maxLength + 1} characters]`,
        `[${str('a'.repeat(items.maxLength + 1))}]`,
      ]);
    if (schema.maxItems !== undefined)
      raws.push([
        `${schema.maxItems + 1} items (one over)`,
        JSON.stringify(Array.from({ length: schema.maxItems + 1 }, () => validValue(items))),
      ]);
    raws.push(['["a\\u0000b"] (a NUL in an item)', '["a\\u0000b"]']);
  }
  const broken = raws.map(([label, raw]): FuzzCase => ({
    name: `${field} = ${label}`,
    payload: withRaw(base, field, raw),
    headers: JSON_TYPE,
    want: { kind: 'validation', field },
  }));
  return [...broken, ...cases];
}

/** Every string of a body wrapped in right-to-left overrides, zero-width and combining marks. */
function bidiWrapped(base: Body): Body {
  return Object.fromEntries(
    Object.entries(base).map(([k, v]) => [
      k,
      typeof v === 'string' ? `\u202e${v}\u200f\u200b\u0301` : v,
    ]),
  );
}

/**
 * What a route does with very long text in a string field the schema does not bound: accept
 * it (the case is not sent) or refuse it itself with this status.
 */
export type LongText = 'accepted' | number;

export type SchemaOptions = {
  /** By field, for the fields the test's table names; every other field must be bounded. */
  longText: Record<string, LongText>;
};

/**
 * What the route's body schema must refuse: the wrong kind of body, every field broken in
 * turn, duplicate keys, unknown fields (where the schema is closed) and unicode oddities.
 */
export function schemaCases(
  r: Rng,
  base: Body,
  schema: JsonSchema,
  limit: number,
  opts: SchemaOptions,
): FuzzCase[] {
  const text = JSON.stringify(base);
  const fields = Object.keys(schema.properties ?? {});
  const f = fields[0] ?? 'x';
  const whole = (
    name: string,
    payload: string | undefined,
    headers: Record<string, string> = JSON_TYPE,
  ): FuzzCase => ({
    name,
    payload,
    headers,
    want: { kind: 'validation' },
  });
  const scalars = sample(
    r,
    ['0', '-0', '1e400', '9007199254740993', '"text"', '""', 'true', 'false'],
    4,
  );
  const cases: FuzzCase[] = [
    ...(schema.nullable ? [] : [whole('null', 'null'), whole('no body at all', undefined, {})]),
    whole('[]', '[]'),
    whole('the valid body inside an array', `[${text}]`),
    ...scalars.map((s) => whole(s, s)),
    whole(`arrays nested ${NESTING} deep`, deepArray(NESTING)),
    {
      ...whole(`${f} = objects nested ${NESTING} deep`, deepObject(f, NESTING)),
      want: { kind: 'validation', field: f },
    },
    whole('the valid body as text/plain', text, { 'content-type': 'text/plain' }),
    ...((schema.required ?? []).length > 0 ? [whole('{}', '{}')] : []),
    {
      name: `${f} twice, the later one {} (JSON.parse keeps the later)`,
      payload: `${text.slice(0, -1)}${text === '{}' ? '' : ','}"${f}":{}}`,
      headers: JSON_TYPE,
      want: { kind: 'validation', field: f },
    },
    {
      name: `right-to-left, zero-width and combining marks in every string, and ${f} = {}`,
      payload: JSON.stringify({ ...bidiWrapped(base), [f]: {} }),
      headers: JSON_TYPE,
      want: { kind: 'validation', field: f },
    },
  ];
  if (schema.additionalProperties === false)
    for (const [extra, value] of [
      ['isSuperuser', true],
      ['id', '00000000-0000-4000-8000-000000000000'],
      ['unexpected', 1],
    ] as const)
      cases.push({
        name: `an unknown field ${extra}`,
        payload: JSON.stringify({ ...base, [extra]: value }),
        headers: JSON_TYPE,
        want: { kind: 'validation', field: extra },
      });
  for (const field of fields)
    cases.push(
      ...fieldCases(r, base, field, schema.properties![field]!, limit, opts.longText[field]),
    );
  return cases;
}
