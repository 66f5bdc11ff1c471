import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One endpoint as both sides see it: the server registers its route from this (method, path
 * and the schemas its validation and /api/docs come from), the web client types its call.
 * Paths use Fastify's `:name` placeholders, filled from `params`.
 */
export interface EndpointDef {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A multipart form instead of a JSON body: the server reads the parts itself and checks
   * the text fields with this schema; Fastify never sees it, so it is not in the docs.
   */
  form?: z.ZodType;
  /** Answers by status; none for a file or a stream, whose body is not JSON. */
  responses: Partial<Record<number, z.ZodType>>;
}

/** Keeps the literal types of a contract (method, path, each schema) for both sides. */
export function defineEndpoint<const E extends EndpointDef>(endpoint: E): E {
  return endpoint;
}

/** The `{data: …}` envelope most project answers come in. */
export function ZData<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

type SuccessStatus = 200 | 201 | 202 | 204;

/** What a successful call answers: any of the contract's 2xx bodies. */
export type EndpointAnswer<E extends EndpointDef> = {
  [K in keyof E['responses'] & SuccessStatus]: E['responses'][K] extends z.ZodType
    ? z.output<E['responses'][K]>
    : never;
}[keyof E['responses'] & SuccessStatus];

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: the path's params, the query and the JSON body (or form data). */
export type EndpointInput<E extends EndpointDef> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: Input<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType
    ? { body: Input<E['body']> }
    : E['form'] extends z.ZodType
      ? { body: FormData }
      : { body?: never });

/** The path with its `:name` placeholders filled, each value URL-encoded. */
export function endpointPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
