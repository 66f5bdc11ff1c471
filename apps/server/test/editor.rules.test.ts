import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import { buildSite } from '../src/modules/publishing/site-build.ts';
import { createSiteOutput } from '../src/modules/publishing/site-output.ts';
import { MAX_VERSIONS } from '../src/modules/pages/versions.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  editorApi,
  faqPageOf,
  previewHtml,
  saveBody,
  viewOf,
  withHeading,
} from './helpers/editor.ts';
import { addCity, addPage, createProject, signedInUser } from './helpers/factories.ts';
import { citiesOf } from './helpers/locations.ts';
import { detailOf } from './helpers/generation.ts';
import { siteProject } from './helpers/publishing.ts';

let t: TestApp;
let site: Awaited<ReturnType<typeof siteProject>>;
beforeAll(async () => {
  t = await createTestApp();
  site = await siteProject(t, { token: null });
});
afterAll(() => t.close());

const api = editorApi(() => t);
const FAQ_SECTION = /<section class="[^"]*" id="faq">[\s\S]*?<\/section>/;

/** The homepage of the published build, read from a real build into a temporary folder. */
async function publishedHomepage(): Promise<string> {
  const project = (await t.ctx.repos.projectsRepo.findById(site.id))!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-editor-'));
  try {
    const out = createSiteOutput(dir);
    await buildSite({
      project,
      siteUrl: 'https://lonestar.test',
      repo: t.ctx.repos.publishingRepo,
      images: t.ctx.modules.images.files,
      out,
    });
    await out.flush();
    return fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('FAQ structured data follows the edited page', () => {
  it('drops FAQPage when the FAQ section is removed, in the preview and the published build', async () => {
    const home = `/api/projects/${site.id}/homepage/`;
    const view = await viewOf(t, site.id, site.headers);
    expect(view.page.content_html).toMatch(FAQ_SECTION);
    const generated = faqPageOf(await previewHtml(t, home, site.headers));
    expect(generated?.mainEntity.length).toBeGreaterThan(0);
    expect(faqPageOf(await publishedHomepage())).toEqual(generated);

    const res = await api.save(site.id, view.page.id, site.headers, {
      ...saveBody(view, { content_html: view.page.content_html.replace(FAQ_SECTION, '') }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(faqPageOf(await previewHtml(t, home, site.headers))).toBeUndefined();
    expect(faqPageOf(await publishedHomepage())).toBeUndefined();
  });

  it('carries an edited question into the JSON-LD of a city page', async () => {
    const austin = citiesOf(await detailOf(t, site.id, site.headers)).find(
      (c) => c.name === 'Austin',
    )!;
    const url = `/api/projects/${site.id}/zipcodes/${austin.id}/`;
    const view = await viewOf(t, site.id, site.headers, { city_id: austin.id });
    const before = faqPageOf(await previewHtml(t, url, site.headers))!;
    const edited = view.page.content_html.replace(
      /<summary>[^<]*<\/summary>/,
      '<summary>Do you serve <b>78702</b> &amp; East Austin?</summary>',
    );
    expect(edited).not.toBe(view.page.content_html);
    await api.saveCity(site.id, austin.id, site.headers, saveBody(view, { content_html: edited }));
    const after = faqPageOf(await previewHtml(t, url, site.headers))!;
    expect(after.mainEntity[0]!.name).toBe('Do you serve 78702 & East Austin?');
    expect(after.mainEntity[0]!.acceptedAnswer).toEqual(before.mainEntity[0]!.acceptedAnswer);
    expect(after.mainEntity.slice(1)).toEqual(before.mainEntity.slice(1));
  });
});

describe('versions', () => {
  it(`keeps at most ${MAX_VERSIONS}, dropping the oldest but never Original`, async () => {
    const view = await viewOf(t, site.id, site.headers, { slug: 'about-us' });
    for (let n = 2; n <= MAX_VERSIONS + 3; n++) {
      const content = withHeading(view.page.content_html, `About us, take ${n}`);
      const res = await api.save(
        site.id,
        view.page.id,
        site.headers,
        saveBody(view, { content_html: content }),
      );
      expect(res.statusCode).toBe(200);
    }
    const { versions } = await viewOf(t, site.id, site.headers, { slug: 'about-us' });
    expect(versions).toHaveLength(MAX_VERSIONS);
    expect(versions[0]!.name).toBe(`Version ${MAX_VERSIONS + 3}`);
    expect(versions.at(-1)!.name).toBe('Original');
    expect(versions.at(-2)!.name).toBe('Version 5');
    const times = versions.map((v) => Date.parse(v.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
  });

  it('answers 404 for an unknown version or one of another page', async () => {
    const view = await viewOf(t, site.id, site.headers, { slug: 'services' });
    const content = withHeading(view.page.content_html, 'Every service we offer');
    await api.save(site.id, view.page.id, site.headers, saveBody(view, { content_html: content }));
    const { versions } = await viewOf(t, site.id, site.headers, { slug: 'services' });
    const asHomepage = await api.version(site.id, site.headers, { version_id: versions[0]!.id });
    expect(asHomepage.statusCode).toBe(404);
    expect(asHomepage.json().message).toBe(MSG.versionNotFound);
    const unknown = await api.version(site.id, site.headers, {
      version_id: '00000000-0000-4000-8000-000000000000',
      page_id: view.page.id,
    });
    expect(unknown.statusCode).toBe(404);
    const own = await api.version(site.id, site.headers, {
      version_id: versions[0]!.id,
      page_id: view.page.id,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().html).toBe(content);
  });
});

describe('pages that cannot be edited, bad requests and other users', () => {
  it('refuses a page or city still being generated (409) and tells why a page failed', async () => {
    const u = await signedInUser(t);
    const p = await createProject(t, u.user.id);
    const writing = await addPage(t, p.id, { status: 'In progress' });
    const failed = await addPage(t, p.id, {
      slug: 'pricing',
      status: 'Failed',
      failureReason: 'OpenRouter rejected the API key.',
    });
    const { city } = await addCity(t, p.id, {
      name: 'Austin',
      county: 'Travis',
      state: 'TX',
      stateName: 'Texas',
      status: 'queued',
    });
    const body = { html: '<p>x</p>', content_html: '<p>x</p>' };
    const save = await api.save(p.id, writing.id, u.headers, body);
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toBe(MSG.pageNotWritten);
    expect((await api.saveCity(p.id, city.id, u.headers, body)).statusCode).toBe(409);
    const view = await api.view(p.id, u.headers, { page_id: failed.id });
    expect(view.statusCode).toBe(409);
    expect(view.json().message).toBe(
      'This page could not be generated: OpenRouter rejected the API key.',
    );
    expect((await api.view(p.id, u.headers, { city_id: city.id })).statusCode).toBe(409);
  });

  it('answers 400 with field errors for a bad save body', async () => {
    const view = await viewOf(t, site.id, site.headers);
    const res = await api.save(site.id, view.page.id, site.headers, {
      html: view.page.complete_html,
      meta_tags: 7,
    } as never);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['content_html', 'meta_tags']);
  });

  it("answers 404 on every editor call for another user's project, page, city or version", async () => {
    const other = await signedInUser(t);
    const h = other.headers;
    const contact = await viewOf(t, site.id, site.headers, { slug: 'contact-us' });
    const edit = saveBody(contact, { content_html: withHeading(contact.page.content_html, 'Hi') });
    expect((await api.save(site.id, contact.page.id, site.headers, edit)).statusCode).toBe(200);
    const { versions } = await viewOf(t, site.id, site.headers, { slug: 'contact-us' });
    const austin = citiesOf(await detailOf(t, site.id, site.headers)).find(
      (c) => c.name === 'Austin',
    )!;
    const body = saveBody(contact);
    const calls = [
      api.view(site.id, h),
      api.view(site.id, h, { city_id: austin.id }),
      api.save(site.id, contact.page.id, h, body),
      api.saveCity(site.id, austin.id, h, body),
      api.version(site.id, h, { version_id: versions[0]!.id, page_id: contact.page.id }),
      api.regenerate(site.id, h, { html: '<p>x</p>', prompt: 'Shorter' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(MSG.projectNotFoundTitle);
    }
    // The owner's page under the other user's own project is not found either.
    const mine = await createProject(t, other.user.id);
    expect((await api.save(mine.id, contact.page.id, h, body)).statusCode).toBe(404);
    expect((await api.saveCity(mine.id, austin.id, h, body)).statusCode).toBe(404);
    const version = { version_id: versions[0]!.id, page_id: contact.page.id };
    expect((await api.version(mine.id, h, version)).json().message).toBe(MSG.versionNotFound);
    const rewrite = { html: '<p>x</p>', prompt: 'Shorter', page_id: contact.page.id };
    expect((await api.regenerate(mine.id, h, rewrite)).statusCode).toBe(404);
    const admin = await signedInUser(t, { superuser: true });
    expect((await api.view(site.id, admin.headers)).statusCode).toBe(200);
  });
});
