/**
 * Where a browser should come back to after leaving the app (the Free plan's payment-success
 * page, Stripe Checkout and the Billing Portal). The session lives in the browser's storage of
 * one origin, so a user who opened the app on http://127.0.0.1:3000 and is sent back to
 * APP_URL's http://localhost:3000 arrives signed out. The origin the request came from is used
 * instead, but only when it is one of the app's own: anything else would let a forged Origin
 * or Host header turn our return links into redirects to someone else's site.
 */

/** The names one loopback server answers on; a browser keeps a separate storage for each. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** APP_URL's origin and, when APP_URL is on loopback, the same scheme and port on its twins. */
export function appOrigins(appUrl: string): Set<string> {
  const app = new URL(appUrl);
  const origins = new Set([app.origin]);
  if (LOOPBACK_HOSTS.includes(app.hostname)) {
    const port = app.port ? `:${app.port}` : '';
    for (const host of LOOPBACK_HOSTS) origins.add(`${app.protocol}//${host}${port}`);
  }
  return origins;
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    // Opaque origins (file:, data:, the literal "null") serialise as "null".
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The base for return URLs: the requesting origin when it is one of `appOrigins`, with
 * APP_URL's path; APP_URL itself otherwise (unknown, missing or malformed origin).
 */
export function returnBase(appUrl: string, requestOrigin: string | undefined): string {
  const origin = originOf(requestOrigin);
  if (!origin || !appOrigins(appUrl).has(origin)) return appUrl;
  const path = new URL(appUrl).pathname.replace(/\/+$/, '');
  return `${origin}${path}`;
}

/** What a request says it came from: the Origin header, else its scheme and Host header. */
export function requestOrigin(request: {
  headers: { origin?: string };
  protocol: string;
  host: string;
}): string | undefined {
  if (request.headers.origin) return request.headers.origin;
  return request.host ? `${request.protocol}://${request.host}` : undefined;
}
