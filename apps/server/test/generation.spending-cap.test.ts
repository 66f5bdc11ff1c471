import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG, PAGE_STATUS, PROJECT_STATUS, type TMonthSpend } from '@cityforge/shared';
import { defaultPageContent, startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { aiUsage, modelPrices } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  accountWorkspaceId,
  addMember,
  createProject,
  giveKeys,
  signedInUser,
} from './helpers/factories.ts';
import { detailOf, settled } from './helpers/generation.ts';
import type { Headers } from './helpers/http.ts';
import { citiesOf, spreadsheet, uploaded } from './helpers/locations.ts';

/**
 * Monthly spending caps through the real page pipeline: the fake OpenRouter answers
 * every page with the same content, so each city page's call has the same completion tokens,
 * and the model's price (a model_prices row, completion tokens only) makes one page cost
 * exactly PAGE_USD. A cap of spent + N pages + half a page then allows exactly N more.
 */
const MODEL = 'anthropic/claude-3.7-sonnet';
const ANSWER = JSON.stringify(
  defaultPageContent([{ role: 'user', content: 'Page: Plumbing near you' }]),
);
// The fake counts a token per 4 characters of the answer.
const COMPLETION_TOKENS = Math.ceil(ANSWER.length / 4);
const PAGE_USD = 0.1;

