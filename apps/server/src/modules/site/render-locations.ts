import { escapeAttr, escapeHtml } from './html.ts';
import { contactBand, type ContentProject } from './render-content.ts';

/**
 * The pages above city pages (all states, one state, one county) and the local blocks a city
 * page gets under its written content. Built from the project's own data only: they link the
 * hierarchy together and say nothing a model would have to invent.
 */

export type HubLink = {
  name: string;
  /** Null when there is no page to link to yet (a city still being written). */
  href: string | null;
  /** One short line under the name: "3 counties, 12 cities", "ZIP 78701, 78702". */
  detail: string;
};

const e = escapeHtml;

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function linkCards(links: HubLink[]): string {
  return links
    .map((l) => {
      const name = l.href ? `<a href="${escapeAttr(l.href)}">${e(l.name)}</a>` : e(l.name);
      return `<li class="card"><h3>${name}</h3><p>${e(l.detail)}</p></li>`;
    })
    .join('');
}

function plainList(more: HubInput['more']): string {
  if (!more?.links.length) return '';
  const items = more.links
    .map(
      (l) => `<li>${l.href ? `<a href="${escapeAttr(l.href)}">${e(l.name)}</a>` : e(l.name)}</li>`,
    )
    .join('');
  return `<h3 class="more-heading">${e(more.heading)}</h3><ul class="plain-links">${items}</ul>`;
}

export type HubInput = {
  project: ContentProject & { serviceType: string };
  eyebrow: string;
  heading: string;
  lead: string;
  listHeading: string;
  links: HubLink[];
  /** Listed plainly under the cards (see HubPage.more). */
  more?: { heading: string; links: HubLink[] };
  /** The place's small map: SVG markup drawn from the boundary data (hub-map.ts), not text. */
  map?: string;
};

/** Hero, the list of places below this one, and the contact band. */
export function renderHub(input: HubInput): string {
  const { project } = input;
  const hero =
    `<section class="hero"><div class="wrap"><p class="eyebrow">${e(input.eyebrow)}</p>` +
    `<h1>${e(input.heading)}</h1><p class="lead">${e(input.lead)}</p>` +
    `<div class="actions"><a class="btn" href="#contact">Contact ${e(project.name)}</a></div>` +
    `</div></section>`;
  const list =
    `<section class="section" id="areas"><div class="wrap"><h2>${e(input.listHeading)}</h2>${input.map ?? ''}` +
    `<ul class="cards">${linkCards(input.links)}</ul>${plainList(input.more)}</div></section>`;
  return [hero, list, contactBand(project)].join('\n');
}

const ZIPS_SHOWN = 60;

/** Under a city page's written content: its ZIP codes, its neighbours, and the way up. */
export function cityLocalSections(input: {
  city: string;
  county: { name: string; href: string };
  zips: string[];
  nearby: Array<{ name: string; stateId: string; miles: number; href: string }>;
}): string[] {
  const sections: string[] = [];
  if (input.zips.length) {
    const shown = input.zips.slice(0, ZIPS_SHOWN);
    const more = input.zips.length - shown.length;
    sections.push(
      `<section class="section" id="zip-codes"><div class="wrap">` +
        `<h2>ZIP Codes We Serve in ${e(input.city)}</h2>` +
        `<ul class="chips">${shown.map((z) => `<li>${e(z)}</li>`).join('')}` +
        (more > 0 ? `<li>+${more} more</li>` : '') +
        `</ul></div></section>`,
    );
  }
  const nearby = input.nearby.map((n): HubLink => ({
    name: `${n.name}, ${n.stateId}`,
    href: n.href,
    detail: `${n.miles} miles away`,
  }));
  sections.push(
    `<section class="section alt" id="nearby"><div class="wrap">` +
      `<h2>Nearby Areas We Serve</h2>` +
      (nearby.length ? `<ul class="cards">${linkCards(nearby)}</ul>` : '') +
      `<p class="more-areas"><a href="${escapeAttr(input.county.href)}">` +
      `Every city we serve in ${e(input.county.name)} &rarr;</a></p>` +
      `</div></section>`,
  );
  return sections;
}
