import { randomBytes } from 'node:crypto';
import type { TAdminKpis, TAdminUser, TPaged } from '@cityforge/shared';
import { aiUsage, deploys, invoices } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { createProject } from './factories.ts';
import type { Headers } from './http.ts';

/** Paid or failed invoices of a user, `days` apart going back from now. */
export async function seedInvoices(
  t: TestApp,
  userId: string,
  items: { cents: number; status?: 'paid' | 'failed' }[],
) {
  const start = Date.now();
  await t.ctx.db.insert(invoices).values(
    items.map((item, i) => ({
      userId,
      stripeInvoiceId: `in_${randomBytes(8).toString('hex')}`,
      amountCents: item.cents,
      status: item.status ?? 'paid',
      description: `Invoice ${i + 1}`,
      hostedUrl: `https://invoice.test/${i + 1}`,
      createdAt: new Date(start - i * 86_400_000),
    })),
  );
}

export async function seedUsage(
  t: TestApp,
  userId: string,
  calls: { prompt: number; completion: number }[],
  projectId?: string,
) {
  await t.ctx.db.insert(aiUsage).values(
    calls.map((c) => ({
      userId,
      projectId,
      model: 'offline-draft',
      callType: 'page',
      promptTokens: c.prompt,
      completionTokens: c.completion,
      totalTokens: c.prompt + c.completion,
      // What the ledger records for the offline draft (usage.repo.ts).
      costUsd: 0,
    })),
  );
}

/** A project of the user with one deploy in each given state. */
export async function seedProjectWithDeploys(
  t: TestApp,
  userId: string,
  states: ('ready' | 'error')[],
) {
  const project = await createProject(t, userId);
  for (const [i, state] of states.entries()) {
    await t.ctx.db.insert(deploys).values({
      projectId: project.id,
      state,
      startedAt: new Date(Date.now() - (i + 1) * 60_000),
      finishedAt: new Date(),
    });
  }
  return project;
}

export async function adminUsers(t: TestApp, headers: Headers, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${query}`, headers });
  if (res.statusCode !== 200) throw new Error(`admin users ${res.statusCode}: ${res.body}`);
  return res.json() as TPaged<TAdminUser>;
}

export async function adminKpis(t: TestApp, headers: Headers): Promise<TAdminKpis> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/users/kpis/', headers });
  if (res.statusCode !== 200) throw new Error(`kpis ${res.statusCode}: ${res.body}`);
  return res.json() as TAdminKpis;
}
