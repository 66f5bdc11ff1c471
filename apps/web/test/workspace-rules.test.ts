import { worksUnderPlan } from '../src/lib/workspaces';
import { describe, expect, it } from 'vitest';
import { maskSecret, MSG, type TWorkspace } from '@cityforge/shared';
import { buildKeysUpdate, keysDefaults } from '../src/features/workspace/keys-payload';
import {
  clientMayStay,
  landingOf,
  managesWorkspace,
  switcherOf,
} from '../src/features/workspace/workspace-rules';

const ws = (id: string, current: boolean): TWorkspace => ({
  id,
  name: id,
  role: 'editor',
  current,
  own: false,
  subscribed: true,
  aiKeys: { openAi: false, openRouter: true },
});

describe('the header’s workspace switcher', () => {
  it('shows only to someone in more than one workspace, on the current one', () => {
    expect(switcherOf(undefined)).toBeNull();
    expect(switcherOf([ws('own', true)])).toBeNull();
    expect(switcherOf([ws('own', false), ws('agency', true)])?.id).toBe('agency');
  });

  it('lands a client on their review list and everyone else on the projects', () => {
    expect(landingOf('client')).toBe('/review');
    for (const role of ['owner', 'admin', 'editor', 'viewer'] as const)
      expect(landingOf(role)).toBe('/projects');
  });

  it('keeps a client to their agency’s view, their account, e-mails and invitations', () => {
    for (const path of [
      '/review',
      '/review/p1',
      '/profile',
      '/workspace/settings',
      '/invitations/t0k',
    ])
      expect(clientMayStay(path), path).toBe(true);
    for (const path of [
      '/projects',
      '/plans',
      '/team',
      '/project/p1/detail',
      '/reviewers',
      '/upload',
    ])
      expect(clientMayStay(path), path).toBe(false);
  });

  it('gives the keys card to owners and admins only', () => {
    expect(
      ['owner', 'admin', 'editor', 'viewer', 'client'].map((r) => managesWorkspace(r as never)),
    ).toEqual([true, true, false, false, false]);
  });
});

describe('the workspace keys form', () => {
  const stored = {
    netlifyAccessToken: maskSecret('nfp_agency_token_1234'),
    openRouterApiKey: null,
    openAiApiKey: maskSecret('sk-agency-openai-5678'),
  };

  it('sends only what changed: a new key, an emptied one; a key left masked stays', () => {
    const initial = keysDefaults(stored);
    const { payload, errors } = buildKeysUpdate(initial, {
      ...initial,
      openRouterApiKey: ' sk-or-v1-new ',
      openAiApiKey: '',
    });
    expect(errors).toEqual({});
    expect(payload).toEqual({ openRouterApiKey: 'sk-or-v1-new', openAiApiKey: '' });
  });

  it('refuses half a key: a masked value edited but still masked', () => {
    const initial = keysDefaults(stored);
    const { payload, errors } = buildKeysUpdate(initial, {
      ...initial,
      netlifyAccessToken: `${initial.netlifyAccessToken}9`,
    });
    expect(payload).toEqual({});
    expect(errors).toEqual({ netlifyAccessToken: MSG.maskedKeyEdited });
  });
});

describe('the plan a person works under', () => {
  const mine = { ...ws('own', true), own: true, subscribed: false };
  it("is their own, or, as a member, the workspace's account's", () => {
    expect(worksUnderPlan({ isSubscribed: true }, null)).toBe(true);
    expect(worksUnderPlan({ isSubscribed: false }, ws('agency', true))).toBe(true);
    expect(
      worksUnderPlan({ isSubscribed: false }, { ...ws('agency', true), subscribed: false }),
    ).toBe(false);
    // Their own workspace's plan is theirs: without one, they have none.
    expect(worksUnderPlan({ isSubscribed: false }, mine)).toBe(false);
    expect(worksUnderPlan({ isSubscribed: false }, undefined)).toBe(false);
  });
});
