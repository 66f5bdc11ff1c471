import type { FastifyInstance } from 'fastify';

/**
 * The server's own route table, read from its OpenAPI document (what @fastify/swagger builds
 * from the routes' zod schemas): the security tests derive what they call from it, so a new
 * route is covered, or reported, without anyone remembering to list it.
 */

/** The part of JSON Schema the zod contracts produce for request bodies. */
export type JsonSchema = {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  not?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
};

type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export type SpecOperation = {
  /** e.g. "POST /api/projects/{id}/publish/", exactly as the document lists it. */
  key: string;
  method: string;
  path: string;
  /** The JSON body's schema, or null when the route declares no JSON body. */
  jsonBody: JsonSchema | null;
  /** Names of its query fields. */
  query: string[];
};

/** Every (method, path) of the OpenAPI document with what it says about the request body. */
export function specOperations(app: FastifyInstance): SpecOperation[] {
  const spec = app.swagger() as OpenApi;
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => HTTP_METHODS.includes(m))
      .map(([m, op]) => ({
        key: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase(),
        path,
        jsonBody: op.requestBody?.content?.['application/json']?.schema ?? null,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
  );
}

/** Every (method, path) of the OpenAPI document, e.g. "POST /api/projects/{id}/publish/". */
export function specRoutes(app: FastifyInstance): string[] {
  return specOperations(app).map((op) => op.key);
}

/**
 * Every route the router holds, read from `printRoutes()`: a radix tree whose segments
 * concatenate to the full path ("├── seg (GET, HEAD)", four columns per level). Keys use the
 * OpenAPI document's `{param}` form, e.g. "GET /api/projects/{id}/events/".
 */
export function routerRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const m = /^(.*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack.push(path);
    for (const method of (m[3] ?? '').split(', ').filter(Boolean))
      found.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
  }
  return found;
}
