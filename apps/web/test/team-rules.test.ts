import { describe, expect, it } from 'vitest';
import { guardRedirect } from '../src/app/guard';
import { afterSignIn } from '../src/features/auth/components/login-page';
import { grantableRoles, holdsTokens, memberActions } from '../src/features/team/team-rules';

const member = (userId: string, role: 'owner' | 'admin' | 'editor', isAccount = false) => ({
  userId,
  role,
  isAccount,
});

describe('the Team screen rules', () => {
  it('lets only an owner grant the owner role, and neither editors nor viewers grant any', () => {
    expect(grantableRoles('owner')).toEqual(['owner', 'admin', 'editor', 'viewer', 'client']);
    expect(grantableRoles('admin')).toEqual(['admin', 'editor', 'viewer', 'client']);
    expect(grantableRoles('editor')).toEqual([]);
    expect(grantableRoles('viewer')).toEqual([]);
  });

  it('offers remove to admins, leave on the own row, and nothing on the account holder', () => {
    expect(memberActions('admin', 'me', member('ed', 'editor'))).toEqual({
      changeRole: true,
      remove: true,
      leave: false,
    });
    expect(memberActions('admin', 'me', member('boss', 'owner'))).toEqual({
      changeRole: false,
      remove: false,
      leave: false,
    });
    expect(memberActions('editor', 'me', member('me', 'editor'))).toEqual({
      changeRole: false,
      remove: false,
      leave: true,
    });
    expect(memberActions('owner', 'me', member('me', 'owner', true))).toEqual({
      changeRole: false,
      remove: false,
      leave: false,
    });
  });

  it('gives clients no API tokens', () => {
    expect(holdsTokens('client')).toBe(false);
    expect(holdsTokens('viewer')).toBe(true);
  });
});

describe('the invitation page', () => {
  it('is open signed out, and to a signed-in user without a plan', () => {
    const path = '/invitations/abcDEF123_-abcDEF123_-';
    expect(guardRedirect({ path, user: null, loading: false })).toBeNull();
    const unsubscribed = { isSuperuser: false, isSubscribed: false, adminBypass: false };
    expect(guardRedirect({ path, user: unsubscribed, loading: false })).toBeNull();
  });

  it('is where sign-in returns to when it sent the user there, and nowhere else', () => {
    expect(afterSignIn('/invitations/abc_DEF-123')).toBe('/invitations/abc_DEF-123');
    expect(afterSignIn(null)).toBe('/projects');
    expect(afterSignIn('https://evil.example/invitations/x')).toBe('/projects');
    expect(afterSignIn('//evil.example')).toBe('/projects');
    expect(afterSignIn('/admin/users')).toBe('/projects');
  });
});
