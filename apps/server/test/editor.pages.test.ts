import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { editorApi, previewHtml, saveBody, viewOf, withHeading } from './helpers/editor.ts';
import { detailOf } from './helpers/generation.ts';
import { citiesOf } from './helpers/locations.ts';
import { siteProject } from './helpers/publishing.ts';

let t: TestApp;
let site: Awaited<ReturnType<typeof siteProject>>;
beforeAll(async () => {
  t = await createTestApp();
  site = await siteProject(t, { token: null });
});
afterAll(() => t.close());

const api = editorApi(() => t);
const TRACKING_HEAD = '<script async src="https://stats.example/t.js"></script>';

async function pageIds() {
  const detail = await detailOf(t, site.id, site.headers);
  const austin = citiesOf(detail).find((c) => c.name === 'Austin')!;
  return { detail, austin };
}

describe('the editor view', () => {
  it('answers the homepage as the site shows it, without any script or tracking code', async () => {
    const view = await viewOf(t, site.id, site.headers);
    const { detail } = await pageIds();
    expect(view.page.id).toBe(detail.pages.find((p) => p.slug === 'homepage')!.id);
    expect(view).toMatchObject({ kind: 'homepage', name: 'Homepage', is_service_page: false });
    expect(view.project.trackingCodeHead).toBe(TRACKING_HEAD);
    expect(view.page.meta_tags).toContain('<title>');
    const html = view.page.complete_html;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`<main id="main">${view.page.content_html}</main>`);
    expect(html).toContain('<style>');
    expect(html).toContain('class="site-header"');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('stats.example');
  });

  it('finds main and service pages by slug and city pages by id, with their kind and name', async () => {
    const { detail, austin } = await pageIds();
    const about = await viewOf(t, site.id, site.headers, { slug: 'about-us' });
    expect(about).toMatchObject({ kind: 'main', name: 'About Us', is_service_page: false });
    const service = detail.servicePages[0]!;
    const bySlug = await viewOf(t, site.id, site.headers, {
      slug: service.slug,
      is_service_page: 'true',
    });
    expect(bySlug).toMatchObject({ kind: 'service', is_service_page: true });
    expect(bySlug.page.id).toBe(service.id);
    const byId = await viewOf(t, site.id, site.headers, { page_id: service.id });
    expect(byId.page.content_html).toBe(bySlug.page.content_html);

    const city = await viewOf(t, site.id, site.headers, { city_id: austin.id });
    expect(city).toMatchObject({ kind: 'city', name: 'Austin, TX', is_service_page: false });
    expect(city.page.id).toBe(austin.id);
    expect(city.page.complete_html).toContain('aria-label="Breadcrumb"');
    expect(city.page.complete_html).not.toMatch(/<script/i);
  });

  it('answers 404 for a page or city that is not there', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const page = await api.view(site.id, site.headers, { page_id: missing });
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe('Page not found.');
    const city = await api.view(site.id, site.headers, { city_id: missing });
    expect(city.statusCode).toBe(404);
    expect(city.json().message).toBe('City not found.');
    expect((await api.view(site.id, site.headers, { slug: 'nope' })).statusCode).toBe(404);
  });
});