let t: TestApp;
let ai: FakeAi;
beforeAll(async () => {
  ai = await startFakeAi({ respond: () => ANSWER });
  t = await createTestApp({
    OPENROUTER_BASE_URL: ai.openRouterUrl,
    OPENAI_BASE_URL: ai.url,
    // Two pages at once: the check must count the page still being written.
    WORKER_CONCURRENCY: '2',
    GENERATION_CONCURRENCY_PER_KEY: '2',
  });
  await t.ctx.db
    .insert(modelPrices)
    .values({
      model: MODEL,
      promptUsd: 0,
      completionUsd: PAGE_USD / COMPLETION_TOKENS,
      source: 'openrouter',
    })
    .onConflictDoUpdate({
      target: modelPrices.model,
      set: { promptUsd: 0, completionUsd: PAGE_USD / COMPLETION_TOKENS },
    });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const HEADER = ['City', 'State', 'County', 'ZIP'];
const TEXAS = [
  ['Austin', 'TX', 'Travis', '78701'],
  ['Pflugerville', 'TX', 'Travis', '78660'],
  ['Round Rock', 'TX', 'Williamson', '78664'],
  ['Georgetown', 'TX', 'Williamson', '78626'],
  ['Kyle', 'TX', 'Hays', '78640'],
  ['San Marcos', 'TX', 'Hays', '78666'],
  ['Buda', 'TX', 'Hays', '78610'],
  ['Cedar Park', 'TX', 'Williamson', '78613'],
];

async function owner() {
  const u = await signedInUser(t, { plan: 'basic' });
  await giveKeys(t, u.user.id, { openrouter: `sk-or-${u.user.id}` });
  return u;
}

async function project(u: { user: { id: string } }, model = MODEL) {
  return createProject(t, u.user.id, {
    name: 'Lone Star Plumbing',
    serviceType: 'Plumbing',
    contactPhoneNumber: '512-555-0199',
    model,
  });
}

/** Queues city pages of the project (rows of TEXAS) and waits until generation settles. */
async function addCities(projectId: string, headers: Headers, rows: string[][], model = MODEL) {
  await uploaded(t, projectId, headers, [spreadsheet('csv', [HEADER, ...rows])], { model });
  await t.drainQueue(QUEUES.generatePage);
  return settled(t, projectId, headers);
}

const byStatus = (detail: Awaited<ReturnType<typeof detailOf>>) => {
  const cities = citiesOf(detail);
  return {
    written: cities.filter((c) => c.status === PAGE_STATUS.completed),
    held: cities.filter((c) => c.status === PAGE_STATUS.queued),
    other: cities.filter(
      (c) => c.status !== PAGE_STATUS.completed && c.status !== PAGE_STATUS.queued,
    ),
  };
};

async function spentOn(projectId: string) {
  const [row] = await t.ctx.db
    .select({ usd: sql<number>`coalesce(sum(${aiUsage.costUsd}::float8), 0)::float8` })
    .from(aiUsage)
    .where(eq(aiUsage.projectId, projectId));
  return Number(row!.usd);
}

const cents = (usd: number) => Math.round(usd * 100) / 100;

async function setProjectCap(projectId: string, headers: Headers, cap: number | null) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/settings/`,
    headers,
    payload: { spendingCapUsd: cap },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { spendingCapUsd: number | null } };
}

async function setAccountCap(headers: Headers, cap: number | null) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/auth/me/',
    headers,
    payload: { spendingCapUsd: cap },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { spendingCapUsd: number | null };
}

async function capMails(email: string) {
  await t.drainQueue(QUEUES.sendMail);
  return t.smtp.mails.filter(
    (m) => m.to.includes(email.toLowerCase()) && /spending cap/i.test(m.subject),
  );
}

async function monthSpend(url: string, headers: Headers): Promise<TMonthSpend> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TMonthSpend }).data;
}

/** The owner's project with one city page written (so pages of the kind have a cost to go by). */
async function projectWithOneCity(u: Awaited<ReturnType<typeof owner>>) {
  const p = await project(u);
  const first = await addCities(p.id, u.headers, TEXAS.slice(0, 1));
  expect(byStatus(first).written).toHaveLength(1);
  expect(await spentOn(p.id)).toBeCloseTo(PAGE_USD, 6);
  return p;
}

describe('monthly spending caps', () => {
  it('stops at the page that would pass the project cap, mails once, resumes when raised', async () => {
    const u = await owner();
    const p = await projectWithOneCity(u);
    // Room for exactly three more pages.
    const cap = cents((await spentOn(p.id)) + 3 * PAGE_USD + PAGE_USD / 2);
    expect((await setProjectCap(p.id, u.headers, cap)).data.spendingCapUsd).toBe(cap);

    const detail = await addCities(p.id, u.headers, TEXAS.slice(1, 8));
    const { written, held, other } = byStatus(detail);
    expect(written).toHaveLength(1 + 3);
    expect(held).toHaveLength(4);
    expect(other).toHaveLength(0);
    for (const city of held) {
      expect(city.failureReason).toBe(MSG.spendingCapReached);
      expect(city.failedAt).toBeNull();
    }
    // Not stuck In progress: nothing failed, the held pages wait.
    expect(detail.status).toBe(PROJECT_STATUS.created);
    expect(await spentOn(p.id)).toBeLessThanOrEqual(cap);
    // The held pages were never sent to the model: four calls in all, the first city's too.
    expect(ai.completions.filter((c) => c.key === `sk-or-${u.user.id}`)).toHaveLength(4);

    const mails = await capMails(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Monthly spending cap reached: Lone Star Plumbing');
    expect(mails[0]!.text).toContain(`$${cap.toFixed(2)}`);

    const spend = await monthSpend(`/api/projects/${p.id}/spending/`, u.headers);
    expect(spend).toMatchObject({ capUsd: cap, heldPages: 4 });
    expect(spend.month).toBe(new Date().toISOString().slice(0, 7));
    expect(spend.spentUsd).toBeCloseTo(4 * PAGE_USD, 4);

    // Raised by two pages: two more are written, the other two stay held (no second mail).
    await setProjectCap(p.id, u.headers, cents(cap + 2 * PAGE_USD));
    await t.drainQueue(QUEUES.generatePage);
    const raised = byStatus(await settled(t, p.id, u.headers));
    expect(raised.written).toHaveLength(6);
    expect(raised.held).toHaveLength(2);
    expect(raised.held.every((c) => c.failureReason === MSG.spendingCapReached)).toBe(true);

    // Cleared: the rest are written and the project is done.
    await setProjectCap(p.id, u.headers, null);
    await t.drainQueue(QUEUES.generatePage);
    const done = await settled(t, p.id, u.headers);
    const all = byStatus(done);
    expect(all.written).toHaveLength(8);
    expect(all.written.every((c) => c.failureReason === null)).toBe(true);
    expect(done.status).toBe(PROJECT_STATUS.created);
    expect(await capMails(u.email)).toHaveLength(1);
  });

  it('an account cap counts every project of the owner', async () => {
    const u = await owner();
    const a = await projectWithOneCity(u);
    const b = await projectWithOneCity(u);
    const spent = (await spentOn(a.id)) + (await spentOn(b.id));
    const cap = cents(spent + 2 * PAGE_USD + PAGE_USD / 2);
    expect((await setAccountCap(u.headers, cap)).spendingCapUsd).toBe(cap);

    // Project A takes the account's last two pages...
    const inA = byStatus(await addCities(a.id, u.headers, TEXAS.slice(1, 3)));
    // As one object, so that a failure shows where the missing page went.
    expect({ written: inA.written.length, held: inA.held.length, other: inA.other }).toEqual({
      written: 3,
      held: 0,
      other: [],
    });
    // ...so project B, without a cap of its own, writes none.
    const detailB = await addCities(b.id, u.headers, TEXAS.slice(1, 4));
    const inB = byStatus(detailB);
    expect(inB.written).toHaveLength(1);
    expect(inB.held).toHaveLength(3);
    expect(inB.held.every((c) => c.failureReason === MSG.spendingCapReached)).toBe(true);
    expect(detailB.status).toBe(PROJECT_STATUS.created);

    const mails = await capMails(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Monthly spending cap reached for your account');
    const account = await monthSpend('/auth/me/spending/', u.headers);
    expect(account).toMatchObject({ capUsd: cap, heldPages: 3 });
    // A's three pages and B's first.
    expect(account.spentUsd).toBeCloseTo(4 * PAGE_USD, 4);

    // Cleared on the profile: B's pages go on.
    expect((await setAccountCap(u.headers, null)).spendingCapUsd).toBeNull();
    await t.drainQueue(QUEUES.generatePage);
    expect(byStatus(await settled(t, b.id, u.headers)).written).toHaveLength(4);
  });

  it('never stops the offline draft, which costs nothing', async () => {
    const u = await owner();
    await setAccountCap(u.headers, 0);
    const p = await project(u, 'offline-draft');
    await setProjectCap(p.id, u.headers, 0);
    const detail = await addCities(p.id, u.headers, TEXAS.slice(0, 4), 'offline-draft');
    expect(byStatus(detail).written).toHaveLength(4);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    expect(await capMails(u.email)).toHaveLength(0);
  });

  it('sends held pages on when the month turns (the hourly check)', async () => {
    const u = await owner();
    const p = await projectWithOneCity(u);
    const cap = cents((await spentOn(p.id)) + PAGE_USD / 2);
    await setProjectCap(p.id, u.headers, cap);
    const before = byStatus(await addCities(p.id, u.headers, TEXAS.slice(1, 3)));
    expect(before.written).toHaveLength(1);
    expect(before.held).toHaveLength(2);

    // The check finds nothing to do while the month's spend still stops them.
    await t.ctx.boss.send(QUEUES.resumeHeldPages, {});
    await t.drainQueue(QUEUES.resumeHeldPages);
    expect(byStatus(await detailOf(t, p.id, u.headers)).held).toHaveLength(2);

    // A new month: what was spent belongs to the last one.
    await t.ctx.db.execute(
      sql`update ai_usage set created_at = date_trunc('month', now()) - interval '1 day' where project_id = ${p.id}`,
    );
    await t.ctx.boss.send(QUEUES.resumeHeldPages, {});
    await t.drainQueue(QUEUES.resumeHeldPages);
    await t.drainQueue(QUEUES.generatePage);
    const after = await settled(t, p.id, u.headers);
    // The cap allows one page this month: one written, the other held again.
    const now = byStatus(after);
    expect(now.written).toHaveLength(2);
    expect(now.held).toHaveLength(1);
    expect(after.status).toBe(PROJECT_STATUS.created);
    // The hourly schedule is what sends the check in production.
    const schedules = await t.ctx.boss.getSchedules();
    expect(schedules.some((s) => s.name === QUEUES.resumeHeldPages && s.cron === '0 * * * *')).toBe(
      true,
    );
  });
});

describe('spending cap settings', () => {
  it('reads and writes the project cap, refusing a bad one with 400', async () => {
    const u = await owner();
    const p = await project(u, 'offline-draft');
    const url = `/api/projects/${p.id}/settings/`;
    const read = await t.app.inject({ method: 'GET', url, headers: u.headers });
    expect((read.json() as { data: { spendingCapUsd: unknown } }).data.spendingCapUsd).toBeNull();

    for (const bad of [-1, 1.234, 'ten', 2_000_000]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: u.headers,
        payload: { spendingCapUsd: bad },
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.body).toContain(MSG.spendingCapInvalid);
    }
    expect((await setProjectCap(p.id, u.headers, 12.34)).data.spendingCapUsd).toBe(12.34);
    const again = await t.app.inject({ method: 'GET', url, headers: u.headers });
    expect((again.json() as { data: { spendingCapUsd: unknown } }).data.spendingCapUsd).toBe(12.34);
    expect((await setProjectCap(p.id, u.headers, null)).data.spendingCapUsd).toBeNull();

    // Someone else's project: as if it did not exist.
    const stranger = await signedInUser(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${p.id}/spending/`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("the account's cap holds a workspace member's pages too", async () => {
    const u = await owner();
    const a = await projectWithOneCity(u);
    const workspaceId = await accountWorkspaceId(t, u.user.id);
    // An editor with no plan and no key of their own, working in the owner's workspace.
    const editor = await signedInUser(t, { plan: null });
    await addMember(t, workspaceId, editor.user.id, 'editor', { chosen: true });
    const headers = { ...editor.headers, 'x-workspace-id': workspaceId };
    // The owner leaves room for exactly one more page on the account.
    const cap = cents((await spentOn(a.id)) + PAGE_USD + PAGE_USD / 2);
    expect((await setAccountCap(u.headers, cap)).spendingCapUsd).toBe(cap);

    const added = byStatus(await addCities(a.id, headers, TEXAS.slice(1, 4)));
    expect(added.written).toHaveLength(2);
    expect(added.held).toHaveLength(2);
    expect(added.held.every((c) => c.failureReason === MSG.spendingCapReached)).toBe(true);
    // The editor reads the account's spend through the project; the owner is mailed once.
    expect(await monthSpend(`/api/projects/${a.id}/spending/`, headers)).toMatchObject({
      heldPages: 2,
    });
    expect(await capMails(u.email)).toHaveLength(1);
    expect(await capMails(editor.email)).toHaveLength(0);
  });

  it('/auth/me/ answers and updates the account cap', async () => {
    const u = await owner();
    const me = await t.app.inject({ method: 'GET', url: '/auth/me/', headers: u.headers });
    expect((me.json() as { spendingCapUsd: unknown }).spendingCapUsd).toBeNull();
    expect((await setAccountCap(u.headers, 25.5)).spendingCapUsd).toBe(25.5);
    const after = await t.app.inject({ method: 'GET', url: '/auth/me/', headers: u.headers });
    expect((after.json() as { spendingCapUsd: unknown }).spendingCapUsd).toBe(25.5);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/auth/me/',
      headers: u.headers,
      payload: { spendingCapUsd: -5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(await monthSpend('/auth/me/spending/', u.headers)).toMatchObject({
      spentUsd: 0,
      capUsd: 25.5,
      heldPages: 0,
    });
  });
});
