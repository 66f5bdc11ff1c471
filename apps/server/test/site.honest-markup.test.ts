import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAGE_STATUS, type TCityFact } from '@cityforge/shared';
import { textBlocks } from '@cityforge/shared/html';
import { solidPng } from '@cityforge/fakes/openai';
import { cities } from '../src/db/schema/index.ts';
import { unstatedFacts } from '../src/modules/locations/fact-text.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { addCity, addFacts } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { http } from './helpers/http.ts';
import { folderOf, siteProject, validateHtml } from './helpers/publishing.ts';
import { unzip } from './helpers/zip.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get, post } = http(() => t);

/** What a business may well say of itself, and must never mark up as a review of itself. */
const FACTS: TCityFact[] = [
  { name: 'Jobs completed', value: '142' },
  { name: 'Average rating', value: '4.9' },
  { name: 'Google reviews', value: '87' },
  { name: 'Customer review', value: 'Came the same afternoon and fixed it for good.' },
  { name: 'Reviewer name', value: 'Maria G.' },
  {
    name: 'Testimonial',
    value: '“Honest price, tidy work, and they called back when they said they would.” — Tom R.',
  },
];

const OWN_TITLE = 'Kyle Water Heaters & Drains | Lone Star Plumbing';
const OWN_DESCRIPTION =
  'Lone Star Plumbing in Kyle, TX: 142 jobs done here, a crew that calls back.';

type Json = Record<string, unknown>;
const jsonLd = (html: string): Json[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Json,
  );

