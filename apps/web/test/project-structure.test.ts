import { describe, expect, it } from 'vitest';
import {
  applyCityRetry,
  applyPageRetry,
  cityLinks,
  countLabel,
  isHashLink,
  itemState,
  mainPageLinks,
  menuEnabledText,
  menuLinkTarget,
  pageLinksDisabled,
  retryCityIn,
  serviceCityEditPath,
  servicePageLinks,
  slugPath,
  visibleLinkNames,
  zipsText,
} from '../src/features/projects/structure';
import { makeDetail, makeLeanDetail } from './project-factory';

describe('page and city links', () => {
  it('sends the homepage to its own routes and other pages by slug', () => {
    expect(mainPageLinks('p1', { slug: 'homepage' })).toEqual({
      preview: '/project/p1/homepage',
      edit: '/projects/p1/edit',
    });
    expect(mainPageLinks('p1', { slug: 'about-us' })).toEqual({
      preview: '/project/p1/page/about-us',
      edit: '/projects/p1/page/about-us/edit',
    });
    expect(servicePageLinks('p1', { slug: 'repairs' })).toEqual({
      preview: '/project/p1/service/repairs',
      edit: '/projects/p1/service/repairs/edit',
    });
    expect(cityLinks('p1', 'c1')).toEqual({
      preview: '/project/p1/city/c1',
      edit: '/projects/p1/city/c1/edit',
    });
    expect(serviceCityEditPath('p 1', 'c1', 'roof-repair')).toBe(
      '/projects/p%201/city/c1/service/roof-repair/edit',
    );
  });

  it('shows slug paths', () => {
    expect(slugPath({ slug: 'homepage' })).toBe('/');
    expect(slugPath({ slug: 'about-us' })).toBe('/about-us');
  });
});

describe('page and city states', () => {
  it('is failed once failedAt is set, completed when done, pending otherwise', () => {
    expect(itemState({ status: 'Completed', failedAt: null })).toBe('completed');
    expect(itemState({ status: 'Completed', failedAt: '2026-01-01' })).toBe('failed');
    expect(itemState({ status: 'Error', failedAt: null })).toBe('failed');
    expect(itemState({ status: 'queued', failedAt: null })).toBe('pending');
    expect(itemState({ status: 'In Progress', failedAt: null })).toBe('pending');
  });

  it("disables a page's links while it is generated", () => {
    expect(pageLinksDisabled({ status: 'In progress' })).toBe(true);
    expect(pageLinksDisabled({ status: 'In Progress' })).toBe(true);
    expect(pageLinksDisabled({ status: 'queued' })).toBe(true);
    expect(pageLinksDisabled({ status: 'Completed' })).toBe(false);
  });

  it('labels counts and lists the first ZIPs with how many more', () => {
    expect(countLabel(1, 'city', 'cities')).toBe('1 city');
    expect(countLabel(2, 'county', 'counties')).toBe('2 counties');
    expect(zipsText({ zips: ['78701', '78702', '78703', '78704'], zipCount: 9 })).toBe(
      '78701, 78702, 78703, 78704 +5',
    );
    expect(zipsText({ zips: ['78701'], zipCount: 1 })).toBe('78701');
  });

  it('a page retry queues the page, clears its failure and puts the project In progress', () => {
    const out = applyPageRetry({ ...makeLeanDetail(), status: 'Error' }, 'about');
    expect(out.status).toBe('In progress');
    expect(out.pages[1]).toMatchObject({ status: 'queued', failedAt: null, failureReason: null });
    expect(out.pages[0]!.status).toBe('Completed');
  });

  it('a city retry sets "In Progress", clears its failure and the project follows', () => {
    const out = applyCityRetry({ ...makeLeanDetail(), status: 'Error' }, 'c2');
    expect(out.status).toBe('In progress');
    const harris = out.states[0]!.counties[0]!.cities!;
    expect(harris[1]).toMatchObject({ status: 'In Progress', failedAt: null, failureReason: null });
    expect(harris[0]!.status).toBe('Completed');
  });

  it("a big project's city retry changes the project and the county fetched for it", () => {
    const big = makeLeanDetail({ status: 'Error' }, { inline: false });
    const out = applyCityRetry(big, 'c2');
    expect(out.status).toBe('In progress');
    expect(out.states[0]!.counties.map((c) => c.cities)).toEqual([null, null]);
    const fetched = makeLeanDetail().states[0]!.counties[0]!.cities!;
    const [houston, pasadena] = retryCityIn(fetched, 'c2');
    expect(pasadena).toMatchObject({ status: 'In Progress', failedAt: null, failureReason: null });
    expect(houston).toBe(fetched[0]);
  });
});

describe('navigation menu', () => {
  const links = makeDetail().headerLinks;

  it('says how many items are enabled', () => {
    expect(menuEnabledText(links)).toBe('2 of 3 menu items enabled');
    expect(menuEnabledText([])).toBe('0 of 0 menu items enabled');
  });

  it('sends hash links to the homepage section', () => {
    expect(isHashLink('#services')).toBe(true);
    expect(isHashLink('/about-us')).toBe(false);
    expect(menuLinkTarget('p1', '#services')).toEqual({
      href: '/project/p1/homepage#services',
      label: 'Homepage #services',
    });
    expect(menuLinkTarget('p1', '/about-us')).toEqual({ href: null, label: '/about-us' });
  });

  it('posts the names of the links to show', () => {
    expect(visibleLinkNames(links)).toEqual(['Home', 'Services']);
  });
});
