import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAi, type FakeAi, type FakePageContent } from '@cityforge/fakes/openai';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { giveKeys, signedInUser } from './helpers/factories.ts';
import { detailOf } from './helpers/generation.ts';
import { http } from './helpers/http.ts';
import { citiesOf, spreadsheet, uploaded } from './helpers/locations.ts';
import { LONG, servicePagesKit } from './helpers/service-pages.ts';
import { unzip } from './helpers/zip.ts';

/**
 * A model that writes the same words for every page, whatever service and place it is asked
 * about: the doorway pages the gate is for. Over 300 words, so only the sameness holds it.
 */
const SAME_TEXT =
  'Our team brings careful workmanship and honest advice to every job we take on. We explain ' +
  'what we find before any work begins, agree the price in writing and keep the work area ' +
  'clean from start to finish. Customers tell us they value the clear communication, the ' +
  'punctual arrival and the tidy result.';
const SAME_PAGE: FakePageContent = {
  meta: { title: 'Trusted local roofing', description: 'Careful work at a fair price.' },
  hero: {
    heading: 'Trusted Local Roofing',
    subheading: 'Careful work, honest advice and a fair price on every job.',
    ctaLabel: 'Get a quote',
  },
  sections: [
    { type: 'text', heading: 'About Our Work', paragraphs: [SAME_TEXT, SAME_TEXT, SAME_TEXT] },
    {
      type: 'services',
      heading: 'What We Do',
      items: ['Roof Repair', 'Gutter Cleaning'].map((title) => ({
        title,
        description: `${title} done properly, explained first. ${SAME_TEXT}`,
      })),
    },
    {
      type: 'faq',
      heading: 'Questions',
      items: [
        { question: 'Do you give quotes before starting?', answer: SAME_TEXT },
        { question: 'Is your work guaranteed for a year?', answer: SAME_TEXT },
      ],
    },
    { type: 'cta', heading: 'Book Today', text: SAME_TEXT, buttonLabel: 'Call us' },
  ],
};

let t: TestApp;
let ai: FakeAi;
/** While set, the model answers service-city pages with no usable page (they fail). */
let refuseServiceCities = false;
const isServiceCity = (messages: Array<{ content?: unknown }>) =>
  messages.some((m) => String(m.content ?? '').includes('this page is about this one service'));
beforeAll(async () => {
  ai = await startFakeAi({
    respond: ({ messages }) =>
      refuseServiceCities && isServiceCity(messages) ? 'no page today' : JSON.stringify(SAME_PAGE),
  });
  t = await createTestApp({ OPENROUTER_BASE_URL: ai.openRouterUrl, OPENAI_BASE_URL: ai.url });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});

const { post } = http(() => t);
const { settledLong, setServicePages } = servicePagesKit(() => t);
const MODEL = 'anthropic/claude-3.7-sonnet';

describe('the quality gate on service-city pages', () => {
  it(
    'holds pages a model wrote alike: noindex, out of the sitemap, "held" in the detail',
    async () => {
      const u = await signedInUser(t, { plan: 'pro' });
      await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
      const res = await post('/api/projects/create/', u.headers, {
        name: 'High Ridge Roofing',
        serviceType: 'Roofing',
        model: MODEL,
        prompt: 'Roofers.',
        contactPhoneNumber: '(512) 555-0100',
        createServicePages: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { data: { id: string } }).data.id;
      await settledLong(id, u.headers);
      await t.ctx.repos.projectsRepo.update(id, { clientDomain: 'highridge.test' });
      await setServicePages(id, u.headers, { enabled: true, services: 'all', unlisted: 'all' });
      await uploaded(
        t,
        id,
        u.headers,
        [
          spreadsheet('csv', [
            ['City', 'State', 'County', 'ZIP'],
            ['Austin', 'TX', 'Travis', '78701'],
            ['Pflugerville', 'TX', 'Travis', '78660'],
            ['Round Rock', 'TX', 'Williamson', '78664'],
          ]),
        ],
        { model: MODEL },
      );
      await settledLong(id, u.headers);
      await t.drainQueue(QUEUES.scoreSimilarity);

      const detail = await detailOf(t, id, u.headers);
      const pages = citiesOf(detail).flatMap((c) => c.servicePages);
      expect(pages.map((p) => p.slug).sort()).toEqual([
        'gutter-cleaning',
        'gutter-cleaning',
        'gutter-cleaning',
        'roof-repair',
        'roof-repair',
        'roof-repair',
      ]);
      expect(pages.map((p) => p.verdict)).toEqual(pages.map(() => 'held'));

      const site = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${id}/download-site/`,
        headers: u.headers,
      });
      expect(site.statusCode, site.body).toBe(200);
      const files = await unzip(site.rawPayload);
      const sitemap = files.get('/sitemap.xml')!.toString();
      const path = '/states/texas/travis-county/austin/roof-repair';
      const page = files.get(`${path}.html`)!.toString();
      expect(page).toContain('<meta name="robots" content="noindex">');
      expect(sitemap).not.toContain(`${path}<`);
      expect(sitemap).not.toMatch(/\/states\/[^<]*\/(roof-repair|gutter-cleaning)<\/loc>/);
      // The service pages themselves are still there and in the sitemap.
      expect(sitemap).toContain('<loc>https://highridge.test/services/roof-repair</loc>');
    },
    LONG,
  );

  it(
    'fails a page the model cannot write, and a retry of the project writes it',
    async () => {
      const u = await signedInUser(t, { plan: 'pro' });
      await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
      const res = await post('/api/projects/create/', u.headers, {
        name: 'High Ridge Roofing',
        serviceType: 'Roofing',
        model: MODEL,
        prompt: 'Roofers.',
        createServicePages: true,
      });
      const id = (res.json() as { data: { id: string } }).data.id;
      await settledLong(id, u.headers);
      refuseServiceCities = true;
      try {
        await setServicePages(id, u.headers, { enabled: true, services: 'all', unlisted: 'all' });
        await uploaded(
          t,
          id,
          u.headers,
          [
            spreadsheet('csv', [
              ['City', 'State', 'ZIP'],
              ['Austin', 'TX', '78701'],
            ]),
          ],
          { model: MODEL },
        );
        const failed = await settledLong(id, u.headers);
        expect(failed.status).toBe('Error');
        const statuses = (d: typeof failed) =>
          citiesOf(d).flatMap((c) => c.servicePages.map((p) => p.status));
        expect(statuses(failed)).toEqual(['Failed', 'Failed']);
        // Each city page itself was written: only its service pages failed.
        expect(citiesOf(failed).map((c) => c.status)).toEqual(['Completed']);
      } finally {
        refuseServiceCities = false;
      }
      const retry = await post(`/api/projects/${id}/retry/`, u.headers);
      expect(retry.statusCode, retry.body).toBe(200);
      const done = await settledLong(id, u.headers);
      expect(done.status).toBe('Created');
      expect(citiesOf(done).flatMap((c) => c.servicePages.map((p) => p.status))).toEqual([
        'Completed',
        'Completed',
      ]);
    },
    LONG,
  );
});
