import { z } from 'zod';
import type { TOutputMode } from '@cityforge/shared';
import { ZPageContent } from '../pages/index.ts';

/**
 * How a call asks for its answer's shape (OUTPUT_MODES in the shared contract, stored on every
 * usage row): `json_schema` for OpenAI's models and OpenRouter models that take structured
 * outputs, `json_object` (JSON mode) for the others, `offline` for the built-in writer.
 */
export type OutputMode = TOutputMode;

type Json = { [key: string]: unknown };

// Keywords outside the subset every strict provider accepts; ZPageContent checks them after.
const DROPPED = new Set(['$schema', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern']);

/**
 * A JSON Schema in the strict subset: every object closed (additionalProperties false) with
 * every property required, an optional one made nullable instead; oneOf as anyOf; const as a
 * one-value enum; no length or count bounds. parseContent drops the nulls again.
 */
export function toStrictSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toStrictSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema as Json)) {
    if (DROPPED.has(key)) continue;
    if (key === 'oneOf') out.anyOf = toStrictSchema(value);
    else if (key === 'const') out.enum = [value];
    else if (key === 'properties') out.properties = strictProperties(schema as Json);
    else out[key] = toStrictSchema(value);
  }
  if (out.type === 'object') {
    out.additionalProperties = false;
    out.required = Object.keys((out.properties as Json | undefined) ?? {});
  }
  return out;
}

function strictProperties(schema: Json): Json {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const props: Json = {};
  for (const [name, value] of Object.entries(schema.properties as Json)) {
    const strict = toStrictSchema(value);
    props[name] = required.has(name) ? strict : { anyOf: [strict, { type: 'null' }] };
  }
  return props;
}

/** What a structured call sends as its json_schema: the page contract, in the strict subset. */
export const PAGE_JSON_SCHEMA = {
  name: 'page_content',
  schema: toStrictSchema(z.toJSONSchema(ZPageContent, { io: 'input' })) as Json,
};

/** Nulls stand for "left out" in a strict answer; the contract has optional fields instead. */
export function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value as Json)) if (v !== null) out[key] = dropNulls(v);
  return out;
}
