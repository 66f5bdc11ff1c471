import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, isTokenExpired, startupAction, tokenExpiryMs } from '../src/lib/jwt';

function base64url(value: string): string {
  return Buffer.from(value, 'utf8')
    .toString('base64')
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

function jwt(payload: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.sig`;
}

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const nowSeconds = NOW / 1000;

describe('token expiry', () => {
  it('reads the payload, including base64url characters and UTF-8', () => {
    const token = jwt({ sub: 'ü-user?>>', exp: nowSeconds + 60 });
    expect(decodeJwtPayload(token)).toMatchObject({ sub: 'ü-user?>>' });
  });

  it('reads exp in milliseconds', () => {
    expect(tokenExpiryMs(jwt({ exp: nowSeconds + 60 }))).toBe(NOW + 60_000);
  });

  it('is not expired before exp', () => {
    expect(isTokenExpired(jwt({ exp: nowSeconds + 1 }), NOW)).toBe(false);
  });

  it('is expired at and after exp', () => {
    expect(isTokenExpired(jwt({ exp: nowSeconds }), NOW)).toBe(true);
    expect(isTokenExpired(jwt({ exp: nowSeconds - 3600 }), NOW)).toBe(true);
  });

  it('counts unparsable tokens as expired', () => {
    for (const bad of [
      '',
      'garbage',
      'a.b',
      'a.!!!.c',
      `x.${base64url('not json')}.y`,
      `x.${base64url('[1]')}.y`,
    ]) {
      expect(isTokenExpired(bad, NOW)).toBe(true);
    }
    expect(isTokenExpired(null, NOW)).toBe(true);
    expect(isTokenExpired(undefined, NOW)).toBe(true);
  });

  it('counts a token without a numeric exp as expired', () => {
    expect(isTokenExpired(jwt({ sub: '1' }), NOW)).toBe(true);
    expect(isTokenExpired(jwt({ exp: 'tomorrow' }), NOW)).toBe(true);
  });
});

describe('startupAction', () => {
  const fresh = jwt({ exp: nowSeconds + 600 });
  const stale = jwt({ exp: nowSeconds - 1 });

  it('signs out when either token is missing', () => {
    expect(startupAction({ access: null, refresh: 'r' }, NOW)).toBe('signed-out');
    expect(startupAction({ access: fresh, refresh: null }, NOW)).toBe('signed-out');
    expect(startupAction({ access: null, refresh: null }, NOW)).toBe('signed-out');
  });

  it('refreshes first when the access token has expired or cannot be read', () => {
    expect(startupAction({ access: stale, refresh: 'r' }, NOW)).toBe('refresh');
    expect(startupAction({ access: 'opaque', refresh: 'r' }, NOW)).toBe('refresh');
  });

  it('loads the user when the access token is still valid', () => {
    expect(startupAction({ access: fresh, refresh: 'r' }, NOW)).toBe('load-user');
  });
});
