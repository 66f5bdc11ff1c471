import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MSG,
  PAGE_STATUS,
  PROJECT_STATUS,
  type TPickAnswer,
  type TProposal,
  type TVersionHtml,
} from '@cityforge/shared';
import { pageSections } from '@cityforge/shared/html';
import { startFakeAi, type FakeAi, type FakePageContent } from '@cityforge/fakes/openai';
import { cities, pageVersions } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { editorApi, saveBody, viewOf } from './helpers/editor.ts';
import { addPage, createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import { http, type Headers } from './helpers/http.ts';
import { spreadsheet, uploaded } from './helpers/locations.ts';

/**
 * Every page the fake model writes reads the same, whatever the city, so all city pages are
 * too similar; `wording` changes what it writes from one regeneration to the next. The FAQ
 * never changes, so a comparison has sections that stay the same.
 */
let wording = 'first';
function pageContent(w: string): FakePageContent {
  return {
    meta: {
      title: `Plumbing repairs done right, ${w} edition`,
      description: `Leaks, drains and water heaters fixed by a ${w} local crew that shows up on time, explains the work and cleans up before it leaves your home.`,
    },
    hero: {
      heading: 'Local plumbing you can count on',
      subheading: `Our ${w} team fixes leaks, clogged drains and broken heaters the same week you call us.`,
      ctaLabel: 'Get a quote',
    },
    sections: [
      {
        type: 'text',
        heading: 'About our crew',
        paragraphs: [
          `The ${w} crew has fixed pipes in old and new houses for many years, always with clear prices.`,
          `We explain every job before we start, and the ${w} estimate is the price you pay at the end.`,
        ],
      },
      {
        type: 'services',
        heading: 'What we fix',
        intro: `The ${w} list of repairs our plumbers handle every single week.`,
        items: [
          { title: 'Leak repair', description: `Dripping taps and burst pipes, ${w} visit.` },
          { title: 'Drain cleaning', description: `Slow sinks and blocked sewers, ${w} visit.` },
        ],
      },
      {
        type: 'faq',
        heading: 'Questions people ask',
        items: [
          { question: 'Do you charge for a quote?', answer: 'No, every quote is free of charge.' },
          { question: 'Are you insured?', answer: 'Yes, for every job we take on.' },
        ],
      },
      {
        type: 'cta',
        heading: 'Book a visit',
        text: `Call the ${w} crew today and we will find a time that suits you this week.`,
        buttonLabel: 'Call us',
      },
    ],
  };
}

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi({ respond: () => JSON.stringify(pageContent(wording)) });
  t = await createTestApp({ OPENROUTER_BASE_URL: ai.openRouterUrl, OPENAI_BASE_URL: ai.url });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});

const { get, post } = http(() => t);
const editor = editorApi(() => t);
const HEADER = ['City', 'State', 'County', 'ZIP'];
const CITIES = [
  ['Austin', 'TX', 'Travis', '78701'],
  ['Pflugerville', 'TX', 'Travis', '78660'],
  ['Round Rock', 'TX', 'Williamson', '78664'],
];
const OWNER_WORDS = 'Owner’s own words: we replaced forty water heaters on Elm Street last spring.';

/** A project whose three city pages are written, scored and all too similar. */
async function writtenProject() {
  wording = 'first';
  const u = await signedInUser(t, { plan: 'basic' });
  await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
  const project = await createProject(t, u.user.id, {
    name: 'Lone Star Plumbing',
    contactPhoneNumber: '512-555-0199',
  });
  await uploaded(t, project.id, u.headers, [spreadsheet('csv', [HEADER, ...CITIES])], {
    model: 'anthropic/claude-3.7-sonnet',
  });
  expect((await settled(t, project.id, u.headers)).status).toBe(PROJECT_STATUS.created);
  await scored(project.id);
  const rows = await cityRows(project.id);
  expect(rows.every((c) => c.similarity! > 0.5)).toBe(true);
  expect(rows).toHaveLength(3);
  const byName = Object.fromEntries(rows.map((c) => [c.name, c]));
  return { ...u, project, byName };
}

