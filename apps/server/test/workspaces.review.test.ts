import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, type TBranding, type TReviewBoard, type TReviewPage } from '@cityforge/shared';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import type { CapturedMail } from '@cityforge/fakes/smtp';
import { pages } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { accountWorkspaceId, addMember, signedInUser } from './helpers/factories.ts';
import {
  appendToCity,
  giveNetlifyToken,
  publish,
  published,
  siteProject,
} from './helpers/publishing.ts';

/**
 * Client review end to end: an agency's project that requires its client's approval publishes
 * only the pages the client approved (the others as the quality gate holds pages: noindex and
 * out of the sitemap); a new version of an approved page awaits review again; the client is
 * told once per run or deploy, in the agency's brand; staff hear of runs, failed deploys and
 * their client's reviews unless they turned that off.
 */

let t: TestApp;
let netlify: FakeNetlify;
beforeAll(async () => {
  netlify = await startFakeNetlify();
  t = await createTestApp({ NETLIFY_API_URL: netlify.url });
});
afterAll(async () => {
  await t.close();
  await netlify.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload && { payload }) });

/** Every notification and the mails it made are out: the mails sent since `from`. */
async function mailsSince(from: number): Promise<CapturedMail[]> {
  await t.drainQueue(QUEUES.notify);
  await t.drainQueue(QUEUES.sendMail);
  return t.smtp.mails.slice(from);
}
/** Where the mails of what follows start: every earlier notification is out first. */
async function mark(): Promise<number> {
  return (await mailsSince(0)).length;
}
const fromHeader = (mail: CapturedMail) => /^From: (.*)$/im.exec(mail.raw)?.[1] ?? '';

/** An agency on a paid plan, a written project requiring approval, its editor and client. */
async function agency() {
  const owner = await siteProject(t);
  const workspaceId = await accountWorkspaceId(t, owner.user.id);
  const editor = await signedInUser(t, { firstName: 'Eddie', lastName: 'Editor' });
  const client = await signedInUser(t, { firstName: 'Cleo', lastName: 'Client' });
  await addMember(t, workspaceId, editor.user.id, 'editor', { chosen: true });
  await addMember(t, workspaceId, client.user.id, 'client', { chosen: true });
  const shared = await call(
    'PUT',
    `/api/projects/${owner.id}/clients/${client.user.id}/`,
    owner.headers,
  );
  expect(shared.statusCode, shared.body).toBe(200);
  // Holds come from the client's review alone here.
  const set = await call('POST', `/api/projects/${owner.id}/settings/`, owner.headers, {
    requireClientApproval: true,
    qualityGate: { enabled: false },
  });
  expect(set.statusCode, set.body).toBe(200);
  expect(set.json().data.requireClientApproval).toBe(true);
  return { owner, editor, client, workspaceId, id: owner.id };
}

