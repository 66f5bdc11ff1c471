import type { HeaderLinkRow } from '../../db/schema/index.ts';

/** The navigation a new site starts with; hash links point at homepage sections. */
export function defaultHeaderLinks(createServicePages: boolean): HeaderLinkRow[] {
  return [
    { name: 'Home', link: '/', show: true },
    { name: 'Services', link: createServicePages ? '/services' : '#services', show: true },
    { name: 'About', link: '#about', show: true },
    { name: 'Service Areas', link: '/states', show: true },
    { name: 'FAQ', link: '#faq', show: false },
    { name: 'Contact', link: '#contact', show: true },
  ];
}

/** Shows exactly the named links; unknown names are reported, not silently ignored. */
export function applyVisibleLinks(links: HeaderLinkRow[], visible: string[]) {
  const known = new Set(links.map((l) => l.name));
  const unknown = visible.filter((name) => !known.has(name));
  const wanted = new Set(visible);
  return { links: links.map((l) => ({ ...l, show: wanted.has(l.name) })), unknown };
}
