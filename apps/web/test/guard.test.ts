import { describe, expect, it } from 'vitest';
import { guardRedirect, showFullScreenLoading } from '../src/app/guard';
import type { GuardUser } from '../src/app/guard';

const subscribed: GuardUser = { isSuperuser: false, isSubscribed: true, adminBypass: false };
const unsubscribed: GuardUser = { isSuperuser: false, isSubscribed: false, adminBypass: false };
const bypass: GuardUser = { isSuperuser: false, isSubscribed: false, adminBypass: true };
const superuser: GuardUser = { isSuperuser: true, isSubscribed: true, adminBypass: false };
const superBypass: GuardUser = { isSuperuser: true, isSubscribed: false, adminBypass: true };

const AUTH = ['/login', '/signup', '/verify-email', '/request-password-reset', '/reset-password'];
const APP = [
  '/projects',
  '/projects/new',
  '/project/p1/detail',
  '/project/p1/homepage',
  '/project/p1/page/about',
  '/project/p1/service/roofing',
  '/project/p1/states',
  '/project/p1/counties/s1',
  '/project/p1/cities/c1',
  '/project/p1/city/c9',
  '/projects/p1/settings',
  '/projects/p1/edit',
  '/projects/p1/page/about/edit',
  '/projects/p1/service/roofing/edit',
  '/projects/p1/city/c9/edit',
  '/upload',
];

const go = (path: string, user: GuardUser | null, loading = false) =>
  guardRedirect({ path, user, loading });

describe('route guard: signed out', () => {
  it.each([...AUTH, '/payment-success'])('lets a visitor stay on %s', (path) => {
    expect(go(path, null)).toBeNull();
  });

  it.each([...APP, '/profile', '/plans', '/admin/users'])(
    'sends a visitor on %s to /login',
    (path) => {
      expect(go(path, null)).toBe('/login');
    },
  );

  it('sends / and unknown paths to /login', () => {
    expect(go('/', null)).toBe('/login');
    expect(go('/nope/at/all', null)).toBe('/login');
  });
});

describe('route guard: admin bypass', () => {
  it.each([...AUTH, '/payment-success'])('sends a bypass user on %s to /projects', (path) => {
    expect(go(path, bypass)).toBe('/projects');
  });

  it.each([...APP, '/profile', '/plans'])(
    'lets a bypass user use %s without a subscription',
    (path) => {
      expect(go(path, bypass)).toBeNull();
    },
  );

  it('still keeps a bypass user who is not a superuser out of /admin/users', () => {
    expect(go('/admin/users', bypass)).toBe('/projects');
    expect(go('/admin/users', superBypass)).toBeNull();
  });
});

describe('route guard: signed in without a subscription', () => {
  it.each(['/plans', '/profile', '/payment-success'])('allows %s', (path) => {
    expect(go(path, unsubscribed)).toBeNull();
  });

  // A client works under its agency's plan: its review view and e-mail settings stay open.
  it.each(['/review', '/review/p1', '/workspace/settings'])('allows %s to a client', (path) => {
    expect(go(path, unsubscribed)).toBeNull();
  });

  it.each([...APP, ...AUTH])('sends %s to /plans', (path) => {
    expect(go(path, unsubscribed)).toBe('/plans');
  });

  it('sends / and unknown paths to /plans (via /projects)', () => {
    expect(go('/', unsubscribed)).toBe('/plans');
    expect(go('/whatever', unsubscribed)).toBe('/plans');
  });
});

describe('route guard: subscribed', () => {
  it.each(AUTH)('sends a subscribed user on %s to /projects', (path) => {
    expect(go(path, subscribed)).toBe('/projects');
  });

  it.each([...APP, '/profile', '/plans', '/payment-success'])('allows %s', (path) => {
    expect(go(path, subscribed)).toBeNull();
  });

  it('sends / and unknown paths to /projects', () => {
    expect(go('/', subscribed)).toBe('/projects');
    expect(go('/unknown', subscribed)).toBe('/projects');
  });

  it('allows /admin/users to superusers only', () => {
    expect(go('/admin/users', subscribed)).toBe('/projects');
    expect(go('/admin/users', superuser)).toBeNull();
  });

  it('treats a trailing slash like the plain path', () => {
    expect(go('/login/', subscribed)).toBe('/projects');
    expect(go('/projects/', subscribed)).toBeNull();
  });
});

describe('route guard: signed in from an invitation', () => {
  const next = '?next=%2Finvitations%2Fabc_DEF-123';
  it.each([subscribed, unsubscribed, bypass])(
    'goes on from /login to the invitation it was opened for',
    (user) => {
      expect(guardRedirect({ path: '/login', search: next, user, loading: false })).toBe(
        '/invitations/abc_DEF-123',
      );
    },
  );

  it('ignores a next that is not an invitation', () => {
    const search = '?next=%2Fadmin%2Fusers';
    expect(guardRedirect({ path: '/login', search, user: subscribed, loading: false })).toBe(
      '/projects',
    );
  });
});

describe('route guard: while loading', () => {
  it('never redirects', () => {
    for (const path of ['/', '/projects', '/login', '/admin/users']) {
      expect(go(path, null, true)).toBeNull();
    }
  });

  it('shows the full-screen spinner only with no user on a non-auth path', () => {
    expect(showFullScreenLoading({ path: '/projects', user: null, loading: true })).toBe(true);
    expect(showFullScreenLoading({ path: '/', user: null, loading: true })).toBe(true);
    expect(showFullScreenLoading({ path: '/payment-success', user: null, loading: true })).toBe(
      true,
    );
    expect(showFullScreenLoading({ path: '/login', user: null, loading: true })).toBe(false);
    expect(showFullScreenLoading({ path: '/reset-password', user: null, loading: true })).toBe(
      false,
    );
    expect(showFullScreenLoading({ path: '/projects', user: subscribed, loading: true })).toBe(
      false,
    );
    expect(showFullScreenLoading({ path: '/projects', user: null, loading: false })).toBe(false);
  });
});
