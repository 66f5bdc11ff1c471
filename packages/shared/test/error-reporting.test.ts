import { describe, expect, it } from 'vitest';
import { ERROR_REPORTING, FILTERED, scrubDeep, scrubText } from '../src/error-reporting.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEyMyJ9.c2lnbmF0dXJlLXBhcnQ';

describe('scrubbing what an error report carries', () => {
  it('takes tokens out of reset and verify links, in their path or their query', () => {
    expect(scrubText('https://app.test/reset-password?token=abc123&next=/projects')).toBe(
      `https://app.test/reset-password?token=${FILTERED}&next=/projects`,
    );
    expect(scrubText('/auth/verify-email/q1w2e3r4t5/')).toBe(`/auth/verify-email/${FILTERED}/`);
    expect(scrubText('/auth/reset-password/q1w2e3r4t5')).toBe(`/auth/reset-password/${FILTERED}`);
    expect(scrubText('/api/x?api_key=k1&page=2&password=hunter2')).toBe(
      `/api/x?api_key=${FILTERED}&page=2&password=${FILTERED}`,
    );
  });

  it('takes JWTs, bearer values and provider keys out of any text', () => {
    expect(scrubText(`expired: ${JWT}`)).toBe(`expired: ${FILTERED}`);
    expect(scrubText('Authorization: Bearer abc.def-ghi')).toBe(
      `Authorization: Bearer ${FILTERED}`,
    );
    expect(scrubText('OpenRouter said sk-or-v1-0123456789abcdef is invalid')).toBe(
      `OpenRouter said ${FILTERED} is invalid`,
    );
    expect(scrubText('GET /api/projects/?page=2')).toBe('GET /api/projects/?page=2');
  });

  it('replaces secret-named fields at any depth and leaves the rest alone', () => {
    const event = {
      message: 'boom',
      request: {
        headers: { Authorization: `Bearer ${JWT}`, Cookie: 'refresh=r1', 'user-agent': 'ua' },
        data: {
          email: 'a@b.test',
          password: 'hunter22',
          newPassword: 'x',
          nested: [{ token: 't' }],
        },
      },
      extra: { userOpenRouterApiKey: 'sk-or-v1-aaaaaaaaaaaaaaaa', secret: 's', count: 3 },
    };
    expect(scrubDeep(event)).toEqual({
      message: 'boom',
      request: {
        headers: { Authorization: FILTERED, Cookie: FILTERED, 'user-agent': 'ua' },
        data: {
          email: 'a@b.test',
          password: FILTERED,
          newPassword: FILTERED,
          nested: [{ token: FILTERED }],
        },
      },
      extra: { userOpenRouterApiKey: FILTERED, secret: FILTERED, count: 3 },
    });
  });

  it("ignores the spec's connection failures and nothing else", () => {
    const ignored = (message: string) => ERROR_REPORTING.ignoreErrors.some((p) => p.test(message));
    for (const message of [
      'Network Error',
      'TypeError: Failed to fetch',
      'Failed to fetch (api.example.test)',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
      'Request timeout',
      'timeout of 30000ms exceeded',
      'TimeoutError: signal timed out',
    ])
      expect(ignored(message), message).toBe(true);
    // "Failed to fetch projects" is the app's own message for a failed request: reported.
    for (const message of ['Cannot read properties of undefined', 'Failed to fetch projects'])
      expect(ignored(message), message).toBe(false);
  });
});

describe('scrubText on hostile text', () => {
  it('reads 100 KB runs of separators in one pass, with the same answer', () => {
    const run = ';'.repeat(100_000);
    // The pair's name runs from the first ';' to the '=': a secret name, so its value goes.
    expect(scrubText(`${run}token=abc`)).toBe(`${run}token=${FILTERED}`);
    const pairs = '?a'.repeat(50_000);
    expect(scrubText(pairs)).toBe(pairs);
    expect(scrubText(`${'?a'.repeat(50_000)}&password=hunter2&page=2`)).toBe(
      `${'?a'.repeat(50_000)}&password=${FILTERED}&page=2`,
    );
  });
});
