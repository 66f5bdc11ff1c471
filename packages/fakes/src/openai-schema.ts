/**
 * The checks OpenAI makes on `response_format: {type: 'json_schema', json_schema: {strict: true}}`
 * before it answers, with its wording: a schema outside the strict subset is a 400, so a
 * product sending one finds out here rather than in production.
 */
type Json = Record<string, unknown>;

// Keywords strict mode refuses (the product's contract checks lengths and counts itself).
const UNSUPPORTED = ['minLength', 'maxLength', 'minItems', 'maxItems', 'oneOf', 'allOf', 'not'];

export function strictSchemaProblem(format: unknown): string | null {
  const f = format as { type?: unknown; json_schema?: Json } | null;
  if (!f || f.type !== 'json_schema') return null;
  const spec = f.json_schema;
  if (!spec || typeof spec.name !== 'string' || !/^[\w-]{1,64}$/.test(spec.name))
    return "Invalid 'response_format.json_schema.name': must match ^[a-zA-Z0-9_-]{1,64}$.";
  if (spec.strict !== true) return null;
  const schema = spec.schema as Json | undefined;
  if (!schema || schema.type !== 'object')
    return `Invalid schema for response_format '${spec.name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${String(schema?.type)}"'.`;
  const problem = walk(schema, []);
  return problem && `Invalid schema for response_format '${spec.name}': ${problem}`;
}

function walk(node: unknown, at: string[]): string | null {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) {
      const problem = walk(child, [...at, String(i)]);
      if (problem) return problem;
    }
    return null;
  }
  if (!node || typeof node !== 'object') return null;
  const schema = node as Json;
  const context = `In context=(${at.map((p) => `'${p}'`).join(', ')})`;
  for (const keyword of UNSUPPORTED)
    if (keyword in schema) return `${context}, '${keyword}' is not permitted.`;
  if (schema.type === 'object') {
    if (schema.additionalProperties !== false)
      return `${context}, 'additionalProperties' is required to be supplied and to be false.`;
    const keys = Object.keys((schema.properties as Json | undefined) ?? {});
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const missing = keys.find((k) => !required.includes(k));
    if (missing)
      return `${context}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
  }
  for (const [key, child] of Object.entries(schema)) {
    if (key === 'enum' || key === 'const' || key === 'required') continue;
    const problem = walk(child, [...at, key]);
    if (problem) return problem;
  }
  return null;
}
