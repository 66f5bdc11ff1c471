import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  MSG,
  PAGE_STATUS,
  PROJECT_STATUS,
  type TDeployment,
  type TProjectDetail,
  type TProjectImage,
  type TPublishResult,
} from '@cityforge/shared';
import { aiUsage, projectImages, stripeEvents } from '../src/db/schema/index.ts';
import { getGeoIndex } from '../src/modules/locations/geography-index.ts';
import type { Chaos, ChaosOptions } from '@cityforge/fakes/chaos';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import {
  startFakeStripe,
  type FakeStripe,
  type StripeEvent,
  type StripeObject,
} from '@cityforge/fakes/stripe';
import type { TestApp } from './helpers/app.ts';
import {
  createStripeTestApp,
  deliverAll,
  invoicesOf,
  paidCheckout,
  sendEvent,
} from './helpers/billing.ts';
import { createProject, giveKeys, signedInUser } from './helpers/factories.ts';
import { allPages, detailOf, settled } from './helpers/generation.ts';
import { http, type Headers } from './helpers/http.ts';
import { citiesOf, FIFTY_CITIES, spreadsheet, uploaded } from './helpers/locations.ts';
import { publish, published, siteProject } from './helpers/publishing.ts';

/**
 * Flaky services: the fake AI, Netlify and Stripe servers answer 30% of calls with an error status,
 * a dropped connection or a stall, and every flow must still end in a correct state the user
 * can see. Faults come from a seeded hash per request (chaos.ts in @cityforge/fakes), so a run replays.
 *
 * The AI and Netlify deadlines are set short through the env contract and their stalls outlast
 * them: the product must give up on a stalled call and retry it. Stripe's SDK (20 s) and the
 * image client (120 s) have no knob, so their stalls are slow answers that must still be used.
 */
const RATE = 0.3;
const AI_TIMEOUT_SECONDS = 5;
const AI_STALL_MS = 6_000;
const NETLIFY_TIMEOUT_SECONDS = 1;
const NETLIFY_STALL_MS = 2_000;
const SLOW_ANSWER_MS = 800;
const MODEL = 'anthropic/claude-3.7-sonnet';
const FLOW_TIMEOUT = 150_000;

let t: TestApp;
let ai: FakeAi;
let imageAi: FakeAi;
let netlify: FakeNetlify;
let stripe: FakeStripe;
beforeAll(async () => {
  [ai, imageAi, netlify, stripe] = await Promise.all([
    startFakeAi(),
    startFakeAi(),
    startFakeNetlify(),
    startFakeStripe(),
  ]);
  // Pages go to OpenRouter and images to OpenAI: two fakes, so the flows' faults stay apart.
  // Its own database on PostgreSQL: the plans table keeps the price ids of the Stripe it met.
  t = await createStripeTestApp(
    stripe,
    {
      OPENROUTER_BASE_URL: ai.openRouterUrl,
      OPENAI_BASE_URL: imageAi.url,
      NETLIFY_API_URL: netlify.url,
      AI_TIMEOUT_SECONDS: String(AI_TIMEOUT_SECONDS),
      NETLIFY_TIMEOUT_SECONDS: String(NETLIFY_TIMEOUT_SECONDS),
      WORKER_CONCURRENCY: '8',
    },
    { isolatedDatabase: true },
  );
  // The index of places is built once per process, in seconds of CPU: built now, it does not
  // freeze the event loop in the middle of a flow (a frozen loop outlasts short deadlines).
  getGeoIndex();
});
afterAll(async () => {
  await t?.close();
  await Promise.all([ai, imageAi, netlify, stripe].map((fake) => fake?.close()));
});

const { get, post, del } = http(() => t);

type Tally = { status: number; reset: number; stall: number; abandoned: number };
const noFaults = (): Tally => ({ status: 0, reset: 0, stall: 0, abandoned: 0 });

/** Runs `body` with chaos on, then adds what the fake injected to `tally`. */
async function withChaos<T>(chaos: Chaos, options: ChaosOptions, tally: Tally, body: () => T) {
  chaos.start(options);
  try {
    return await body();
  } finally {
    chaos.stop();
    const counts = chaos.counts();
    for (const kind of Object.keys(tally) as (keyof Tally)[]) tally[kind] += counts[kind];
  }
}