describe('saving from the editor', () => {
  it('saves the homepage, keeps the original and numbered versions, newest first', async () => {
    const before = await viewOf(t, site.id, site.headers);
    const original = before.page.content_html;
    const edited = withHeading(original, 'Plumbers you can call at midnight');
    const res = await api.save(site.id, before.page.id, site.headers, {
      ...saveBody(before, { content_html: edited }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.pageSaved });

    const after = await viewOf(t, site.id, site.headers);
    expect(after.page.content_html).toBe(edited);
    expect(after.page.complete_html).toContain(`<main id="main">${edited}</main>`);
    expect(after.versions.map((v) => v.name)).toEqual(['Version 2', 'Original']);
    for (const v of after.versions) expect(new Date(v.created_at).toISOString()).toBe(v.created_at);

    const loaded = await api.version(site.id, site.headers, {
      version_id: after.versions[1]!.id,
      is_service_page: false,
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toEqual({
      success: true,
      html: original,
      meta_tags: before.page.meta_tags,
      message: MSG.versionLoaded,
    });

    const preview = await previewHtml(t, `/api/projects/${site.id}/homepage/`, site.headers);
    expect(preview).toContain('<h1>Plumbers you can call at midnight</h1>');

    // Saving the same page again records nothing; a new change is the next number.
    await api.save(site.id, after.page.id, site.headers, saveBody(after));
    const again = withHeading(original, 'Plumbers on call');
    await api.save(site.id, after.page.id, site.headers, saveBody(after, { content_html: again }));
    const last = await viewOf(t, site.id, site.headers);
    expect(last.versions.map((v) => v.name)).toEqual(['Version 3', 'Version 2', 'Original']);
  });

  it('saves a main page with meta tags and the project-wide tracking codes', async () => {
    const view = await viewOf(t, site.id, site.headers, { slug: 'contact-us' });
    const meta = '<title>Contact Lone Star</title>\n<meta name="description" content="Call us.">';
    const res = await api.save(site.id, view.page.id, site.headers, {
      ...saveBody(view, { content_html: withHeading(view.page.content_html, 'Reach us') }),
      meta_tags: meta,
      tracking_code_head: '<!-- head code -->',
      tracking_code_body: '<!-- body code -->',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await viewOf(t, site.id, site.headers, { slug: 'contact-us' });
    expect(after.page.meta_tags).toBe(meta);
    expect(after.project).toEqual({
      trackingCodeHead: '<!-- head code -->',
      trackingCodeBody: '<!-- body code -->',
    });
    const preview = await previewHtml(
      t,
      `/api/projects/${site.id}/page/${view.page.id}/`,
      site.headers,
    );
    expect(preview).toContain('<title>Contact Lone Star</title>');
    expect(preview).toContain('<h1>Reach us</h1>');
    expect(preview).toContain('<!-- head code -->');
    await t.ctx.repos.projectsRepo.update(site.id, { trackingCodeHead: TRACKING_HEAD });
  });

  it('saves a service page and ignores tracking codes sent from it', async () => {
    const { detail } = await pageIds();
    const service = detail.servicePages[1]!;
    const view = await viewOf(t, site.id, site.headers, { page_id: service.id });
    const edited = withHeading(view.page.content_html, 'Drains cleared the same day');
    const res = await api.save(site.id, service.id, site.headers, {
      ...saveBody(view, { content_html: edited }),
      tracking_code_head: '<script>steal()</script>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await viewOf(t, site.id, site.headers, { page_id: service.id });
    expect(after.page.content_html).toBe(edited);
    expect(after.project.trackingCodeHead).toBe(TRACKING_HEAD);
    expect(after.versions.map((v) => v.name)).toEqual(['Version 2', 'Original']);
    const preview = await previewHtml(
      t,
      `/api/projects/${site.id}/page/${service.id}/`,
      site.headers,
    );
    expect(preview).toContain('<h1>Drains cleared the same day</h1>');
  });

  it('saves a city page; its versions load by city id', async () => {
    const { austin } = await pageIds();
    const view = await viewOf(t, site.id, site.headers, { city_id: austin.id });
    const edited = withHeading(view.page.content_html, 'Austin plumbers, day and night');
    const res = await api.saveCity(site.id, austin.id, site.headers, {
      ...saveBody(view, { content_html: edited }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await viewOf(t, site.id, site.headers, { city_id: austin.id });
    expect(after.page.content_html).toBe(edited);
    const [newest, original] = after.versions;
    expect(after.versions.map((v) => v.name)).toEqual(['Version 2', 'Original']);

    const load = (version: string, ids: Record<string, string>) =>
      api.version(site.id, site.headers, { version_id: version, ...ids });
    expect((await load(original!.id, { city_id: austin.id })).json().html).toBe(
      view.page.content_html,
    );
    expect((await load(newest!.id, { city_id: austin.id })).json().html).toBe(edited);
    // The version belongs to the city: asked as the homepage's, it is not found.
    const wrong = await load(original!.id, {});
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(MSG.versionNotFound);

    const preview = await previewHtml(
      t,
      `/api/projects/${site.id}/zipcodes/${austin.id}/`,
      site.headers,
    );
    expect(preview).toContain('<h1>Austin plumbers, day and night</h1>');
  });

  it('takes a page of nearly two megabytes in one save (past the global JSON limit)', async () => {
    const view = await viewOf(t, site.id, site.headers, { slug: 'services' });
    const big = `${view.page.content_html}<section class="section"><p>${'x'.repeat(900_000)}</p></section>`;
    const res = await api.save(site.id, view.page.id, site.headers, {
      ...saveBody(view, { content_html: big }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await viewOf(t, site.id, site.headers, { slug: 'services' });
    expect(after.page.content_html).toBe(big);
  });
});