const cityRows = (projectId: string) =>
  t.ctx.db.select().from(cities).where(eq(cities.projectId, projectId));

/**
 * The project's pages scored as the product does: the scoring job is sent once the project
 * settles, so its written pages are waited on until scored, then the queue drained.
 */
async function scored(projectId: string) {
  for (let i = 0; i < 300; i++) {
    const rows = await cityRows(projectId);
    if (rows.every((c) => c.status !== PAGE_STATUS.completed || c.similarity !== null)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await t.drainQueue(QUEUES.scoreSimilarity);
}

async function cityRow(cityId: string) {
  const [row] = await t.ctx.db.select().from(cities).where(eq(cities.id, cityId));
  return row!;
}

const sectionOf = (html: string, key: string) =>
  pageSections(html).find((s) => s.key === key)?.html ?? '';

/** Saves the city page through the editor with only the About paragraph rewritten. */
async function editAbout(projectId: string, cityId: string, headers: Headers) {
  const view = await viewOf(t, projectId, headers, { city_id: cityId });
  const before = `The ${wording} crew has fixed pipes in old and new houses for many years, always with clear prices.`;
  expect(view.page.content_html).toContain(before);
  const edited = view.page.content_html.replace(before, OWNER_WORDS);
  const res = await editor.saveCity(
    projectId,
    cityId,
    headers,
    saveBody(view, { content_html: edited }),
  );
  expect(res.statusCode, res.body).toBe(200);
  // The save has the pages scored again; the edited page still reads like its siblings.
  await t.drainQueue(QUEUES.scoreSimilarity);
  expect((await cityRow(cityId)).similarity).toBeGreaterThan(0.5);
  return edited;
}

/** The edited About section survives; every other written section reads the new wording. */
function expectEditKept(html: string, now: string, was: string) {
  expect(sectionOf(html, 'about')).toContain(OWNER_WORDS);
  for (const key of ['section.hero', 'services', 'contact']) {
    expect(sectionOf(html, key)).toContain(now);
    expect(sectionOf(html, key)).not.toContain(was);
  }
  expect(html.split(OWNER_WORDS)).toHaveLength(2);
}

describe('regenerating a page keeps the sections its owner edited', () => {
  it('keeps an edited section through "Regenerate N similar pages" while the others change', async () => {
    const u = await writtenProject();
    const austin = u.byName.Austin!;
    await editAbout(u.project.id, austin.id, u.headers);

    wording = 'second';
    const res = await post(`/api/projects/${u.project.id}/cities/regenerate-similar/`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.similarRegenerating, count: 3 });
    expect((await settled(t, u.project.id, u.headers)).status).toBe(PROJECT_STATUS.created);

    const page = await viewOf(t, u.project.id, u.headers, { city_id: austin.id });
    expectEditKept(page.page.content_html, 'second', 'first');
    // The sibling nobody edited is the new page through and through.
    const round = await viewOf(t, u.project.id, u.headers, { city_id: u.byName['Round Rock']!.id });
    expect(round.page.content_html).not.toContain('first');
    expect(round.page.content_html).toContain('The second crew has fixed pipes');
    // The kept section stays marked as the owner's, so the next regeneration keeps it again.
    const stored = await cityRow(austin.id);
    expect(stored.sectionPrints?.about).toBe('edited');
    expect(stored.status).toBe(PAGE_STATUS.completed);

    await scored(u.project.id);
    wording = 'third';
    const again = await post(`/api/projects/${u.project.id}/cities/regenerate-similar/`, u.headers);
    expect(again.statusCode, again.body).toBe(200);
    await settled(t, u.project.id, u.headers);
    const third = await viewOf(t, u.project.id, u.headers, { city_id: austin.id });
    expectEditKept(third.page.content_html, 'third', 'second');
  });

  it('keeps it through a retry of the city after the regeneration failed', async () => {
    const u = await writtenProject();
    const city = u.byName.Pflugerville!;
    await editAbout(u.project.id, city.id, u.headers);

    wording = 'second';
    const stop = ai.failWhile(
      (call) => JSON.stringify(call.messages).includes('Page: Pflugerville, TX'),
      {
        status: 401,
      },
    );
    await post(`/api/projects/${u.project.id}/cities/regenerate-similar/`, u.headers);
    expect((await settled(t, u.project.id, u.headers)).status).toBe(PROJECT_STATUS.error);
    expect((await cityRow(city.id)).status).toBe(PAGE_STATUS.failed);
    stop();

    const res = await post(`/api/projects/${u.project.id}/city/${city.id}/retry/`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((await settled(t, u.project.id, u.headers)).status).toBe(PROJECT_STATUS.created);
    const page = await viewOf(t, u.project.id, u.headers, { city_id: city.id });
    expectEditKept(page.page.content_html, 'second', 'first');
  });

  it('keeps it through a retry of the project', async () => {
    const u = await writtenProject();
    const city = u.byName['Round Rock']!;
    await editAbout(u.project.id, city.id, u.headers);

    wording = 'second';
    const stop = ai.failWhile(
      (call) => JSON.stringify(call.messages).includes('Page: Round Rock, TX'),
      {
        status: 401,
      },
    );
    await post(`/api/projects/${u.project.id}/cities/regenerate-similar/`, u.headers);
    expect((await settled(t, u.project.id, u.headers)).status).toBe(PROJECT_STATUS.error);
    stop();

    const res = await post(`/api/projects/${u.project.id}/retry/`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect((await settled(t, u.project.id, u.headers)).status).toBe(PROJECT_STATUS.created);
    const page = await viewOf(t, u.project.id, u.headers, { city_id: city.id });
    expectEditKept(page.page.content_html, 'second', 'first');
  });

  it('keeps it when a re-upload brings new instructions', async () => {
    const u = await writtenProject();
    const city = u.byName.Austin!;
    await editAbout(u.project.id, city.id, u.headers);

    wording = 'second';
    ai.reset();
    const report = await uploaded(
      t,
      u.project.id,
      u.headers,
      [spreadsheet('csv', [HEADER, CITIES[0]!])],
      { model: 'anthropic/claude-3.7-sonnet', prompt: 'Mention our emergency service.' },
    );
    expect(report).toMatchObject({ citiesAdded: 0, citiesExisting: 1 });
    expect((await settled(t, u.project.id, u.headers)).status).toBe(PROJECT_STATUS.created);
    // Only the city in the file was written again, with its new instructions.
    const calls = ai.requests.filter((r) => JSON.stringify(r.messages).includes('Page: '));
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0]!.messages)).toContain('Mention our emergency service.');
    const page = await viewOf(t, u.project.id, u.headers, { city_id: city.id });
    expectEditKept(page.page.content_html, 'second', 'first');
    expect((await cityRow(city.id)).prompt).toBe('Mention our emergency service.');
  });
});