/** Without each kind of fault actually injected, the flow would prove nothing. */
function expectEveryKind(tally: Tally) {
  expect(tally.status, 'error statuses injected').toBeGreaterThan(0);
  expect(tally.reset, 'connection resets injected').toBeGreaterThan(0);
  expect(tally.stall, 'stalls injected').toBeGreaterThan(0);
}

const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);

// Each flow has fakes of its own, so the four run side by side (each replays its own seeds);
// the steps inside a flow run in order.

describe.concurrent('generation with a flaky AI provider', () => {
  async function aiProject(name: string) {
    const u = await signedInUser(t, { plan: 'basic' });
    const key = `sk-or-${u.user.id}`;
    await giveKeys(t, u.user.id, { openrouter: key });
    const res = await post('/api/projects/create/', u.headers, {
      name,
      serviceType: 'Plumbing',
      model: MODEL,
      prompt: `${name}, a family business since 1998.\n- Drain Cleaning\n- Water Heater Repair`,
      contactPhoneNumber: '(512) 555-0199',
      createServicePages: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...u, key, id: (res.json() as { data: { id: string } }).data.id };
  }

  /** Every page and city page is Completed, or Failed with a reason the user can read. */
  function pagesOf(detail: TProjectDetail) {
    const pages = [...allPages(detail), ...citiesOf(detail)];
    for (const page of pages) {
      expect([PAGE_STATUS.completed, PAGE_STATUS.failed], page.name).toContain(page.status);
      if (page.status === PAGE_STATUS.failed) {
        expect(page.failureReason, page.name).toBeTruthy();
        expect(page.failedAt, page.name).not.toBeNull();
      }
    }
    return pages;
  }

  /** One usage row per answer the provider completed: retried calls are not billed twice. */
  async function expectUsageOfAnswers(projectId: string, key: string, pages: number) {
    const rows = await t.ctx.db.select().from(aiUsage).where(eq(aiUsage.projectId, projectId));
    const answers = ai.completions.filter((c) => c.key === key);
    expect(rows).toHaveLength(answers.length);
    expect(answers).toHaveLength(pages);
    expect(sum(rows.map((r) => r.totalTokens))).toBe(sum(answers.map((c) => c.usage.total_tokens)));
  }

  it(
    'settles every page Completed or Failed with its reason, bills each answer once, and a retry finishes the rest',
    async () => {
      const faults = noFaults();
      const cities = [['City', 'State', 'County', 'ZIP'], ...FIFTY_CITIES.slice(0, 8)];
      const [a, b] = await withChaos(
        ai.chaos,
        { rate: RATE, seed: 11, stallMs: AI_STALL_MS },
        faults,
        async () => {
          // Credits run out for one page of one project: a failure no retry can fix.
          const outOfCredits = ai.failWhile(
            (call) =>
              JSON.stringify(call.messages).includes('Lone Star Plumbing') &&
              JSON.stringify(call.messages).includes('Page: Contact Us'),
            { status: 402 },
          );
          try {
            const [a, b] = await Promise.all([
              aiProject('Lone Star Plumbing'),
              aiProject('Bluebonnet Drains'),
            ]);
            await settled(t, b.id, b.headers, 100_000);
            // City pages go through the same provider, after the project's own pages.
            await uploaded(t, b.id, b.headers, [spreadsheet('csv', cities)], { model: MODEL });
            const withDetail = async (p: typeof a) => ({
              ...p,
              detail: await settled(t, p.id, p.headers, 100_000),
            });
            return await Promise.all([withDetail(a), withDetail(b)]);
          } finally {
            outOfCredits();
          }
        },
      );
      expectEveryKind(faults);
      // Every stall outlived AI_TIMEOUT_SECONDS and was abandoned, including those that came
      // after the first streamed bytes, which the SDK's own timeout does not cover.
      expect(faults.abandoned, 'stalls the client gave up on').toBe(faults.stall);
      expect(ai.chaos.injected.some((r) => r.fault.kind === 'stall' && r.fault.midBody)).toBe(true);

      const pagesA = pagesOf(a.detail);
      const failed = pagesA.filter((p) => p.status === PAGE_STATUS.failed);
      expect(failed.map((p) => p.name)).toEqual(['Contact Us']);
      expect(failed[0]!.failureReason).toMatch(/^OpenRouter reports insufficient credits: /);
      expect(a.detail.status).toBe(PROJECT_STATUS.error);
      await expectUsageOfAnswers(a.id, a.key, pagesA.length - 1);

      const pagesB = pagesOf(b.detail);
      expect(citiesOf(b.detail)).toHaveLength(8);
      expect(pagesB.every((p) => p.status === PAGE_STATUS.completed)).toBe(true);
      expect(b.detail.status).toBe(PROJECT_STATUS.created);
      await expectUsageOfAnswers(b.id, b.key, pagesB.length);

      // The provider is healthy again: the user retries the failed page and it is written.
      const retry = await post(`/api/projects/${a.id}/retry/`, a.headers);
      expect(retry.statusCode, retry.body).toBe(200);
      const after = await settled(t, a.id, a.headers);
      expect(after.status).toBe(PROJECT_STATUS.created);
      const pagesAfter = pagesOf(after);
      expect(pagesAfter.every((p) => p.status === PAGE_STATUS.completed)).toBe(true);
      await expectUsageOfAnswers(a.id, a.key, pagesAfter.length);
    },
    FLOW_TIMEOUT,
  );
});

describe.concurrent('images with a flaky OpenAI', () => {
  it(
    'answers each request with a saved image or a clear 502, and saves nothing half-way',
    async () => {
      const u = await signedInUser(t);
      const key = `sk-${u.user.id}`;
      await giveKeys(t, u.user.id, { openai: key });
      const project = await createProject(t, u.user.id);
      const generate = (n: number) =>
        post(`/api/projects/${project.id}/images/`, u.headers, { prompt: `A plumber's van ${n}` });

      const faults = noFaults();
      const answers = await withChaos(
        imageAi.chaos,
        { rate: RATE, seed: 4, stallMs: SLOW_ANSWER_MS },
        faults,
        async () => {
          const all = [];
          for (let n = 1; n <= 16; n++) all.push(await generate(n));
          return all;
        },
      );
      expectEveryKind(faults);
      // Shorter than the client's timeout: every stalled image was answered late, and kept.
      expect(faults.abandoned).toBe(0);

      for (const res of answers) {
        expect([201, 502], res.body).toContain(res.statusCode);
        if (res.statusCode === 502)
          expect((res.json() as { message: string }).message).toMatch(`${MSG.imageFailed}: `);
      }
      const made = answers
        .filter((r) => r.statusCode === 201)
        .map((r) => r.json() as TProjectImage);
      expect(made.length).toBeGreaterThan(0);
      expect(made.length).toBeLessThan(answers.length);

      // What OpenAI answered is exactly what was kept: a row, a file with its bytes, a usage row.
      const answered = imageAi.images.requests.filter((r) => r.key === key && r.status === 200);
      expect(answered).toHaveLength(made.length);
      const rows = await t.ctx.db
        .select()
        .from(projectImages)
        .where(eq(projectImages.projectId, project.id));
      expect(rows.map((r) => r.id).sort()).toEqual(made.map((i) => i.id).sort());
      const imagesDir = path.join(t.config.dataDir, 'images');
      expect(fs.readdirSync(imagesDir).sort()).toEqual(rows.map((r) => r.file).sort());
      const kept = rows.map((r) =>
        fs.readFileSync(path.join(imagesDir, r.file)).toString('base64'),
      );
      const sent = answered.map((r) => imageAi.images.files.get(r.fileId!)!.toString('base64'));
      expect(kept.sort()).toEqual(sent.sort());
      const usage = await t.ctx.db
        .select()
        .from(aiUsage)
        .where(and(eq(aiUsage.projectId, project.id), eq(aiUsage.callType, 'image')));
      expect(usage).toHaveLength(made.length);
      const listed = await get(`/api/projects/${project.id}/images/`, u.headers);
      expect((listed.json() as { results: unknown[] }).results).toHaveLength(made.length);

      expect((await generate(17)).statusCode).toBe(201);
    },
    FLOW_TIMEOUT,
  );
});

describe.concurrent('publishing with a flaky Netlify', () => {
  const deploymentOf = async (id: string, headers: Headers) =>
    ((await get(`/api/projects/${id}/deployment/`, headers)).json() as { data: TDeployment }).data;
  const netlifyDeploy = async (deployId: string) => {
    const row = await t.ctx.repos.publishingRepo.findDeploy(deployId);
    return netlify.deploys.get(row!.netlifyDeployId!)!;
  };

  /** The site on Netlify holds every built file, as published. */
  function expectLive(result: TPublishResult) {
    const files = netlify.publishedFiles(new URL(result.netlifyUrl).host);
    expect(files.size).toBe(result.deployment.filesTotal);
    expect(files.get('/index.html')!.toString()).toContain('Lone Star Plumbing');
    expect(files.get('/states/idaho/ada-county/boise.html')!.toString()).toContain('Boise');
    expect(files.get('/sitemap.xml')!.toString()).toContain(
      `<loc>${result.netlifyUrl}/states/idaho/ada-county/boise</loc>`,
    );
  }

  it(
    'ends a deploy Ready with every file or Failed with the reason; a clean redeploy uploads only what is missing',
    async () => {
      const [ready, broken] = await Promise.all([siteProject(t), siteProject(t)]);
      const faults = noFaults();
      const chaos = { rate: RATE, seed: 3, stallMs: NETLIFY_STALL_MS };
      const sites = netlify.sites.size;
      const first = await withChaos(netlify.chaos, chaos, faults, () =>
        publish(t, ready.id, ready.headers),
      );
      expect(first.statusCode, first.body).toBe(200);
      const live = first.json() as TPublishResult;
      expect(live.deployment.state).toBe('ready');
      expect(live.status).toBe(PROJECT_STATUS.published);
      expect(netlify.sites.size).toBe(sites + 1);
      expectLive(live);
      // Published under faults, yet the same as a clean build: a clean redeploy sends nothing.
      const clean = await published(t, ready.id, ready.headers);
      expect(clean.deployment.filesToUpload).toBe(0);
      const [before, after] = await Promise.all([
        netlifyDeploy(live.deployment.id),
        netlifyDeploy(clean.deployment.id),
      ]);
      expect([...after.files].sort()).toEqual([...before.files].sort());

      // One page Netlify refuses every time: the deploy fails with Netlify's reason, no wait.
      const boise = (r: { method: string; path: string }) =>
        r.method === 'PUT' && r.path.endsWith('/boise.html');
      netlify.failNext({ status: 503, times: 5, match: boise });
      const refused = await withChaos(netlify.chaos, { ...chaos, seed: 4 }, faults, () =>
        publish(t, broken.id, broken.headers),
      );
      expect(refused.statusCode, refused.body).toBe(502);
      const reason = 'Netlify could not take the deploy: Service Unavailable (HTTP 503)';
      expect((refused.json() as { message: string }).message).toBe(reason);
      const shown = await deploymentOf(broken.id, broken.headers);
      expect(shown).toMatchObject({ state: 'error', error: reason });
      expect(shown.finishedAt).not.toBeNull();
      expect((await detailOf(t, broken.id, broken.headers)).status).not.toBe(
        PROJECT_STATUS.published,
      );

      expectEveryKind(faults);
      // Every stall outlived NETLIFY_TIMEOUT_SECONDS and was abandoned, then retried.
      expect(faults.abandoned, 'stalls the client gave up on').toBe(faults.stall);

      // Netlify is healthy again: the redeploy sends only what the failed one did not.
      const failedDeploy = await netlifyDeploy(shown.id);
      const sentBefore = new Set(
        netlify.uploads.filter((u) => u.deployId === failedDeploy.id).map((u) => u.sha),
      );
      expect(sentBefore.size).toBeGreaterThan(0);
      const fixed = await published(t, broken.id, broken.headers);
      // Once the owner was told it failed, nothing more went up for the failed deploy.
      const lastUpload = Math.max(
        ...netlify.requests
          .filter((r) => r.method === 'PUT' && r.path.startsWith(`/deploys/${failedDeploy.id}/`))
          .map((r) => r.at),
      );
      expect(lastUpload).toBeLessThanOrEqual(new Date(shown.finishedAt!).getTime());
      expect(fixed.deployment.state).toBe('ready');
      expectLive(fixed);
      const redeploy = await netlifyDeploy(fixed.deployment.id);
      const sentNow = netlify.uploads.filter((u) => u.deployId === redeploy.id);
      expect(sentNow.map((u) => u.sha).sort()).toEqual([...redeploy.required].sort());
      expect(sentNow.some((u) => u.path.endsWith('/boise.html'))).toBe(true);
      for (const upload of sentNow) expect(sentBefore.has(upload.sha), upload.path).toBe(false);
      expect(new Set([...sentBefore, ...sentNow.map((u) => u.sha)])).toEqual(
        new Set(redeploy.files.values()),
      );
    },
    FLOW_TIMEOUT,
  );
});

describe.concurrent('billing with a flaky Stripe', () => {
  const message = (res: { json(): unknown }) => (res.json() as { message: string }).message;
  type Payer = { user: { id: string }; headers: Headers };
  const customersOf = (userId: string) =>
    [...stripe.customers.values()].filter((c) => c.metadata?.userId === userId);

  /** Checkout under faults; then everyone who was refused buys. */
  async function checkouts(chaos: ChaosOptions, faults: Tally) {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signedInUser(t)));
    const checkouts = await withChaos(stripe.chaos, chaos, faults, async () => {
      const started = [];
      for (const b of buyers) started.push(await post('/api/checkout/basic/', b.headers));
      return started;
    });
    expect(checkouts.map((r) => r.statusCode)).toContain(200);
    expect(checkouts.map((r) => r.statusCode)).toContain(502);
    for (const [i, res] of checkouts.entries()) {
      expect([200, 502], res.body).toContain(res.statusCode);
      if (res.statusCode === 502) expect(message(res)).toBe(MSG.paymentProviderFailed);
      else {
        const { url } = res.json() as { url: string };
        const session = stripe.checkoutSessions.get(
          decodeURIComponent(url.split('/checkout/')[1]!),
        );
        expect(session?.customer).toBe(customersOf(buyers[i]!.user.id)[0]?.id);
      }
    }
    for (const [i, b] of buyers.entries()) {
      if (checkouts[i]!.statusCode === 200) continue;
      const again = await post('/api/checkout/basic/', b.headers);
      expect(again.statusCode, again.body).toBe(200);
    }
    // However many tries it took, each buyer has one Stripe customer, the one on file.
    for (const b of buyers) {
      const customers = customersOf(b.user.id);
      expect(customers).toHaveLength(1);
      expect((await t.ctx.repos.usersRepo.findById(b.user.id))!.stripeCustomerId).toBe(
        customers[0]!.id,
      );
    }
  }

  /**
   * Deliveries like Stripe's: an answer other than 2xx is delivered again later, and some
   * events arrive twice. A failed re-read must answer 502, never 2xx (lost) nor 500.
   */
  async function webhooks(chaos: ChaosOptions, faults: Tally) {
    const payers = await Promise.all(Array.from({ length: 5 }, () => signedInUser(t)));
    const events: StripeEvent[] = [];
    const subscriptionOf = new Map<string, string>();
    for (const p of payers) {
      const paid = await paidCheckout(t, stripe, p.headers, 'basic');
      subscriptionOf.set(p.user.id, paid.subscriptionId);
      events.push(...paid.events);
    }
    events.push(...stripe.failRenewal(subscriptionOf.get(payers[0]!.user.id)!));
    events.push(...stripe.cancelSubscription(subscriptionOf.get(payers[1]!.user.id)!));

    const statuses = await withChaos(stripe.chaos, chaos, faults, async () => {
      const seen: number[] = [];
      let pending = [...events, ...events.slice(0, 4)];
      for (let round = 0; pending.length > 0 && round < 10; round++) {
        const again: StripeEvent[] = [];
        for (const event of pending) {
          const res = await sendEvent(t, stripe, event);
          seen.push(res.statusCode);
          if (res.statusCode === 200) continue;
          expect(res.statusCode, res.body).toBe(502);
          expect(message(res)).toBe(MSG.paymentProviderFailed);
          again.push(event);
        }
        pending = again;
      }
      expect(pending).toHaveLength(0);
      return seen;
    });
    expect(statuses).toContain(502);

    const ids = events.map((e) => e.id);
    const recorded = await t.ctx.db
      .select()
      .from(stripeEvents)
      .where(inArray(stripeEvents.id, ids));
    expect(recorded).toHaveLength(ids.length);
    // Our copy is Stripe's, however late, twice or out of order the events came.
    for (const p of payers) {
      const theirs = stripe.subscriptions.get(subscriptionOf.get(p.user.id)!)!;
      const ours = await t.ctx.repos.billingRepo.findSubscription(p.user.id);
      expect(ours).toMatchObject({
        planId: 'basic',
        status: theirs.status,
        stripeSubscriptionId: theirs.id,
      });
      expect(ours!.currentPeriodEnd!.getTime()).toBe(
        Math.max(...(theirs.items.data as StripeObject[]).map((i) => i.current_period_end)) * 1000,
      );
      const invoices = [...stripe.invoices.values()].filter((i) => i.customer === theirs.customer);
      const listed = await invoicesOf(t, p.headers);
      expect(listed.results.map((i) => i.status).sort()).toEqual(
        invoices.map((i) => (i.status === 'paid' ? 'paid' : 'failed')).sort(),
      );
    }
    expect((await t.ctx.repos.billingRepo.findSubscription(payers[0]!.user.id))!.status).toBe(
      'past_due',
    );
    expect((await t.ctx.repos.billingRepo.findSubscription(payers[1]!.user.id))!.status).toBe(
      'canceled',
    );
    return payers;
  }

  /** The billing portal of subscribers: a URL of their own customer's portal, or a clear 502. */
  async function portals(payers: Payer[], chaos: ChaosOptions, faults: Tally) {
    const twice = [...payers, ...payers];
    const answers = await withChaos(stripe.chaos, chaos, faults, async () => {
      const all = [];
      for (const p of twice) all.push(await post('/api/manage/subscription/', p.headers));
      return all;
    });
    const sessions = [...stripe.portalSessions.values()];
    for (const [i, res] of answers.entries()) {
      if (res.statusCode === 502) {
        expect(message(res)).toBe(MSG.paymentProviderFailed);
        continue;
      }
      expect(res.statusCode, res.body).toBe(200);
      const { url } = res.json() as { url: string };
      const customer = customersOf(twice[i]!.user.id)[0]!.id;
      expect(sessions.find((s) => s.url === url)?.customer).toBe(customer);
    }
  }

  /** Deleting a paying user cancels at Stripe first; when Stripe fails nothing is deleted. */
  async function adminDeletes(chaos: ChaosOptions, faults: Tally) {
    const admin = await signedInUser(t, { superuser: true });
    const payers = await Promise.all(Array.from({ length: 8 }, () => signedInUser(t)));
    const subscriptionOf = new Map<string, string>();
    for (const p of payers) {
      const paid = await paidCheckout(t, stripe, p.headers, 'basic');
      await deliverAll(t, stripe, paid.events);
      subscriptionOf.set(p.user.id, paid.subscriptionId);
    }
    const remove = (id: string) => del(`/api/admin/users/${id}/`, admin.headers);
    const answers = await withChaos(stripe.chaos, chaos, faults, async () => {
      const all = [];
      for (const p of payers) all.push(await remove(p.user.id));
      return all;
    });
    expect(answers.map((r) => r.statusCode)).toContain(200);
    expect(answers.map((r) => r.statusCode)).toContain(502);
    for (const [i, res] of answers.entries()) {
      const id = payers[i]!.user.id;
      const sub = stripe.subscriptions.get(subscriptionOf.get(id)!)!;
      if (res.statusCode === 200) {
        expect(await t.ctx.repos.usersRepo.findById(id)).toBeNull();
        expect(sub.status).toBe('canceled');
        continue;
      }
      expect(res.statusCode, res.body).toBe(502);
      expect(message(res)).toBe(MSG.paymentProviderFailed);
      expect(await t.ctx.repos.usersRepo.findById(id)).not.toBeNull();
      expect(await t.ctx.repos.billingRepo.findSubscription(id)).toMatchObject({
        status: 'active',
      });
      expect(sub.status).toBe('active');
      // Stripe is back: the same delete goes through.
      expect((await remove(id)).statusCode).toBe(200);
      expect(await t.ctx.repos.usersRepo.findById(id)).toBeNull();
      expect(sub.status).toBe('canceled');
    }
  }

  it(
    'answers 502 when Stripe fails, saves nothing partial, and ends with our copy equal to Stripe',
    async () => {
      const faults = noFaults();
      const chaos = { rate: RATE, seed: 1, stallMs: SLOW_ANSWER_MS };
      await checkouts(chaos, faults);
      const payers = await webhooks({ ...chaos, seed: 8 }, faults);
      await portals(payers, { ...chaos, seed: 10 }, faults);
      await adminDeletes({ ...chaos, seed: 6 }, faults);
      expectEveryKind(faults);
      // Shorter than the SDK's timeout: stalled calls were answered late, and used.
      expect(faults.abandoned).toBe(0);
    },
    FLOW_TIMEOUT,
  );
});
