import { describe, expect, it } from 'vitest';
import { projectKeys } from '../src/lib/project-cache';
import {
  editorPath,
  navigateMessageHref,
  previewPath,
  siteHrefToPreviewRoute,
  siteHrefToTarget,
} from '../src/features/previews/site-links';
import {
  findSitePage,
  pageReadiness,
  sitePageEntries,
  sitePath,
} from '../src/features/previews/site-pages';
import { projectDetailKey } from '../src/lib/project-detail';
import { makeDetail } from './project-factory';

describe('site href → preview route', () => {
  const route = (href: string) => siteHrefToPreviewRoute('p1', href);

  it('maps the homepage and its sections to the homepage preview', () => {
    expect(route('/')).toBe('/project/p1/homepage');
    expect(route('/#services')).toBe('/project/p1/homepage');
    expect(route('/?utm=x#contact')).toBe('/project/p1/homepage');
    expect(route('/homepage')).toBe('/project/p1/homepage');
  });

  it('maps main pages by slug', () => {
    expect(route('/about-us')).toBe('/project/p1/page/about-us');
    expect(route('/about-us/')).toBe('/project/p1/page/about-us');
    expect(route('/about-us#team')).toBe('/project/p1/page/about-us');
    expect(route('/contact?ref=nav')).toBe('/project/p1/page/contact');
  });

  it('maps service pages', () => {
    expect(route('/services/roof-repair')).toBe('/project/p1/service/roof-repair');
    expect(route('/services/roof-repair/')).toBe('/project/p1/service/roof-repair');
  });

  it('maps the states index', () => {
    expect(route('/states')).toBe('/project/p1/states');
  });

  it('re-encodes slugs for the app route', () => {
    expect(route('/caf%C3%A9')).toBe('/project/p1/page/caf%C3%A9');
    expect(route('/a b')).toBe('/project/p1/page/a%20b');
    expect(siteHrefToPreviewRoute('id/x', '/')).toBe('/project/id%2Fx/homepage');
  });

  it('refuses what is not a site-internal page', () => {
    for (const href of [
      '',
      '#top',
      'about-us',
      'https://example.com/',
      '//example.com/about',
      '/\\example.com',
      'javascript:alert(1)',
      'mailto:a@b.c',
      '/services',
      '/services/a/b',
      '/texas/travis/austin',
      '/%E0%A4%A',
      '/%20',
    ]) {
      expect(route(href), href).toBeNull();
    }
  });

  it('resolves dot segments before mapping', () => {
    expect(siteHrefToTarget('/services/../about-us')).toEqual({ kind: 'page', slug: 'about-us' });
  });
});

describe('preview and editor paths', () => {
  it('builds the app routes for each page kind', () => {
    expect(previewPath('p1', { kind: 'homepage' })).toBe('/project/p1/homepage');
    expect(previewPath('p1', { kind: 'page', slug: 'about-us' })).toBe('/project/p1/page/about-us');
    expect(previewPath('p1', { kind: 'service', slug: 'repairs' })).toBe(
      '/project/p1/service/repairs',
    );
    expect(editorPath('p1', { kind: 'homepage' })).toBe('/projects/p1/edit');
    expect(editorPath('p1', { kind: 'page', slug: 'about-us' })).toBe(
      '/projects/p1/page/about-us/edit',
    );
    expect(editorPath('p1', { kind: 'service', slug: 'repairs' })).toBe(
      '/projects/p1/service/repairs/edit',
    );
    expect(editorPath('p1', { kind: 'states' })).toBeNull();
  });

  it('gives the address on the generated site', () => {
    expect(sitePath({ kind: 'homepage' })).toBe('/');
    expect(sitePath({ kind: 'page', slug: 'about-us' })).toBe('/about-us');
    expect(sitePath({ kind: 'service', slug: 'repairs' })).toBe('/services/repairs');
  });
});

describe('navigate messages', () => {
  it('reads the href of a cityforge:navigate message only', () => {
    expect(navigateMessageHref({ type: 'cityforge:navigate', href: '/about-us' })).toBe(
      '/about-us',
    );
    expect(navigateMessageHref({ type: 'other', href: '/x' })).toBeNull();
    expect(navigateMessageHref({ type: 'cityforge:navigate', href: 42 })).toBeNull();
    expect(navigateMessageHref('cityforge:navigate')).toBeNull();
    expect(navigateMessageHref(null)).toBeNull();
  });
});

describe('site pages from the project detail', () => {
  const detail = makeDetail();

  it('lists the homepage first, then main pages, then service pages', () => {
    expect(sitePageEntries(detail).map((e) => [e.target, e.group])).toEqual([
      [{ kind: 'homepage' }, 'main'],
      [{ kind: 'page', slug: 'about-us' }, 'main'],
      [{ kind: 'service', slug: 'repairs' }, 'service'],
    ]);
  });

  it('resolves slugs to pages, and unknown slugs to null', () => {
    expect(findSitePage(detail, { kind: 'homepage' })?.id).toBe('home');
    expect(findSitePage(detail, { kind: 'page', slug: 'about-us' })?.id).toBe('about');
    expect(findSitePage(detail, { kind: 'service', slug: 'repairs' })?.id).toBe('svc');
    expect(findSitePage(detail, { kind: 'page', slug: 'repairs' })).toBeNull();
    expect(findSitePage(detail, { kind: 'service', slug: 'nope' })).toBeNull();
  });

  it('tells ready, generating and failed pages apart', () => {
    const page = (status: string, failedAt: string | null = null) => ({ status, failedAt });
    expect(pageReadiness(page('Completed'))).toBe('ready');
    expect(pageReadiness(page('In progress'))).toBe('generating');
    expect(pageReadiness(page('queued'))).toBe('generating');
    expect(pageReadiness(page('Error'))).toBe('failed');
    expect(pageReadiness(page('queued', '2026-01-05T12:00:00.000Z'))).toBe('failed');
  });

  it('shares its cache entry with the projects feature', () => {
    expect(projectDetailKey('p1')).toEqual(projectKeys.detail('p1'));
  });
});
