import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { adminKpis, seedInvoices } from './helpers/admin.ts';
import { createUser, signedInUser } from './helpers/factories.ts';

// KPIs count every user, so this file has a database of its own (the others share one).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { isolatedDatabase: true });
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

async function seeded(opts: {
  plan?: 'free' | 'basic' | 'pro' | 'enterprise';
  status?: string;
  lastSeenDaysAgo?: number | null;
  isActive?: boolean;
  adminBypass?: boolean;
}) {
  const { user } = await createUser(t, { adminBypass: opts.adminBypass ?? false });
  if (opts.plan) {
    await t.ctx.repos.billingRepo.upsertSubscription({
      userId: user.id,
      planId: opts.plan,
      status: opts.status ?? 'active',
    });
  }
  await t.ctx.db
    .update(users)
    .set({
      isActive: opts.isActive ?? true,
      lastActivityAt:
        opts.lastSeenDaysAgo == null ? null : new Date(Date.now() - opts.lastSeenDaysAgo * DAY),
    })
    .where(eq(users.id, user.id));
  return user;
}

describe('admin KPIs', () => {
  it('counts users, active users, paid users and revenue on a seeded set', async () => {
    const admin = await signedInUser(t, { superuser: true }); // active: just signed in
    const basic = await seeded({ plan: 'basic', lastSeenDaysAgo: 0 });
    const pastDue = await seeded({ plan: 'pro', status: 'past_due', lastSeenDaysAgo: 10 });
    await seeded({ plan: 'free', lastSeenDaysAgo: 40 });
    await seeded({ plan: 'basic', status: 'canceled', lastSeenDaysAgo: null });
    const deactivated = await seeded({
      plan: 'enterprise',
      status: 'trialing',
      lastSeenDaysAgo: 1,
      isActive: false,
    });
    await seeded({ adminBypass: true, lastSeenDaysAgo: 29 });

    await seedInvoices(t, basic.id, [{ cents: 2900 }, { cents: 2900 }]);
    await seedInvoices(t, pastDue.id, [{ cents: 7900 }, { cents: 7900, status: 'failed' }]);
    await seedInvoices(t, deactivated.id, [{ cents: 19900, status: 'failed' }]);

    expect(await adminKpis(t, admin.headers)).toEqual({
      totalUsers: 7,
      // Seen within 30 days and not deactivated: the admin, basic, past-due, admin-bypass.
      totalActiveUsers: 4,
      // A paid plan whose subscription grants access: basic, past-due pro, trialing enterprise.
      totalPaidUsers: 3,
      // Paid invoices only.
      totalRevenue: 137,
    });
  });
});
