import { describe, expect, it } from 'vitest';
import * as shared from '../src/index.ts';
import { endpointPath, type EndpointDef } from '../src/index.ts';

/** Every contract the package exports, from the `…Api` groups. */
const contracts = Object.entries(shared)
  .filter(([name]) => name.endsWith('Api'))
  .flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, EndpointDef>).map(
      ([name, endpoint]) => [`${group}.${name}`, endpoint] as const,
    ),
  );

describe('endpoint contracts', () => {
  it('fills placeholders from params, encoded, and refuses a missing one', () => {
    expect(endpointPath('/api/projects/:id/page/:pageId/', { id: 'p 1', pageId: 'a/b' })).toBe(
      '/api/projects/p%201/page/a%2Fb/',
    );
    expect(() => endpointPath('/api/projects/:id/', {})).toThrow(/id/);
  });

  it('name every path placeholder in their params schema, and nothing else', () => {
    expect(contracts.length).toBeGreaterThan(60);
    for (const [name, endpoint] of contracts) {
      const placeholders = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const shape = (endpoint.params as { shape?: Record<string, unknown> } | undefined)?.shape;
      expect(Object.keys(shape ?? {}).sort(), name).toEqual(placeholders);
    }
  });

  it('are unique by method and path', () => {
    const keys = contracts.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
