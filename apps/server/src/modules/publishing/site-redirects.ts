/**
 * Addresses that went away keep leading somewhere. A deploy remembers every page address it
 * published with the page's identity (its kind, the city it is of, the service it is of), and
 * the next build compares the addresses remembered with the pages it made: an address no
 * longer a page leads, with a 301, to the same page's new address (a city renamed or moved to
 * another county), else to the nearest page above it that still exists (a deleted city's county
 * page; a service page's city page; the state page, the home page last). The rule knows pages by
 * their address and identity only, so any kind of page gets it for free.
 */

/** A page a build made: its address and what it is the page of. */
export type PublishedPage = {
  path: string;
  kind: string;
  cityId: string | null;
  serviceSlug: string | null;
};

/** An address a deploy published; `redirectTo` is null while it is a page of the last deploy. */
export type RememberedAddress = PublishedPage & {
  redirectTo: string | null;
  redirectedAt: Date | null;
};

export type SiteRedirect = { from: string; to: string };

export type RedirectPlan = {
  /** Every 301 the site carries, by old address. */
  redirects: SiteRedirect[];
  /** Addresses this build first sends elsewhere, or sends somewhere new (search engines told). */
  moved: string[];
  /** What the memory must become once this build is live: only the rows that changed. */
  changes: RememberedAddress[];
};

// A page without a city has no identity beyond its address.
const identityOf = (page: PublishedPage) =>
  page.cityId === null ? null : `${page.kind}\0${page.cityId}\0${page.serviceSlug ?? ''}`;

/** '/a/b/c' → '/a/b', '/a' → '/': the addresses above one, nearest first. */
function* ancestorsOf(path: string) {
  let at = path;
  while (at !== '/') {
    const cut = at.lastIndexOf('/');
    at = cut <= 0 ? '/' : at.slice(0, cut);
    yield at;
  }
}

/** Where a gone address leads in a site of `live` pages: the page's new address, or above it. */
function targetOf(gone: PublishedPage, live: Set<string>, byIdentity: Map<string, string>) {
  const identity = identityOf(gone);
  const moved = identity === null ? undefined : byIdentity.get(identity);
  if (moved !== undefined) return moved;
  // The home page is always on the site (a build refuses a project without one).
  for (const above of ancestorsOf(gone.path)) if (live.has(above)) return above;
  return '/';
}

const sameIdentity = (a: PublishedPage, b: PublishedPage) =>
  a.kind === b.kind && a.cityId === b.cityId && a.serviceSlug === b.serviceSlug;

/**
 * Compares what earlier deploys published with the pages of this build. Each gone address is
 * resolved afresh against this build from the identity it had when it was last a page, so a
 * chain collapses (A moved to B, then B to C: A leads to C), and an address that is a page
 * again stops being redirected.
 */
export function planRedirects(
  remembered: readonly RememberedAddress[],
  published: readonly PublishedPage[],
  now: Date,
): RedirectPlan {
  const live = new Set(published.map((p) => p.path));
  const byIdentity = new Map<string, string>();
  for (const page of published) {
    const identity = identityOf(page);
    if (identity !== null && !byIdentity.has(identity)) byIdentity.set(identity, page.path);
  }
  const known = new Map(remembered.map((r) => [r.path, r]));
  const plan: RedirectPlan = { redirects: [], moved: [], changes: [] };
  for (const page of published) {
    const before = known.get(page.path);
    if (!before || before.redirectTo !== null || !sameIdentity(before, page))
      plan.changes.push({ ...page, redirectTo: null, redirectedAt: null });
  }
  for (const address of remembered) {
    if (live.has(address.path)) continue;
    const to = targetOf(address, live, byIdentity);
    plan.redirects.push({ from: address.path, to });
    if (to === address.redirectTo) continue;
    plan.moved.push(address.path);
    plan.changes.push({ ...address, redirectTo: to, redirectedAt: address.redirectedAt ?? now });
  }
  plan.redirects.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  plan.moved.sort();
  return plan;
}

/**
 * Netlify's `_redirects` file: one rule a line, `from to 301`. Every address is a site path
 * made of slugs (no spaces); encoded all the same, so no address can split a line.
 */
export function redirectsFile(redirects: readonly SiteRedirect[]): string {
  const lines = redirects.map((r) => `${encodeURI(r.from)} ${encodeURI(r.to)} 301`);
  return `# Addresses this site no longer has, and where they now lead.\n${lines.join('\n')}\n`;
}