/** Every @type and every key anywhere in a structured-data document, and its strings. */
function walk(
  value: unknown,
  out = { types: [] as string[], keys: [] as string[], strings: [] as string[] },
) {
  if (Array.isArray(value)) value.forEach((v) => walk(v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.keys.push(k);
      if (k === '@type' && typeof v === 'string') out.types.push(v);
      walk(v, out);
    }
  else if (typeof value === 'string') out.strings.push(value);
  return out;
}

/** A project written on the offline model, and Kyle: its facts, its photo, its own title. */
async function kyleSite() {
  const u = await siteProject(t, { token: null });
  await t.ctx.repos.projectsRepo.update(u.id, { clientDomain: 'lonestar.test' });
  const photo = `${randomUUID()}.png`;
  const bytes = solidPng(8, 6, [200, 120, 40]);
  await t.ctx.modules.images.files.save(photo, bytes, 'image/png');
  const { city: kyle } = await addCity(t, u.id, {
    name: 'Kyle',
    county: 'Hays County',
    state: 'TX',
    stateName: 'Texas',
    status: PAGE_STATUS.failed,
    zips: ['78640'],
  });
  await t.ctx.db
    .update(cities)
    .set({
      photoUrl: 'https://photos.example/kyle.png',
      photoKey: `images/${photo}`,
      pageTitle: OWN_TITLE,
      metaDescription: OWN_DESCRIPTION,
    })
    .where(eq(cities.id, kyle.id));
  await addFacts(t, kyle, FACTS);
  // Buda has a meta template of the owner's, with a tag of its own; the sheet gives a title.
  const { city: buda } = await addCity(t, u.id, {
    name: 'Buda',
    county: 'Hays County',
    state: 'TX',
    stateName: 'Texas',
    status: PAGE_STATUS.failed,
    zips: ['78610'],
  });
  await t.ctx.db
    .update(cities)
    .set({
      metaTemplate:
        '<title>{city} plumbers</title>\n<meta name="description" content="Plumbing in {city}, {state_id}.">\n<meta name="theme-color" content="#114477">',
      pageTitle: 'Buda’s own plumbers',
    })
    .where(eq(cities.id, buda.id));
  const retry = await post(`/api/projects/${u.id}/retry/`, u.headers);
  expect(retry.statusCode, retry.body).toBe(200);
  await settled(t, u.id, u.headers);
  return { ...u, kyle, buda, photo, bytes };
}

describe('the structured data of a built site', () => {
  it('never marks the business’s own praise up as a review, and states no fact the page does not show', async () => {
    const u = await kyleSite();
    const res = await get(`/api/projects/${u.id}/download-site/`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    const files = await unzip(res.rawPayload);
    const pages = [...files.keys()].filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(10);
    let documents = 0;
    for (const file of pages) {
      const html = files.get(file)!.toString('utf8');
      const shown = textBlocks(html).map((b) => b.text);
      for (const data of jsonLd(html)) {
        documents += 1;
        const { types, keys, strings } = walk(data);
        expect(types, file).not.toContain('Review');
        expect(types, file).not.toContain('AggregateRating');
        expect(types, file).not.toContain('Rating');
        expect(keys, file).not.toContain('review');
        expect(keys, file).not.toContain('aggregateRating');
        // A fact in the markup is one the page shows.
        for (const fact of FACTS)
          if (!unstatedFacts(strings, [fact]).length)
            expect(unstatedFacts(shown, [fact]), `${file}: ${fact.name}`).toEqual([]);
      }
    }
    expect(documents).toBeGreaterThan(pages.length);

    const kyle = files.get('/states/texas/hays-county/kyle.html')!.toString('utf8');
    // The customers' words are on the page, as quotations.
    expect(kyle).toContain(
      '<blockquote><p>Came the same afternoon and fixed it for good.</p></blockquote><figcaption>&mdash; <cite>Maria G.</cite></figcaption>',
    );
    expect(kyle).toContain('<cite>Tom R.</cite>');
    // The photo: on the page with its alt text, in the site, and the page's image.
    const src = `/images/${u.photo}`;
    expect(kyle).toContain(
      `<figure class="place-photo"><img src="${src}" alt="Plumbing in Kyle, TX" loading="eager" decoding="async"></figure>`,
    );
    expect(files.get(src)!.equals(u.bytes)).toBe(true);
    const service = jsonLd(kyle).find((d) => d['@type'] === 'Service')!;
    expect(service.image).toBe(`https://lonestar.test${src}`);
    expect(kyle).toContain(`<meta property="og:image" content="https://lonestar.test${src}">`);
    // The sheet's own title and description, over the model's.
    expect(kyle).toContain('<title>Kyle Water Heaters &amp; Drains | Lone Star Plumbing</title>');
    expect(kyle).toContain(`<meta name="description" content="${OWN_DESCRIPTION}">`);
    expect(kyle).toContain(
      '<meta property="og:title" content="Kyle Water Heaters &amp; Drains | Lone Star Plumbing">',
    );
    expect(service.description).toBe(OWN_DESCRIPTION);
    // Over a template of the owner's: its other tags stay.
    const buda = files.get('/states/texas/hays-county/buda.html')!.toString('utf8');
    expect(buda).toContain('<title>Buda’s own plumbers</title>');
    expect(buda).toContain('<meta name="description" content="Plumbing in Buda, TX.">');
    expect(buda).toContain('<meta name="theme-color" content="#114477">');
    expect(buda.match(/<title>/g)).toHaveLength(1);
    // Pages without a photo have no image.
    expect(jsonLd(buda).find((d) => d['@type'] === 'Service')!.image).toBeUndefined();

    const dir = folderOf(
      new Map([
        ['/kyle.html', Buffer.from(kyle)],
        ['/buda.html', Buffer.from(buda)],
      ]),
    );
    try {
      expect(await validateHtml(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('drops the image once the owner takes the photo off the page', async () => {
    const u = await kyleSite();
    const preview = async () => {
      const res = await get(`/api/projects/${u.id}/zipcodes/${u.kyle.id}/`, u.headers);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { html: string }).html;
    };
    const before = await preview();
    expect(jsonLd(before).find((d) => d['@type'] === 'Service')!.image).toBe(`/images/${u.photo}`);
    const [row] = await t.ctx.db.select().from(cities).where(eq(cities.id, u.kyle.id));
    const start = row!.contentHtml!.indexOf('<figure class="place-photo">');
    const end = row!.contentHtml!.indexOf('</figure>', start) + '</figure>'.length;
    expect(start).toBeGreaterThan(0);
    await t.ctx.db
      .update(cities)
      .set({ contentHtml: row!.contentHtml!.slice(0, start) + row!.contentHtml!.slice(end) })
      .where(eq(cities.id, u.kyle.id));
    const after = await preview();
    expect(after).not.toContain(u.photo);
    expect(jsonLd(after).find((d) => d['@type'] === 'Service')!.image).toBeUndefined();
  });
});
