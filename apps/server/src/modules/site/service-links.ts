import { escapeAttr, escapeHtml } from './html.ts';

/** A link to a page the site has. */
export type SiteLink = { name: string; href: string };

const e = escapeHtml;
const item = (l: SiteLink) => `<li><a href="${escapeAttr(l.href)}">${e(l.name)}</a></li>`;

/**
 * Under a city page's written content: its services' pages in this city. A city page names
 * these links only where the place offers the service (its sheet's Services), so the block
 * differs from place to place as the offer does.
 */
export function cityServicesBlock(city: string, links: SiteLink[]): string {
  if (!links.length) return '';
  return (
    `<section class="section" id="services-here"><div class="wrap">` +
    `<h2>Our Services in ${e(city)}</h2>` +
    `<ul class="plain-links">${links.map(item).join('')}</ul></div></section>`
  );
}

/** A place that offers a service, with the state it is in (the hub groups by state). */
export type OfferedIn = { state: string; city: string; href: string };

/**
 * Under a service page's written content: "Where we offer {service}", its cities' pages for
 * the service, grouped by state and sorted by name.
 */
export function whereWeOfferBlock(service: string, places: OfferedIn[]): string {
  if (!places.length) return '';
  const byState = new Map<string, OfferedIn[]>();
  for (const place of places) {
    const list = byState.get(place.state) ?? [];
    if (!list.length) byState.set(place.state, list);
    list.push(place);
  }
  const states = [...byState.keys()].sort((a, b) => a.localeCompare(b));
  const groups = states.map((state) => {
    const cities = byState.get(state)!.sort((a, b) => a.city.localeCompare(b.city));
    const links = cities.map((c) => item({ name: c.city, href: c.href })).join('');
    return `<h3 class="more-heading">${e(state)}</h3><ul class="plain-links">${links}</ul>`;
  });
  return (
    `<section class="section" id="where-we-offer"><div class="wrap">` +
    `<h2>Where We Offer ${e(service)}</h2>${groups.join('')}</div></section>`
  );
}
