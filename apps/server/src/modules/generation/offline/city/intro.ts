/** A city page's opening section, and its service-area section. */

import type { TSection } from '../../../pages/index.ts';
import {
  AREA_COUNTY_OF_MANY,
  AREA_COUNTY_OF_ONE,
  AREA_HEADINGS,
  AREA_NEARBY,
  AREA_NO_COUNTY,
  AREA_NO_ZIP_SENTENCES,
  AREA_OTHER_COUNTIES,
  AREA_OUTSIDE,
  AREA_ZIP_SENTENCES,
} from '../phrases/city-area.ts';
import {
  INTRO_APPROACHES,
  INTRO_HEADINGS,
  INTRO_NEXT_STEPS,
  INTRO_OPENERS,
  INTRO_SERVICES,
  INTRO_TOPIC_ASKS,
} from '../phrases/city-intro.ts';
import { usable } from '../text.ts';
import { nearbyList, zipPhrase, type CityPage } from './page.ts';

export function intro(p: CityPage): TSection {
  const { choose } = p;
  const heading = choose.one('intro-h', INTRO_HEADINGS(p));
  const opener = choose.one('intro-open', INTRO_OPENERS(p));
  const services = choose.one('intro-svc', INTRO_SERVICES(p));
  const approach = choose.one('intro-way', INTRO_APPROACHES(p));
  const next = choose.one('intro-next', INTRO_NEXT_STEPS(p));
  const topics = p.topics.map((topic, i) => choose.one(`topic${i}`, INTRO_TOPIC_ASKS(p, topic)));
  const [first, second, ...rest] = p.facts;
  const paragraphs = [
    [opener, first, services].filter(Boolean).join(' '),
    [approach, second, ...topics, next].filter(Boolean).join(' '),
    ...(rest.length ? [rest.join(' ')] : []),
  ];
  return { type: 'text', heading, paragraphs };
}

export function area(p: CityPage): TSection {
  const { choose } = p;
  const heading = choose.one('area-h', usable(AREA_HEADINGS(p)));
  const zipSentence = p.zips.length
    ? choose.one('area-zip', AREA_ZIP_SENTENCES(p, zipPhrase(p.zips)))
    : choose.one('area-zip', AREA_NO_ZIP_SENTENCES(p));
  const countyLine = !p.county
    ? choose.one('area-county', AREA_NO_COUNTY(p))
    : p.countyCities > 1
      ? choose.one('area-county', AREA_COUNTY_OF_MANY(p))
      : choose.one('area-county', AREA_COUNTY_OF_ONE(p));
  const spans = p.otherCounties.length
    ? ` ${choose.one('area-spans', AREA_OTHER_COUNTIES(p))}`
    : '';
  const nearby = p.nearby.length
    ? choose
        .one('area-near', AREA_NEARBY(p))
        .replace('{list}', nearbyList(p, 'area-list', choose.one('area-count', [3, 4, 5, 6])))
    : '';
  const outside = choose.one('area-out', AREA_OUTSIDE(p));
  const paragraphs = choose.one('area-shape', [0, 1])
    ? [`${zipSentence} ${countyLine}${spans}`, [nearby, outside].filter(Boolean).join(' ')]
    : [`${countyLine}${spans} ${zipSentence}`, [nearby, outside].filter(Boolean).join(' ')];
  return { type: 'text', heading, paragraphs };
}
