import { describe, expect, it } from 'vitest';
import {
  editorTarget,
  ownerFields,
  projectDetailPath,
  saveParams,
  savePath,
  targetKey,
  viewQuery,
} from '../src/features/editor/editor-target';

const P = 'p 1';

describe('editor routes → view query', () => {
  it('asks for the homepage with no query', () => {
    expect(viewQuery(editorTarget('homepage', { id: P }))).toEqual({});
  });

  it('qualifies a slug with is_service_page', () => {
    expect(viewQuery(editorTarget('page', { id: P, slug: 'about-us' }))).toEqual({
      slug: 'about-us',
      is_service_page: false,
    });
    expect(viewQuery(editorTarget('service', { id: P, slug: 'roof-repair' }))).toEqual({
      slug: 'roof-repair',
      is_service_page: true,
    });
  });

  it('asks for a city by its id', () => {
    expect(viewQuery(editorTarget('city', { id: P, cityId: 'c1' }))).toEqual({ city_id: 'c1' });
  });

  it("asks for a city's page for one service by the city and the service", () => {
    const target = editorTarget('service-city', { id: P, cityId: 'c1', service: 'roof-repair' });
    expect(viewQuery(target)).toEqual({ city_id: 'c1', service: 'roof-repair' });
  });

  it('keys each target apart', () => {
    const keys = [
      editorTarget('homepage', { id: P }),
      editorTarget('page', { id: P, slug: 'a' }),
      editorTarget('service', { id: P, slug: 'a' }),
      editorTarget('city', { id: P, cityId: 'a' }),
      editorTarget('service-city', { id: P, cityId: 'a', service: 'roof-repair' }),
      editorTarget('service-city', { id: P, cityId: 'a', service: 'gutter-cleaning' }),
    ].map(targetKey);
    expect(new Set(keys).size).toBe(6);
  });
});

describe('save and owner fields', () => {
  it('saves pages under their page id and cities under the city', () => {
    expect(savePath(editorTarget('homepage', { id: P }), 'pg/1')).toBe(
      '/project/p%201/save/pg%2F1/',
    );
    expect(savePath(editorTarget('service', { id: P, slug: 's' }), 'pg')).toBe(
      '/project/p%201/save/pg/',
    );
    expect(savePath(editorTarget('city', { id: P, cityId: 'c1' }), 'ignored')).toBe(
      '/project/p%201/city/c1/save/',
    );
  });

  it('names the page or the city in regenerate and version calls', () => {
    expect(ownerFields(editorTarget('page', { id: P, slug: 's' }), 'pg')).toEqual({
      page_id: 'pg',
    });
    expect(ownerFields(editorTarget('city', { id: P, cityId: 'c1' }), 'pg')).toEqual({
      city_id: 'c1',
    });
    const serviceCity = editorTarget('service-city', { id: P, cityId: 'c1', service: 'roofs' });
    expect(ownerFields(serviceCity, 'pg')).toEqual({ city_id: 'c1', service: 'roofs' });
  });

  it("saves a city's page for one service under the city, naming the service", () => {
    const target = editorTarget('service-city', { id: P, cityId: 'c1', service: 'roofs' });
    expect(savePath(target, 'ignored')).toBe('/project/p%201/city/c1/save/');
    expect(saveParams(target, 'ignored')).toMatchObject({ query: { service: 'roofs' } });
    expect(saveParams(editorTarget('city', { id: P, cityId: 'c1' }), 'x')).toMatchObject({
      query: {},
    });
  });

  it('links back to the project detail', () => {
    expect(projectDetailPath(P)).toBe('/project/p%201/detail');
  });
});