describe('"Replace my edits too": the regenerated page waits beside the edited one', () => {
  const proposalOf = async (projectId: string, cityId: string, headers: Headers) => {
    const res = await get(`/api/projects/${projectId}/city/${cityId}/proposal/`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TProposal;
  };
  const pick = (projectId: string, cityId: string, id: string, headers: Headers, use: string) =>
    post(`/api/projects/${projectId}/city/${cityId}/proposal/${id}/`, headers, { use });
  const versionsOf = (cityId: string) =>
    t.ctx.db.select().from(pageVersions).where(eq(pageVersions.cityId, cityId));

  it('stores a proposal, leaves the page as it is, and keeps both whichever is picked', async () => {
    const u = await writtenProject();
    const austin = u.byName.Austin!;
    const boise = u.byName.Pflugerville!;
    const editedAustin = await editAbout(u.project.id, austin.id, u.headers);
    const editedOther = await editAbout(u.project.id, boise.id, u.headers);

    wording = 'second';
    const res = await post(
      `/api/projects/${u.project.id}/cities/regenerate-similar/?replaceEdits=true`,
      u.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 3 });
    // The jobs finished: every page is Completed and the project settles.
    const detail = await settled(t, u.project.id, u.headers);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    expect((await cityRows(u.project.id)).every((c) => c.status === PAGE_STATUS.completed)).toBe(
      true,
    );

    // The edited pages are untouched; the one nobody edited was simply rewritten.
    expect((await cityRow(austin.id)).contentHtml).toBe(editedAustin);
    expect((await cityRow(boise.id)).contentHtml).toBe(editedOther);
    const round = await cityRow(u.byName['Round Rock']!.id);
    expect(round.contentHtml).toContain('The second crew has fixed pipes');
    const roundProposal = await proposalOf(u.project.id, round.id, u.headers);
    expect(roundProposal.proposed).toBeNull();

    const proposal = await proposalOf(u.project.id, austin.id, u.headers);
    expect(proposal.status).toBe(PAGE_STATUS.completed);
    expect(proposal.current.contentHtml).toBe(editedAustin);
    expect(proposal.proposed!.contentHtml).toContain('The second crew has fixed pipes');
    expect(proposal.proposed!.contentHtml).not.toContain(OWNER_WORDS);
    expect(proposal.metaChanged).toBe(true);
    const status = Object.fromEntries(proposal.sections.map((s) => [s.key, s.status]));
    expect(status).toMatchObject({
      'section.hero': 'changed',
      about: 'changed',
      services: 'changed',
      faq: 'same',
      contact: 'changed',
      'zip-codes': 'same',
    });
    const about = proposal.sections.find((s) => s.key === 'about')!;
    expect(about.label).toBe('About our crew');
    expect(about.currentText).toContain(OWNER_WORDS);
    expect(about.proposedText.join(' ')).toContain('The second crew has fixed pipes');
    // The editor shows it beside the page, not among the versions.
    const view = await viewOf(t, u.project.id, u.headers, { city_id: austin.id });
    expect(view.proposal).toMatchObject({ id: proposal.proposed!.id });
    expect(view.versions.map((v) => v.id)).not.toContain(proposal.proposed!.id);

    // "Use regenerated": the page becomes the proposal; the edited page stays a version.
    const used = await pick(u.project.id, austin.id, proposal.proposed!.id, u.headers, 'proposed');
    expect(used.statusCode, used.body).toBe(200);
    expect((used.json() as TPickAnswer).message).toBe(MSG.proposalUsed);
    const afterUse = await cityRow(austin.id);
    expect(afterUse.contentHtml).toBe(proposal.proposed!.contentHtml);
    expect(afterUse.metaTags).toBe(proposal.proposed!.metaTags);
    const austinVersions = await versionsOf(austin.id);
    expect(austinVersions.some((v) => v.contentHtml === editedAustin)).toBe(true);
    expect(austinVersions.some((v) => v.contentHtml === proposal.proposed!.contentHtml)).toBe(true);
    expect(austinVersions.every((v) => !v.proposed)).toBe(true);
    expect((await proposalOf(u.project.id, austin.id, u.headers)).proposed).toBeNull();
    // Picked: a later regeneration sees no edit on it and rewrites it whole.
    expect(Object.values(afterUse.sectionPrints ?? {})).not.toContain('edited');

    // "Keep mine": the page stays; the proposal is an ordinary version the editor can load.
    const other = await proposalOf(u.project.id, boise.id, u.headers);
    const kept = await pick(u.project.id, boise.id, other.proposed!.id, u.headers, 'current');
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as TPickAnswer).page.contentHtml).toBe(editedOther);
    expect((await cityRow(boise.id)).contentHtml).toBe(editedOther);
    const loaded = await editor.version(u.project.id, u.headers, {
      city_id: boise.id,
      version_id: other.proposed!.id,
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect((loaded.json() as TVersionHtml).html).toBe(other.proposed!.contentHtml);
    expect((await versionsOf(boise.id)).some((v) => v.contentHtml === editedOther)).toBe(true);
    // Picked once: the same proposal cannot be picked again.
    const twice = await pick(u.project.id, boise.id, other.proposed!.id, u.headers, 'proposed');
    expect(twice.statusCode).toBe(404);
  });

  it("proposes from the editor's Regenerate page even when nothing was edited", async () => {
    const u = await writtenProject();
    const city = u.byName['Round Rock']!;
    const before = (await cityRow(city.id)).contentHtml;
    wording = 'second';
    const res = await post(`/api/projects/${u.project.id}/city/${city.id}/regenerate/`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: MSG.pageRegenerating,
      data: { id: city.id, status: PAGE_STATUS.queued },
    });
    await settled(t, u.project.id, u.headers);
    expect((await cityRow(city.id)).contentHtml).toBe(before);
    const proposal = await proposalOf(u.project.id, city.id, u.headers);
    expect(proposal.proposed!.contentHtml).toContain('The second crew has fixed pipes');
    // The page as it was is kept first, as "Original": it had no version yet.
    const versions = await versionsOf(city.id);
    expect(versions.find((v) => !v.proposed)).toMatchObject({
      name: 'Original',
      contentHtml: before,
    });
  });

  it('does the same for a site page, through its own endpoints', async () => {
    const u = await signedInUser(t, { plan: 'basic' });
    await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
    const project = await createProject(t, u.user.id, { name: 'Lone Star Plumbing' });
    const page = await addPage(t, project.id, {
      kind: 'main',
      name: 'About Us',
      slug: 'about-us',
      status: PAGE_STATUS.completed,
      model: 'anthropic/claude-3.7-sonnet',
      contentHtml:
        '<section class="hero"><h1>About</h1></section>\n<section id="story"><p>Ours.</p></section>',
    });
    wording = 'second';
    const res = await post(`/api/projects/${project.id}/page/${page.id}/regenerate/`, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    await settled(t, project.id, u.headers);
    const answer = await get(`/api/projects/${project.id}/page/${page.id}/proposal/`, u.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    const proposal = answer.json() as TProposal;
    const status = Object.fromEntries(proposal.sections.map((s) => [s.key, s.status]));
    expect(status).toMatchObject({ 'section.hero': 'changed', story: 'removed', about: 'added' });
    const used = await post(
      `/api/projects/${project.id}/page/${page.id}/proposal/${proposal.proposed!.id}/`,
      u.headers,
      { use: 'proposed' },
    );
    expect(used.statusCode, used.body).toBe(200);
    const view = await viewOf(t, project.id, u.headers, { page_id: page.id });
    expect(view.page.content_html).toBe(proposal.proposed!.contentHtml);
  });

  it("answers 404 for another user's page, an unknown proposal, and a bad pick", async () => {
    const u = await writtenProject();
    const city = u.byName.Austin!;
    await editAbout(u.project.id, city.id, u.headers);
    wording = 'second';
    await post(`/api/projects/${u.project.id}/city/${city.id}/regenerate/`, u.headers);
    await settled(t, u.project.id, u.headers);
    const { proposed } = await proposalOf(u.project.id, city.id, u.headers);
    const base = `/api/projects/${u.project.id}/city/${city.id}`;

    const stranger = await signedInUser(t);
    expect((await get(`${base}/proposal/`, stranger.headers)).statusCode).toBe(404);
    expect(
      (await pick(u.project.id, city.id, proposed!.id, stranger.headers, 'proposed')).statusCode,
    ).toBe(404);
    expect((await post(`${base}/regenerate/`, stranger.headers)).statusCode).toBe(404);
    expect(
      (await post(`${base}/proposal/not-a-uuid/`, u.headers, { use: 'proposed' })).statusCode,
    ).toBe(400);
    const bad = await post(`${base}/proposal/${proposed!.id}/`, u.headers, { use: 'both' });
    expect(bad.statusCode).toBe(400);
    // Nothing above changed the page or settled the proposal.
    expect((await proposalOf(u.project.id, city.id, u.headers)).proposed!.id).toBe(proposed!.id);
    const rows = await t.ctx.db
      .select()
      .from(pageVersions)
      .where(and(eq(pageVersions.cityId, city.id), eq(pageVersions.proposed, true)));
    expect(rows).toHaveLength(1);
  });
});
