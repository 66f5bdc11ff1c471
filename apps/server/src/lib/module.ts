import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** One route plugin with the options its module wired, ready for the app to register. */
export type ModuleRoute = { register(app: FastifyInstance): Promise<unknown> };

export function route<O extends FastifyPluginOptions>(
  plugin: FastifyPluginAsyncZod<O> | FastifyPluginAsync<O>,
  options: O,
): ModuleRoute & { plugin: typeof plugin; options: O } {
  return {
    plugin,
    options,
    register: async (app) => app.register(plugin as FastifyPluginAsync<O>, options),
  };
}
