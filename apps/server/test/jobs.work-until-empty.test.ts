import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * Jobs queued together wake a worker once (one NOTIFY), and pg-boss fetches one batch per
 * wake-up. The workers fetch again after every batch, so none of those jobs waits for the
 * queue's backstop poll (30 seconds, twice the time the drain below allows).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mail = (n: number) => ({
  to: `person-${n}@example.com`,
  subject: `Mail ${n}`,
  text: `Body ${n}`,
  html: `<p>Body ${n}</p>`,
});

describe('workers woken once', () => {
  it('handle every job queued together, not only the first batch', async () => {
    const before = t.smtp.mails.length;
    const sent = Array.from({ length: 6 }, (_, i) => mail(i));
    // One statement, one NOTIFY, more jobs than the worker's concurrency fetches at once.
    await t.ctx.boss.insert(
      QUEUES.sendMail,
      sent.map((data) => ({ data })),
    );
    await t.drainQueue(QUEUES.sendMail);
    const got = t.smtp.mails.slice(before).map((m) => m.subject);
    expect(got.sort()).toEqual(sent.map((m) => m.subject).sort());
  });

  it('notify workers tell staff of events queued together', async () => {
    const before = t.smtp.mails.length;
    // Events about no project make no mail; what matters is that each one is handled.
    const events = Array.from({ length: 4 }, () => ({
      data: { event: 'runFinished', projectId: crypto.randomUUID() },
    }));
    await t.ctx.boss.insert(QUEUES.notify, events);
    await t.drainQueue(QUEUES.notify);
    expect(t.smtp.mails.length).toBe(before);
  });
});
