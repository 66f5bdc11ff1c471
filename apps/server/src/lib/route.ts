import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { EndpointDef } from '@cityforge/shared';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The Fastify schema a contract stands for; the handler's request and reply types follow it. */
type SchemaOf<E extends EndpointDef> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: E['responses'];
};

export type ContractHandler<E extends EndpointDef> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route adds to its contract: hooks, limits, and the docs-only parts of the schema. */
export type ContractRouteOptions = Omit<RouteShorthandOptions, 'schema'> & {
  schema?: Pick<FastifySchema, 'tags' | 'summary' | 'description' | 'hide' | 'security'>;
};

/**
 * Registers a route from its shared contract, so the method, the path and the schemas that
 * validate it and make /api/docs are the ones the web client is typed from.
 */
export function route<E extends EndpointDef>(
  app: ZodApp,
  endpoint: E,
  options: ContractRouteOptions,
  handler: ContractHandler<E>,
): void {
  const { schema: docs, ...rest } = options;
  const schema: FastifySchema = { ...docs };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (Object.keys(endpoint.responses).length) schema.response = endpoint.responses;
  app.route({
    ...rest,
    method: endpoint.method,
    url: endpoint.path,
    schema,
    handler: handler as RouteHandlerMethod,
  });
}
