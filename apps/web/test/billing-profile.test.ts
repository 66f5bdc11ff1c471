import { describe, expect, it } from 'vitest';
import { maskSecret, MSG } from '@cityforge/shared';
import { planAction } from '../src/features/plans/plan-action';
import { invoiceStatusVariant } from '../src/lib/invoice-status';
import { pageCount } from '../src/lib/pagination';
import { buildProfileUpdate } from '../src/features/profile/profile-payload';
import type { ProfileFormValues } from '../src/features/profile/profile-payload';

const free = { id: 'free', price: 0, purchasable: true };
const pro = { id: 'pro', price: 49, purchasable: true };
const proNoStripe = { id: 'pro', price: 49, purchasable: false };
const sub = (planId: string, isSubscribed = true) => ({
  isSubscribed,
  subscription: {
    plan: { id: planId, name: planId },
    status: 'active',
    startDate: '',
    currentPeriodEnd: null,
  },
});

describe('plan card actions', () => {
  it('offers Subscribe, or explains when payments are not configured', () => {
    expect(planAction(pro, null)).toBe('subscribe');
    expect(planAction(proNoStripe, sub('free'))).toBe('unavailable');
  });

  it('marks the current plan: free is just current, paid can be managed', () => {
    expect(planAction(free, sub('free'))).toBe('current');
    expect(planAction(pro, sub('pro'))).toBe('manage');
    expect(planAction(free, sub('pro'))).toBe('subscribe');
  });

  it('does not count a lapsed subscription as current', () => {
    expect(planAction(pro, sub('pro', false))).toBe('subscribe');
  });

  it('shows "paid" invoices in the success style', () => {
    expect(invoiceStatusVariant('paid')).toBe('success');
    expect(invoiceStatusVariant('Paid')).toBe('success');
    expect(invoiceStatusVariant('open')).toBe('warning');
    expect(invoiceStatusVariant('void')).toBe('danger');
    expect(invoiceStatusVariant('something')).toBe('default');
  });

  it('counts pages of 10', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('profile update payload', () => {
  const masked = maskSecret('sk-or-1234567890abcdef')!;
  const initial: ProfileFormValues = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    userNetlifyAccessToken: '',
    userOpenRouterApiKey: masked,
    userOpenAiApiKey: masked,
    spendingCapUsd: '12.5',
  };

  it('sends names, leaves untouched masked keys out', () => {
    const { payload, errors } = buildProfileUpdate(
      initial,
      { ...initial, firstName: ' Ada ' },
      true,
    );
    expect(payload).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(errors).toEqual({});
  });

  it('sends a new key, and "" to remove one', () => {
    const values = { ...initial, userNetlifyAccessToken: 'nf-token', userOpenAiApiKey: '' };
    expect(buildProfileUpdate(initial, values, true).payload).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      userNetlifyAccessToken: 'nf-token',
      userOpenAiApiKey: '',
    });
  });

  it('refuses a half-edited masked key', () => {
    const values = { ...initial, userOpenRouterApiKey: masked.slice(0, -1) };
    const { payload, errors } = buildProfileUpdate(initial, values, true);
    expect(errors).toEqual({ userOpenRouterApiKey: MSG.maskedKeyEdited });
    expect(payload).not.toHaveProperty('userOpenRouterApiKey');
  });

  it('sends the spending cap only when changed; emptied, it clears the cap', () => {
    const names = { firstName: 'Ada', lastName: 'Lovelace' };
    expect(buildProfileUpdate(initial, { ...initial }, true).payload).toEqual(names);
    const raised = { ...initial, spendingCapUsd: '$1,250.75' };
    expect(buildProfileUpdate(initial, raised, true).payload).toEqual({
      ...names,
      spendingCapUsd: 1250.75,
    });
    const cleared = { ...initial, spendingCapUsd: ' ' };
    expect(buildProfileUpdate(initial, cleared, false).payload).toEqual({
      ...names,
      spendingCapUsd: null,
    });
  });

  it('never sends keys for superusers', () => {
    const values = { ...initial, userNetlifyAccessToken: 'nf-token' };
    expect(buildProfileUpdate(initial, values, false).payload).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });
});
