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

/**
 * A change to the addresses remembered: a page of this build (live: it redirects nowhere), or
 * an address that is gone with where it now leads.
 */
export type AddressChange = PublishedPage &
  Partial<Pick<RememberedAddress, 'redirectTo' | 'redirectedAt'>>;

export type RedirectPlan = {
  /** Every 301 the site carries, by old address. */
  redirects: SiteRedirect[];
  /** Addresses this build first sends elsewhere, or sends somewhere new (search engines told). */
  moved: string[];
  /** What the memory must become once this build is live: only the rows that changed. */
  changes: AddressChange[];
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

/** Where a gone address leads: the page's new address, or the nearest live page above it. */
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
 * Of this build's pages, only what the gone addresses ask about: which of the addresses above
 * them are pages, and where the pages of their identities now are. Held in proportion to the
 * gone addresses, not to the site (a first deploy has none).
 */
function lookupsFor(gone: readonly RememberedAddress[], published: readonly PublishedPage[]) {
  const live = new Set<string>();
  const byIdentity = new Map<string, string>();
  if (!gone.length) return { live, byIdentity };
  const above = new Set(gone.flatMap((address) => [...ancestorsOf(address.path)]));
  const identities = new Set(gone.map(identityOf).filter((id) => id !== null));
  for (const page of published) {
    if (above.has(page.path)) live.add(page.path);
    const identity = identityOf(page);
    if (identity !== null && identities.has(identity) && !byIdentity.has(identity))
      byIdentity.set(identity, page.path);
  }
  return { live, byIdentity };
}

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
  const known = new Map(remembered.map((r) => [r.path, r]));
  const plan: RedirectPlan = { redirects: [], moved: [], changes: [] };
  const seen = new Set<string>();
  for (const page of published) {
    const before = known.get(page.path);
    if (before) seen.add(page.path);
    if (!before || before.redirectTo !== null || !sameIdentity(before, page))
      plan.changes.push(page);
  }
  const gone = remembered.filter((address) => !seen.has(address.path));
  const { live, byIdentity } = lookupsFor(gone, published);
  for (const address of gone) {
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
