/** A city page's hero and meta tags. */

import { trimToWords } from '../../../site/index.ts';
import type { TPageContent } from '../../../pages/index.ts';
import {
  HERO_BUTTONS_NO_PHONE,
  HERO_BUTTONS_PHONE,
  HERO_HEADINGS,
  HERO_SUBHEADINGS,
  HERO_WHERE,
  META_EXTRAS,
  META_FILLERS,
  META_OPENERS,
  META_TITLES,
} from '../phrases/city-headlines.ts';
import { usable } from '../text.ts';
import type { CityPage } from './page.ts';

export function hero(p: CityPage): TPageContent['hero'] {
  const { choose } = p;
  const heading = choose.one('hero-h', HERO_HEADINGS(p));
  const where = p.county ? choose.one('hero-where', HERO_WHERE(p)) : p.city;
  const subheading = choose.one('hero-sub', HERO_SUBHEADINGS(p, where));
  const ctaLabel = choose.one('hero-cta', p.phone ? HERO_BUTTONS_PHONE : HERO_BUTTONS_NO_PHONE);
  return { heading, subheading, ctaLabel };
}

/** 50-60 characters naming the service, the city and the state code where the names allow. */
export function metaTitle(p: CityPage): string {
  const forms = META_TITLES(p);
  const ordered = p.choose.some('title', forms, forms.length);
  const ideal = ordered.find((f) => f.length >= 50 && f.length <= 60);
  if (ideal) return ideal;
  const fitting = ordered.filter((f) => f.length <= 60);
  if (fitting.length) {
    return fitting.reduce((a, b) => (Math.abs(55 - b.length) < Math.abs(55 - a.length) ? b : a));
  }
  return trimToWords(`${p.tradeTitle} in ${p.city}, ${p.stateCode}`, 60);
}

/** 140-160 characters: an opener, then short phrases until it is long enough. */
export function metaDescription(p: CityPage): string {
  const opener = p.choose.one('desc', META_OPENERS(p));
  const extras = p.choose.some('desc-more', usable(META_EXTRAS(p)), 8);
  let out = opener;
  for (const e of [...extras, ...META_FILLERS(p)]) {
    if (out.length >= 140) break;
    if (out.length + 1 + e.length <= 160) out = `${out} ${e}`;
  }
  return trimToWords(out, 160);
}
