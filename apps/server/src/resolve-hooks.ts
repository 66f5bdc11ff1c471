import { registerHooks } from 'node:module';

/**
 * Node's ESM loader finds a `.js` file's format through its package scope, and reading that
 * scope parses the package's whole `exports` map again each time (an enumerable getter spread
 * per call, Node 24). drizzle-orm's map is 179 KB and it loads some 150 files: about 0.5 s of
 * every process start went to parsing the same JSON (docs/decisions.md, "Performance"). Its files
 * are all ES modules ("type": "module") naming their relative imports in full, so those
 * resolve here without the lookup; anything else takes Node's own path.
 */
const DRIZZLE = '/node_modules/drizzle-orm/';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (
      parent?.includes(DRIZZLE) &&
      parent.endsWith('.js') &&
      (specifier.startsWith('./') || specifier.startsWith('../')) &&
      specifier.endsWith('.js')
    )
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
