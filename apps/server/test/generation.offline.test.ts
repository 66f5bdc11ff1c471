import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import { aiUsage, pages } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { signedInUser } from './helpers/factories.ts';
import { allPages, detailOf, settled } from './helpers/generation.ts';
import { http as inject } from './helpers/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { get, post, del } = inject(() => t);

async function createOffline(
  headers: Record<string, string>,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await post('/api/projects/create/', headers, {
    name: 'Bright Spark Electric',
    serviceType: 'Electrician',
    model: 'offline-draft',
    prompt:
      'Licensed electricians serving the Austin area.\n- Panel Upgrades\n- EV Charger Installation\n- Lighting Repair',
    contactPhoneNumber: '(512) 555-0100',
    email: 'hello@brightspark.test',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { data } = res.json() as { data: { id: string; status: string } };
  expect(data.status).toBe(PROJECT_STATUS.inProgress);
  return data.id;
}

describe('generation on the offline model', () => {
  it('writes the homepage and main pages as jobs, then the project is Created', async () => {
    const admin = await signedInUser(t, { superuser: true });
    const id = await createOffline(admin.headers);
    const detail = await settled(t, id, admin.headers);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    expect(detail.pages.map((p) => p.slug)).toEqual(['homepage', 'about-us', 'contact-us']);
    expect(detail.servicePages).toEqual([]);
    for (const page of detail.pages) {
      expect(page.status).toBe(PAGE_STATUS.completed);
      expect(page.failedAt).toBeNull();
      expect(page.model).toEqual({ id: 'offline-draft', name: 'Offline draft' });
      // Superusers see usage per page: one call each.
      expect(page.usage).toHaveLength(1);
      expect(page.usage[0]!.totalTokens).toBeGreaterThan(0);
    }
    const rows = await t.ctx.db.select().from(aiUsage).where(eq(aiUsage.projectId, id));
    expect(rows.map((r) => r.callType).sort()).toEqual(['homepage', 'main_page', 'main_page']);
    expect(detail.usage.length).toBeGreaterThan(0);
  });

  it('creates one service page per service the homepage lists when createServicePages is on', async () => {
    const admin = await signedInUser(t, { superuser: true });
    const id = await createOffline(admin.headers, { createServicePages: true });
    const detail = await settled(t, id, admin.headers);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    expect(detail.pages.map((p) => p.slug)).toContain('services');
    expect(detail.servicePages.map((p) => p.name)).toEqual([
      'Panel Upgrades',
      'EV Charger Installation',
      'Lighting Repair',
    ]);
    expect(allPages(detail).every((p) => p.status === PAGE_STATUS.completed)).toBe(true);

    const home = await get(`/api/projects/${id}/homepage/`, admin.headers);
    expect(home.statusCode).toBe(200);
    const html = (home.json() as { html: string }).html;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('Bright Spark Electric');
    expect(html).toContain('href="/services/panel-upgrades"');
    expect(html).toContain('tel:');

    const service = detail.servicePages[0]!;
    const page = await get(`/api/projects/${id}/page/${service.id}/`, admin.headers);
    expect(page.statusCode).toBe(200);
    const serviceHtml = (page.json() as { html: string }).html;
    expect(serviceHtml).toContain('Panel Upgrades');
    expect(serviceHtml).toContain('"@type":"BreadcrumbList"');
  });

  it('keeps previews to the owner and explains pages that are not written yet', async () => {
    const admin = await signedInUser(t, { superuser: true });
    const other = await signedInUser(t, { plan: 'free' });
    const id = await createOffline(admin.headers);
    await settled(t, id, admin.headers);
    expect((await get(`/api/projects/${id}/homepage/`, other.headers)).statusCode).toBe(404);
    const detail = await detailOf(t, id, admin.headers);
    const about = detail.pages.find((p) => p.slug === 'about-us')!;
    expect((await get(`/api/projects/${id}/page/${about.id}/`, other.headers)).statusCode).toBe(
      404,
    );
    expect(
      (await get(`/api/projects/${id}/page/00000000-0000-0000-0000-000000000000/`, admin.headers))
        .statusCode,
    ).toBe(404);

    // A page still queued answers 409 with a reason, not an empty document.
    await t.ctx.db
      .update(pages)
      .set({ status: PAGE_STATUS.queued, contentHtml: null })
      .where(eq(pages.id, about.id));
    const pending = await get(`/api/projects/${id}/page/${about.id}/`, admin.headers);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({ message: 'This page is still being generated.' });
  });

  it('adds a page with Add New Page, puts it in the menu and generates it', async () => {
    const admin = await signedInUser(t, { superuser: true });
    const id = await createOffline(admin.headers);
    await settled(t, id, admin.headers);
    // Not while the project is generating (the screen disables the button then, too).
    await t.ctx.repos.projectsRepo.update(id, { status: PROJECT_STATUS.inProgress });
    const early = await post(`/api/projects/${id}/create_page/`, admin.headers, {
      name: 'Pricing',
      prompt: 'How we price jobs',
      model: 'offline-draft',
    });
    expect(early.statusCode).toBe(409);
    await t.ctx.repos.projectsRepo.update(id, { status: PROJECT_STATUS.created });

    const missingName = await post(`/api/projects/${id}/create_page/`, admin.headers, {
      name: ' ',
      model: 'offline-draft',
    });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().errors.name).toEqual([MSG.projectNameRequired]);

    const res = await post(`/api/projects/${id}/create_page/`, admin.headers, {
      name: 'About Us',
      prompt: 'Our team and values',
      model: 'offline-draft',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { message: string; data: { id: string; slug: string } };
    expect(created.message).toBe(MSG.pageCreated);
    // The slug never collides with an existing page.
    expect(created.data.slug).toBe('about-us-2');
    const detail = await settled(t, id, admin.headers);
    expect(detail.status).toBe(PROJECT_STATUS.created);
    const page = detail.pages.find((p) => p.id === created.data.id)!;
    expect(page.status).toBe(PAGE_STATUS.completed);
    expect(page.prompt).toBe('Our team and values');
    expect(detail.headerLinks).toContainEqual({
      name: 'About Us',
      link: '/about-us-2',
      show: true,
    });

    const removed = await del(`/api/projects/${id}/page/${page.id}/`, admin.headers);
    expect(removed.statusCode).toBe(200);
    expect((await detailOf(t, id, admin.headers)).pages.map((p) => p.id)).not.toContain(page.id);
  });

  it('refuses a retry when nothing failed, and a page retry for a page that did not fail', async () => {
    const admin = await signedInUser(t, { superuser: true });
    const id = await createOffline(admin.headers);
    const detail = await settled(t, id, admin.headers);
    const retry = await post(`/api/projects/${id}/retry/`, admin.headers);
    expect(retry.statusCode).toBe(409);
    const home = detail.pages[0]!;
    const pageRetry = await post(`/api/projects/${id}/page/${home.id}/retry/`, admin.headers);
    expect(pageRetry.statusCode).toBe(409);
    const other = await signedInUser(t, { plan: 'free' });
    expect((await post(`/api/projects/${id}/retry/`, other.headers)).statusCode).toBe(404);
  });

  it('streams page state changes as server-sent events to the owner', async () => {
    const admin = await signedInUser(t, { superuser: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const id = await createOffline(admin.headers);
    await settled(t, id, admin.headers);
    // Retrying requires a failure: fail the about page by hand, then watch it come back.
    const detail = await detailOf(t, id, admin.headers);
    const about = detail.pages.find((p) => p.slug === 'about-us')!;
    await t.ctx.db
      .update(pages)
      .set({ status: PAGE_STATUS.failed, failureReason: 'forced', failedAt: new Date() })
      .where(eq(pages.id, about.id));

    const events: Array<{ kind: string; id: string; status: string }> = [];
    const done = new Promise<void>((resolve, reject) => {
      const req = http.get(
        `http://127.0.0.1:${address.port}/api/projects/${id}/events/`,
        { headers: admin.headers },
        (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toContain('text/event-stream');
          let buffer = '';
          res.on('data', (chunk: Buffer) => {
            buffer += chunk.toString('utf8');
            const frames = buffer.split('\n\n');
            buffer = frames.pop() ?? '';
            for (const frame of frames) {
              const data = frame.split('\n').find((l) => l.startsWith('data: '));
              if (frame.includes('event: change') && data) events.push(JSON.parse(data.slice(6)));
              if (frame.includes(': connected')) void retry();
            }
            if (events.some((e) => e.kind === 'project' && e.status === PROJECT_STATUS.created)) {
              req.destroy();
              resolve();
            }
          });
        },
      );
      req.on('error', (err) => (events.length ? undefined : reject(err)));
    });
    const retry = () => post(`/api/projects/${id}/page/${about.id}/retry/`, admin.headers);
    await done;
    const statuses = events.filter((e) => e.id === about.id).map((e) => e.status);
    expect(statuses).toContain(PAGE_STATUS.inProgress);
    expect(statuses).toContain(PAGE_STATUS.completed);

    const other = await signedInUser(t, { plan: 'free' });
    expect((await get(`/api/projects/${id}/events/`, other.headers)).statusCode).toBe(404);
  });
});