async function board(id: string, headers: Headers): Promise<TReviewBoard> {
  const res = await call('GET', `/api/projects/${id}/review/`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TReviewBoard;
}
const named = (b: TReviewBoard, name: string): TReviewPage => {
  const page = b.pages.find((p) => p.name === name);
  if (!page) throw new Error(`no page ${name} in ${b.pages.map((p) => p.name).join(', ')}`);
  return page;
};
const review = (id: string, headers: Headers, page: TReviewPage, decision: string, comment = '') =>
  call('POST', `/api/projects/${id}/reviews/`, headers, {
    pageKind: page.pageKind,
    pageId: page.pageId,
    decision,
    comment,
    version: page.version,
  });

/** Deploys and reads back whether a page of the site is held (noindex, out of the sitemap). */
async function deployed(id: string, headers: Headers) {
  const result = await published(t, id, headers);
  const files = netlify.publishedFiles(new URL(result.netlifyUrl).host);
  const text = (file: string) => files.get(file)?.toString('utf8') ?? '';
  const sitemap = text('/sitemap.xml');
  return (path: string) => {
    const html = text(path === '/' ? '/index.html' : `${path}.html`);
    expect(html, path).toContain('<main');
    return {
      noindex: html.includes('<meta name="robots" content="noindex">'),
      inSitemap: sitemap.includes(`${new URL(result.netlifyUrl).origin}${path}</loc>`),
    };
  };
}

const AUSTIN = '/states/texas/travis-county/austin';
const BOISE = '/states/idaho/ada-county/boise';

describe('client review', () => {
  it(
    'publishes only approved pages, and a new version awaits review again',
    { timeout: 180_000 },
    async () => {
      const a = await agency();
      const before = await board(a.id, a.client.headers);
      expect(before.requireClientApproval).toBe(true);
      expect(before.pages.every((p) => p.state === 'awaiting')).toBe(true);
      expect(before.counts.awaiting).toBe(before.pages.length);

      // Staff read the board but do not decide; the client does, page by page.
      const byStaff = await review(a.id, a.owner.headers, named(before, 'Homepage'), 'approved');
      expect(byStaff.statusCode).toBe(403);
      expect(byStaff.json().message).toBe(MSG.reviewClientsOnly);
      for (const name of ['Homepage', 'Austin, TX']) {
        const res = await review(a.id, a.client.headers, named(before, name), 'approved');
        expect(res.statusCode, res.body).toBe(201);
      }
      const asked = await review(
        a.id,
        a.client.headers,
        named(before, 'Boise, ID'),
        'changes_requested',
        'Mention the foothills, please.',
      );
      expect(asked.statusCode, asked.body).toBe(201);

      const after = await board(a.id, a.editor.headers);
      expect(named(after, 'Homepage').state).toBe('approved');
      expect(named(after, 'Austin, TX').state).toBe('approved');
      expect(named(after, 'Boise, ID')).toMatchObject({
        state: 'changes_requested',
        latest: { comment: 'Mention the foothills, please.', by: 'Cleo Client', current: true },
      });
      expect(named(after, 'Round Rock, TX').state).toBe('awaiting');

      const site = await deployed(a.id, a.editor.headers);
      expect(site('/')).toEqual({ noindex: false, inSitemap: true });
      expect(site(AUSTIN)).toEqual({ noindex: false, inSitemap: true });
      expect(site(BOISE)).toEqual({ noindex: true, inSitemap: false });
      expect(site('/states/texas/williamson-county/round-rock')).toEqual({
        noindex: true,
        inSitemap: false,
      });

      // An edit after the approval is a new version: it awaits review and is held again.
      await appendToCity(t, a.id, 'Austin', '<p>Now open on Sundays.</p>');
      const edited = named(await board(a.id, a.client.headers), 'Austin, TX');
      expect(edited.state).toBe('awaiting');
      expect(edited.latest).toMatchObject({ decision: 'approved', current: false });
      const stale = await review(a.id, a.client.headers, named(after, 'Austin, TX'), 'approved');
      expect(stale.statusCode).toBe(409);
      expect((await deployed(a.id, a.editor.headers))(AUSTIN)).toEqual({
        noindex: true,
        inSitemap: false,
      });

      // The reviews' log, for the detail screen and the editors: newest first, of one page.
      const log = await call(
        'GET',
        `/api/projects/${a.id}/reviews/?pageId=${edited.pageId}`,
        a.owner.headers,
      );
      expect(log.statusCode, log.body).toBe(200);
      expect(log.json().data).toHaveLength(1);
      expect(log.json().data[0]).toMatchObject({ decision: 'approved', current: false });
    },
  );

  it('answers 400 for a bad id, 404 to strangers and for a page of another project', async () => {
    const a = await agency();
    const stranger = await signedInUser(t);
    expect((await call('GET', `/api/projects/${a.id}/review/`, stranger.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/projects/not-an-id/review/`, a.client.headers)).statusCode,
    ).toBe(400);
    const other = await siteProject(t);
    const [page] = await t.ctx.db.select().from(pages).where(eq(pages.projectId, other.id));
    const res = await call('POST', `/api/projects/${a.id}/reviews/`, a.client.headers, {
      pageKind: 'page',
      pageId: page!.id,
      decision: 'approved',
    });
    expect(res.statusCode).toBe(404);
    const bad = await call('POST', `/api/projects/${a.id}/reviews/`, a.client.headers, {
      pageKind: 'page',
      pageId: 'nope',
      decision: 'approved',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('branding', () => {
  it('brands the mail a client gets when pages await review, once per deploy', async () => {
    const a = await agency();
    const url = `/api/workspaces/${a.workspaceId}/branding/`;
    const badColour = await call('PUT', url, a.owner.headers, { accentColor: 'teal' });
    expect(badColour.statusCode).toBe(400);
    const plainLogo = await call('PUT', url, a.owner.headers, { logoUrl: 'http://x.test/l.png' });
    expect(plainLogo.statusCode).toBe(400);
    expect((await call('PUT', url, a.editor.headers, { name: 'Nope' })).statusCode).toBe(403);
    const saved = await call('PUT', url, a.owner.headers, {
      name: 'Acme Agency',
      logoUrl: 'https://acme.test/logo.png',
      accentColor: '#0F766E',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The client reads its agency's brand for its view.
    const seen = await call('GET', url, a.client.headers);
    expect(seen.json().data).toEqual({
      name: 'Acme Agency',
      logoUrl: 'https://acme.test/logo.png',
      accentColor: '#0f766e',
      showPoweredBy: true,
      canHidePoweredBy: true,
    } satisfies TBranding);

    const from = await mark();
    await published(t, a.id, a.editor.headers);
    const toClient = (await mailsSince(from)).filter((m) => m.to.includes(a.client.email));
    expect(toClient).toHaveLength(1);
    const [mail] = toClient;
    expect(fromHeader(mail!)).toMatch(/^"?Acme Agency"? </);
    expect(mail!.subject).toMatch(/await your review/);
    expect(mail!.text).toContain('https://acme.test/logo.png');
    expect(mail!.text).toContain('#0f766e');
    expect(mail!.text).toContain('Powered by CityForge');
    const withoutPoweredBy = mail!.text.replaceAll('Powered by CityForge', '');
    expect(withoutPoweredBy).not.toMatch(/CityForge/);
    expect(fromHeader(mail!)).not.toMatch(/^"?CityForge/);

    // A paid plan hides "powered by": the next mail carries no trace of us.
    const hidden = await call('PUT', url, a.owner.headers, { showPoweredBy: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const next = await mark();
    await published(t, a.id, a.editor.headers);
    const [plain] = (await mailsSince(next)).filter((m) => m.to.includes(a.client.email));
    expect(plain!.text).not.toMatch(/CityForge/);
  });

  it('refuses to hide "powered by" on the free plan, with a clear message', async () => {
    const owner = await signedInUser(t, { plan: 'free' });
    const workspaceId = await accountWorkspaceId(t, owner.user.id);
    const res = await call('PUT', `/api/workspaces/${workspaceId}/branding/`, owner.headers, {
      showPoweredBy: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.poweredByPaidOnly);
    const read = await call('GET', `/api/workspaces/${workspaceId}/branding/`, owner.headers);
    expect(read.json().data).toMatchObject({ showPoweredBy: true, canHidePoweredBy: false });
  });
});

describe('notifications', () => {
  it('tells staff of a client review and a failed deploy once, unless turned off', async () => {
    const a = await agency();
    const prefsUrl = `/api/workspaces/${a.workspaceId}/notifications/`;
    const off = await call('PUT', prefsUrl, a.editor.headers, { clientReview: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toEqual({
      runFinished: true,
      deployFailed: true,
      syncWaiting: true,
      clientReview: false,
    });
    expect((await call('GET', prefsUrl, a.editor.headers)).json().data.clientReview).toBe(false);

    const from = await mark();
    const homepage = named(await board(a.id, a.client.headers), 'Homepage');
    await review(a.id, a.client.headers, homepage, 'changes_requested', 'Bigger phone number.');
    const reviewed = await mailsSince(from);
    expect(reviewed.map((m) => m.to[0])).toEqual([a.owner.email]);
    expect(reviewed[0]!.subject).toBe(
      'Lone Star Plumbing: Cleo Client asked for changes to Homepage',
    );
    expect(reviewed[0]!.text).toContain('Bigger phone number.');

    // A deploy Netlify refuses: owner and editor hear once; the client hears nothing of it.
    await giveNetlifyToken(t, a.owner.user.id, 'revoked-token');
    const failedFrom = await mark();
    await publish(t, a.id, a.editor.headers);
    await t.drainQueue(QUEUES.publishSite);
    const failed = (await mailsSince(failedFrom)).filter((m) => /deploy failed/.test(m.subject));
    expect(failed.map((m) => m.to[0]).sort()).toEqual([a.editor.email, a.owner.email].sort());
  });

  it('tells staff once when a run finishes, with the failed count', async () => {
    const owner = await signedInUser(t, { plan: 'basic' });
    const workspaceId = await accountWorkspaceId(t, owner.user.id);
    const quiet = await signedInUser(t);
    await addMember(t, workspaceId, quiet.user.id, 'editor', { chosen: true });
    const off = await call('PUT', `/api/workspaces/${workspaceId}/notifications/`, quiet.headers, {
      runFinished: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const from = await mark();
    const { id } = await siteProject(t, { owner });
    const runs = (await mailsSince(from)).filter((m) => /generation finished/.test(m.subject));
    // Two runs: the pages at creation, then the places' pages of the upload.
    expect(runs.map((m) => m.to[0])).toEqual([owner.email, owner.email]);
    expect(runs[0]!.text).toContain('every page was written');
    expect(runs.every((m) => m.subject.startsWith('Lone Star Plumbing'))).toBe(true);
    expect(id).toBeTruthy();
  });
});
