import { describe, expect, it } from 'vitest';
import { UPLOAD_DEFAULT_MODEL } from '@cityforge/shared';
import type { TAiModel } from '@cityforge/shared';
import {
  findLocation,
  locationSitePath,
  locationTitle,
  resolveLocationSlugs,
} from '../src/features/previews/location-tree';
import {
  editorPath,
  previewPath,
  siteHrefToPreviewRoute,
  siteHrefToTarget,
} from '../src/features/previews/site-links';
import { uploadDefaultModel } from '../src/lib/ai-models';
import { locationPreviewLinks, similarityText } from '../src/features/projects/structure';
import { makeDetail } from './project-factory';

const { states } = makeDetail();

describe('/states paths → location previews, through the detail tree', () => {
  const route = (href: string) => siteHrefToPreviewRoute('p1', href, { states });

  it('maps the states index, a state, a county and a city', () => {
    expect(route('/states')).toBe('/project/p1/states');
    expect(route('/states/')).toBe('/project/p1/states');
    expect(route('/states/texas')).toBe('/project/p1/counties/tx');
    expect(route('/states/texas/harris-county')).toBe('/project/p1/cities/harris');
    expect(route('/states/texas/harris-county/houston')).toBe('/project/p1/city/c1');
    expect(route('/states/texas/travis-county/austin/')).toBe('/project/p1/city/c3');
    expect(route('/states/texas/harris-county/pasadena#faq')).toBe('/project/p1/city/c2');
  });

  it("maps a city in its county's overflow folder (a county past 49,744 cities)", () => {
    expect(route('/states/texas/harris-county/3f/houston')).toBe('/project/p1/city/c1');
    expect(route('/states/texas/harris-county/zz/houston')).toBeNull();
    expect(route('/states/texas/harris-county/3f/austin')).toBeNull();
  });

  it("maps a city's page for a service it offers, and not one it does not", () => {
    const houston = states[0]!.counties[0]!.cities[0]!;
    const roofs = { id: 's1', service: 'Roof Repair', slug: 'roof-repair', status: 'Completed' };
    const withService = states.map((s) => ({
      ...s,
      counties: s.counties.map((c) => ({
        ...c,
        cities: c.cities.map((city) =>
          city.id === houston.id
            ? { ...city, servicePages: [{ ...roofs, verdict: 'passes' as const }] }
            : city,
        ),
      })),
    }));
    const to = (href: string) => siteHrefToPreviewRoute('p1', href, { states: withService });
    const preview = '/project/p1/city/c1/service/roof-repair';
    expect(to('/states/texas/harris-county/houston/roof-repair')).toBe(preview);
    expect(to('/states/texas/harris-county/3f/houston/roof-repair')).toBe(preview);
    expect(to('/states/texas/harris-county/houston/gutter-cleaning')).toBeNull();
    expect(to('/states/texas/harris-county/pasadena/roof-repair')).toBeNull();
    const target = { kind: 'service-city', cityId: 'c1', service: 'roof-repair' } as const;
    expect(previewPath('p1', target)).toBe(preview);
    expect(editorPath('p1', target)).toBe(`/projects/p1/city/c1/service/roof-repair/edit`);
    const place = findLocation(withService, target)!;
    expect(locationTitle(target, place)).toBe('Roof Repair in Houston, TX');
    expect(locationSitePath(place)).toBe('/states/texas/harris-county/houston/roof-repair');
    expect(findLocation(withService, { ...target, service: 'gutter-cleaning' })).toBeNull();
  });

  it('matches slugs without regard to case or escapes', () => {
    expect(route('/states/Texas/HARRIS-county')).toBe('/project/p1/cities/harris');
    expect(route('/states/%74exas')).toBe('/project/p1/counties/tx');
  });

  it('answers null for places the project does not have', () => {
    for (const href of [
      '/states/ohio',
      '/states/texas/travis',
      '/states/texas/harris-county/austin',
      '/states/texas/travis-county/austin/78701',
    ]) {
      expect(route(href), href).toBeNull();
    }
  });

  it('cannot resolve location paths without the tree', () => {
    expect(siteHrefToTarget('/states/texas')).toBeNull();
    expect(siteHrefToTarget('/states')).toEqual({ kind: 'states' });
  });

  it('leaves the other pages as they were', () => {
    expect(route('/about-us')).toBe('/project/p1/page/about-us');
    expect(route('/services/repairs')).toBe('/project/p1/service/repairs');
    expect(route('/#faq')).toBe('/project/p1/homepage');
  });

  it('sends hash links to the homepage on the state and county pages only', () => {
    expect(siteHrefToPreviewRoute('p1', '#faq', { states, hashToHomepage: true })).toBe(
      '/project/p1/homepage',
    );
    expect(siteHrefToPreviewRoute('p1', '#faq', { states })).toBeNull();
  });
});

