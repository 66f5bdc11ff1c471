import type { TestApp } from './app.ts';

export type Headers = Record<string, string>;

/** Shorthand for app.inject calls with a signed-in user's headers. */
export function http(t: () => TestApp) {
  return {
    get: (url: string, headers: Headers) => t().app.inject({ method: 'GET', url, headers }),
    post: (url: string, headers: Headers, payload: object = {}) =>
      t().app.inject({ method: 'POST', url, headers, payload }),
    del: (url: string, headers: Headers) => t().app.inject({ method: 'DELETE', url, headers }),
  };
}