describe('location routes', () => {
  it('builds preview routes by id, escaping them', () => {
    expect(previewPath('p1', { kind: 'counties', stateId: 'tx' })).toBe('/project/p1/counties/tx');
    expect(previewPath('p1', { kind: 'cities', countyId: 'a/b' })).toBe('/project/p1/cities/a%2Fb');
    expect(previewPath('p1', { kind: 'city', cityId: 'c1' })).toBe('/project/p1/city/c1');
  });

  it('offers the editor for city pages only', () => {
    expect(editorPath('p1', { kind: 'city', cityId: 'c1' })).toBe('/projects/p1/city/c1/edit');
    expect(editorPath('p1', { kind: 'counties', stateId: 'tx' })).toBeNull();
    expect(editorPath('p1', { kind: 'cities', countyId: 'harris' })).toBeNull();
  });

  it('matches the project detail links', () => {
    const links = locationPreviewLinks('p1');
    expect(links.states).toBe(previewPath('p1', { kind: 'states' }));
    expect(links.state('tx')).toBe(previewPath('p1', { kind: 'counties', stateId: 'tx' }));
    expect(links.county('harris')).toBe(previewPath('p1', { kind: 'cities', countyId: 'harris' }));
  });
});

describe('places in the tree', () => {
  it('finds a target and names it', () => {
    const city = findLocation(states, { kind: 'city', cityId: 'c3' });
    expect(city?.city?.name).toBe('Austin');
    expect(locationSitePath(city!)).toBe('/states/texas/travis-county/austin');
    expect(locationTitle({ kind: 'city', cityId: 'c3' }, city)).toBe('Austin, TX');

    const county = findLocation(states, { kind: 'cities', countyId: 'harris' });
    expect(locationSitePath(county!)).toBe('/states/texas/harris-county');
    expect(locationTitle({ kind: 'cities', countyId: 'harris' }, county)).toBe('Harris, Texas');

    const state = findLocation(states, { kind: 'counties', stateId: 'tx' });
    expect(locationTitle({ kind: 'counties', stateId: 'tx' }, state)).toBe('Texas');
    expect(locationSitePath(findLocation(states, { kind: 'states' })!)).toBe('/states');
  });

  it('answers null for unknown ids, with a generic title', () => {
    expect(findLocation(states, { kind: 'city', cityId: 'nope' })).toBeNull();
    expect(locationTitle({ kind: 'city', cityId: 'nope' }, null)).toBe('City');
    expect(resolveLocationSlugs(states, [])).toBeNull();
  });
});

describe('similar city pages', () => {
  it('shows the score as a whole percentage once scored', () => {
    expect(similarityText({ similarity: 0.38 })).toBe('38% similar');
    expect(similarityText({ similarity: 0.625 })).toBe('63% similar');
    expect(similarityText({ similarity: 0 })).toBe('0% similar');
    expect(similarityText({ similarity: null })).toBeNull();
  });
});

describe('the model the upload preselects', () => {
  const model = (id: string, available: boolean): TAiModel => ({
    id,
    name: id,
    provider: id === 'offline-draft' ? 'offline' : 'openrouter',
    available,
  });

  it('is Claude 3.7 Sonnet when usable, else the first usable model, else none', () => {
    expect(
      uploadDefaultModel([model('offline-draft', true), model(UPLOAD_DEFAULT_MODEL, true)]),
    ).toBe(UPLOAD_DEFAULT_MODEL);
    expect(
      uploadDefaultModel([model(UPLOAD_DEFAULT_MODEL, false), model('offline-draft', true)]),
    ).toBe('offline-draft');
    expect(uploadDefaultModel([model(UPLOAD_DEFAULT_MODEL, false)])).toBe('');
    expect(uploadDefaultModel([])).toBe('');
  });
});
