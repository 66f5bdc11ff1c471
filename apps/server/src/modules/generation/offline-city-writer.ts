import type { CityContext, NearbyCity } from './city-context.ts';
import type { TPageContent, TSection } from './content.ts';
import { faq, tradeFor, type OfflineFaq, type OfflineItem } from './offline-catalogue.ts';
import { cap, hash32, listOf, lower, mix32, sentence } from './offline-text.ts';
import { trimToWords } from '../site/meta.ts';
import { offlineServices, type OfflineProject } from './offline-writer.ts';
import { factsFrom, fit, fitSection, META_TALK, sentencesOf, tradeWords } from './offline-brief.ts';

/**
 * The "Offline draft" model's city pages: one complete page per city of the upload, written
 * from the project's own data and the city's record (county, ZIP codes, nearby cities of the
 * project with distances, the business's services, the upload's instructions). It never
 * invents a local fact: no addresses, landmarks, neighborhoods, population, weather, history,
 * prices, licences, years or reviews. Only what it was given, and how the business works.
 *
 * Hundreds of sibling pages from one template are the thin, duplicate content this product
 * exists to avoid, so nearly every sentence has several phrasings and the middle sections
 * come in a varied order, all chosen by a hash of the city (slug, state, revision). Pages of
 * one county share little text (see locations/similarity.ts and its tests), equal input gives
 * an equal page, and a new revision gives a freshly worded one.
 */

type Item = OfflineItem;
type Faq = OfflineFaq;

// ---------------------------------------------------------------- choosing

/**
 * MurmurHash3's finaliser over hash32. Plain `hash32(...) % n` keeps only the low bits of
 * FNV-1a, which depend on the low bits of each character alone: with lists of 2, 4 or 8
 * every choice of a page would follow from one 2-3 bit state. Mixed, each salt is independent.
 */
const mixed = (value: string): number => mix32(hash32(value));

type Chooser = {
  /** One of the options, by the page seed and a salt naming the slot. */
  one<T>(salt: string, options: readonly T[]): T;
  /** n of the options in a seed-dependent order. */
  some<T>(salt: string, options: readonly T[], n: number): T[];
};

function chooser(seed: string): Chooser {
  return {
    one: (salt, options) => options[mixed(`${seed}|${salt}`) % options.length]!,
    some: (salt, options, n) =>
      options
        .map((value, i) => ({ value, key: mixed(`${seed}|${salt}#${i}`) }))
        .sort((a, b) => a.key - b.key)
        .slice(0, n)
        .map((x) => x.value),
  };
}

/** Drops the empty strings of optional phrasings, so a list holds only usable ones. */
const usable = (options: Array<string | false | null | undefined>): string[] =>
  options.filter((o): o is string => typeof o === 'string' && o.length > 0);

// ---------------------------------------------------------------- the upload's instructions

// The brief's statements are read as offline-brief's factsFrom reads them; besides,
// "mention/highlight X" names a topic the owner wants on the page, so X is kept as a topic.
/** A requested topic about the page itself ("include the ZIP codes"), not about the business. */
const PAGE_TALK =
  /\b(pages?|sections?|paragraphs?|headings?|headlines?|titles?|meta|cta|call to action|words?|faqs?|links?|images?|photos?|emojis?|bullets?|zips?|zip codes?|postcodes?|city names?|county|counties|nearby|phone number|contact (details|info)|address(es)?|maps?|schema)\b/i;
const TOPIC =
  /^(?:please\s+)?(?:be sure to\s+|make sure to\s+|always\s+)?(?:mention|highlight|emphasi[sz]e|stress|include|focus on|feature|promote)\s+(?:that\s+)?(.+)$/i;
// Each leading \s+ below starts only where a run of spaces starts: from every space of a long
// run it would rescan the rest of the run (quadratic on a 20,000-character prompt).
const SCOPE =
  /(?<!\s)\s+(?:on|in|across|throughout|for|to)\s+(?:every|each|all(?:\s+the)?|the|our|these|my)\s+(?:city\s+|location\s+|local\s+|landing\s+)?(?:pages?|copy|content|site|website|text)\b.*$/i;

/**
 * What the owner asks every page to mention: "Mention 24/7 emergency service on every page"
 * → statements ("that we are family owned" → "We are family owned.") or topics
 * ("24/7 emergency service").
 */
function asksFrom(prompt: string): { facts: string[]; topics: string[] } {
  const facts: string[] = [];
  const topics: string[] = [];
  for (const s of sentencesOf(prompt, /(?<=[.!?])\s+|(?<!\s)\s*;\s*/)) {
    const m = TOPIC.exec(s.replace(/(?<![.!])[.!]+$/, ''));
    if (!m) continue;
    const what = m[1]!.replace(SCOPE, '').trim();
    if (what.length < 3 || what.length > 160) continue;
    if (META_TALK.test(what) || PAGE_TALK.test(what)) continue;
    if (/^(we|our|us)\b/i.test(what)) facts.push(sentence(what));
    else topics.push(what.charAt(0).toLowerCase() === what.charAt(0) ? what : lower(what));
  }
  return { facts: facts.slice(0, 3), topics: topics.slice(0, 3) };
}

// ---------------------------------------------------------------- the page's material

type Page = {
  /** Business name, trade noun (mid-sentence and heading forms), contact. */
  name: string;
  t: string;
  T: string;
  phone: string;
  email: string;
  services: Item[];
  serviceType: string;
  /** City, state code and name, county ("" when unknown). */
  C: string;
  ST: string;
  S: string;
  K: string;
  /** Counties the city reaches into besides K. */
  otherK: string[];
  zips: string[];
  nearby: NearbyCity[];
  countyCities: number;
  facts: string[];
  topics: string[];
  x: Chooser;
};

function pageOf(project: OfflineProject, city: CityContext): Page {
  const asks = asksFrom(city.prompt);
  const own = [...factsFrom(city.prompt), ...asks.facts];
  const seed = `${city.slug}|${city.stateId}|${city.revision}`;
  const x = chooser(seed);
  // The owner's general brief is on the homepage already: at most one of its statements, a
  // different one per city, so the brief is echoed without repeating on every page.
  const general = own.length ? [] : x.some('brief', factsFrom(project.prompt), 1);
  const given = city.services.filter((s) => s.title.trim());
  return {
    name: project.name.trim(),
    ...tradeWords(project.serviceType),
    phone: project.contactPhoneNumber.trim(),
    email: project.email.trim(),
    serviceType: project.serviceType,
    services: (given.length ? given : offlineServices(project)).slice(0, 12).map((s) => ({
      title: s.title.trim(),
      description: s.description.trim(),
    })),
    C: city.name.trim(),
    ST: city.stateId.trim(),
    S: city.stateName.trim() || city.stateId.trim(),
    K: city.county.trim(),
    otherK: city.otherCounties.map((c) => c.trim()).filter(Boolean),
    zips: [...new Set(city.zips.map((z) => z.trim()).filter(Boolean))],
    nearby: city.nearby.filter((n) => n.name.trim()),
    countyCities: city.countyCities,
    facts: [...own, ...general].slice(0, 6),
    topics: asks.topics,
    x,
  };
}

/** "call (512) 555-0100", "email …" or "get in touch". */
function reach(p: Page): string {
  if (p.phone) return `call ${p.phone}`;
  if (p.email) return `email ${p.email}`;
  return 'get in touch';
}

const MAX_ZIPS = 12;

/** "ZIP code 43402", "ZIP codes 43402 and 43403", "ZIP codes 77001, …, 77012 and 158 more". */
function zipPhrase(zips: string[]): string {
  if (zips.length === 1) return `ZIP code ${zips[0]}`;
  if (zips.length <= MAX_ZIPS) return `ZIP codes ${listOf(zips)}`;
  return `ZIP codes ${zips.slice(0, MAX_ZIPS).join(', ')} and ${zips.length - MAX_ZIPS} more`;
}

function milesText(miles: number): string {
  if (miles < 1) return 'under a mile';
  if (miles === 1) return '1 mile';
  return `${Math.round(miles)} miles`;
}

/** The nearest cities by name and distance, in one of a few formats. */
function nearbyList(p: Page, salt: string, max: number): string {
  const count = Math.min(p.nearby.length, max);
  const shown = p.nearby.slice(0, count).map((n) => ({
    name: n.stateId && n.stateId !== p.ST ? `${n.name}, ${n.stateId}` : n.name,
    miles: milesText(n.miles),
  }));
  const format = p.x.one(`${salt}-format`, [0, 1, 2, 3]);
  if (format === 0) return listOf(shown.map((n) => `${n.name} (${n.miles})`));
  if (format === 1) return listOf(shown.map((n) => `${n.name} at ${n.miles}`));
  if (format === 2) return listOf(shown.map((n) => `${n.name} (${n.miles} away)`));
  // "Round Rock, 16 miles away; Pflugerville, 12 miles away; and Cedar Park, 20 miles away"
  const parts = shown.map((n) => `${n.name}, ${n.miles} away`);
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join('; ')}; and ${parts[parts.length - 1]}`;
}

function serviceList(p: Page, salt: string, n: number): string {
  return listOf(p.x.some(salt, p.services, n).map((s) => lower(s.title)));
}

// ---------------------------------------------------------------- hero and meta

function hero(p: Page): TPageContent['hero'] {
  const { x, C, ST, S, T, t, name } = p;
  const heading = x.one('hero-h', [
    `${T} Services in ${C}, ${S}`,
    `${C}, ${ST} ${T} You Can Count On`,
    `Local ${T} for ${C}, ${S}`,
    `${T} in ${C}, ${ST}, Done Properly`,
    `Your ${T} Team in ${C}, ${ST}`,
    `Reliable ${T} Across ${C}, ${S}`,
    `${C}, ${S}: ${T} with Straight Answers`,
  ]);
  const where = p.K ? x.one('hero-where', [`${C} and ${p.K}`, `${C} and across ${p.K}`]) : C;
  const subheading = x.one('hero-sub', [
    `${name} helps with ${serviceList(p, 'hero-s', 3)} in ${where}. ${cap(reach(p))} for a clear quote.`,
    `Clear quotes and careful ${t} work for homes and businesses in ${C}. ${cap(reach(p))} to talk it through.`,
    `${cap(serviceList(p, 'hero-s', 2))} and more for ${where}, explained plainly and priced before we start.`,
    `Need ${t} in ${C}, ${ST}? ${name} listens first, agrees the price up front and leaves the place tidy.`,
    `From ${serviceList(p, 'hero-s', 2)} to the jobs in between, ${name} serves ${where}. ${cap(reach(p))} today.`,
  ]);
  const ctaLabel = p.phone
    ? x.one('hero-cta', ['Call Now', 'Call for a Quote', 'Book by Phone', 'Call Us Today'])
    : x.one('hero-cta', ['Request a Quote', 'Get in Touch', 'Contact Us', 'Ask for a Quote']);
  return { heading, subheading, ctaLabel };
}

/** 50-60 characters naming the service, the city and the state code where the names allow. */
function metaTitle(p: Page): string {
  const { x, C, ST, T, name } = p;
  const forms = [
    `${T} Services in ${C}, ${ST} | ${name}`,
    `${C}, ${ST} ${T} Services | ${name}`,
    `Local ${T} in ${C}, ${ST} | ${name}`,
    `${T} in ${C}, ${ST} | ${name}`,
    `${T} in ${C}, ${ST}: Clear Quotes | ${name}`,
    `Careful ${T} Services in ${C}, ${ST}`,
    `${C}, ${ST} ${T}: Clear Quotes, Careful Work`,
    `${T} Services for ${C}, ${ST} Homes and Businesses`,
    `${T} in ${C}, ${ST}`,
  ];
  const ordered = x.some('title', forms, forms.length);
  const ideal = ordered.find((f) => f.length >= 50 && f.length <= 60);
  if (ideal) return ideal;
  const fitting = ordered.filter((f) => f.length <= 60);
  if (fitting.length) {
    return fitting.reduce((a, b) => (Math.abs(55 - b.length) < Math.abs(55 - a.length) ? b : a));
  }
  return trimToWords(`${T} in ${C}, ${ST}`, 60);
}

/** 140-160 characters: an opener, then short phrases until it is long enough. */
function metaDescription(p: Page): string {
  const { x, C, ST, t, name } = p;
  const opener = x.one('desc', [
    `Need ${t} in ${C}, ${ST}? ${name} offers clear quotes and careful work.`,
    `${name} provides ${t} in ${C}, ${ST}, with the price agreed before work starts.`,
    `Local ${t} for ${C}, ${ST} homes and businesses from ${name}.`,
    `${C}, ${ST} ${t} from ${name}: straight answers and tidy, careful work.`,
  ]);
  const extras = x.some(
    'desc-more',
    usable([
      `Services include ${serviceList(p, 'desc-s', 2)}.`,
      p.K && `Serving ${C} and ${p.K}.`,
      p.zips.length === 1 && `ZIP ${p.zips[0]} covered.`,
      p.nearby[0] && `Also serving ${p.nearby[0].name}.`,
      `${cap(reach(p))} today.`,
      'Honest advice and no surprises.',
      'Work checked with you before we leave.',
    ]),
    8,
  );
  // Short enough to close any gap left by the phrases above.
  const fillers = ['Clear quotes.', `Serving ${C}.`, 'Tidy work.', 'Ask us.'];
  let out = opener;
  for (const e of [...extras, ...fillers]) {
    if (out.length >= 140) break;
    if (out.length + 1 + e.length <= 160) out = `${out} ${e}`;
  }
  return trimToWords(out, 160);
}

// ---------------------------------------------------------------- sections

function intro(p: Page): TSection {
  const { x, C, ST, S, t, T, name } = p;
  const heading = x.one('intro-h', [
    `About Our ${C} ${T} Service`,
    `${name} in ${C}`,
    `${T} Help for ${C} Homes and Businesses`,
    `Why Call ${name} in ${C}`,
    `Your Local ${T} Option in ${C}`,
    `${T} in ${C}, ${ST}`,
    `Getting ${T} Done Right in ${C}`,
  ]);
  const opener = x.one('intro-open', [
    `${name} provides ${t} for homes and businesses in ${C}, ${S}, with clear quotes and careful work.`,
    `If you need ${t} in ${C}, ${name} is ready to help, from the first question to the final check.`,
    `Homeowners and businesses in ${C} can count on ${name} for ${t} that is explained clearly and priced before work begins.`,
    `${name} brings straightforward ${t} to ${C}: we listen first, explain the options and agree the price up front.`,
    `When something needs fixing at a property in ${C}, ${name} is ready to help with ${t} done properly.`,
    `${C} residents looking for dependable ${t} can turn to ${name} for honest advice and tidy work.`,
    `Our ${t} team takes on jobs throughout ${C}, ${ST}, for homeowners, landlords and local businesses.`,
    `Good ${t} in ${C} starts with a proper look at the problem, and that is how ${name} starts every job.`,
  ]);
  const services = x.one('intro-svc', [
    `In ${C} we can help with ${serviceList(p, 'intro-s', 3)}, among other jobs.`,
    `Our work in ${C} covers ${serviceList(p, 'intro-s', 3)} and more.`,
    `Whether it is ${serviceList(p, 'intro-s', 2).replace(' and ', ' or ')}, the same team and the same standards apply in ${C}.`,
    `The services we offer in ${C} include ${serviceList(p, 'intro-s', 3)}.`,
    `${cap(serviceList(p, 'intro-s', 3))}: all of it is available to customers in ${C}.`,
    `Ask us about ${serviceList(p, 'intro-s', 3)} for your ${C} property.`,
  ]);
  const approach = x.one('intro-way', [
    'Every job starts with a proper look at the problem. We explain what we found in plain language and agree the price with you before any work begins.',
    'We would rather tell you a repair can wait than sell you work you do not need, and we say so before we pick up a tool.',
    'You get a clear quote before we start, updates while we work and a walkthrough of the result at the end.',
    'Our approach is simple: turn up when agreed, find the real cause, fix it properly and leave the place tidy.',
    'Nothing starts until you understand the options and have agreed the price, so there are no surprises on the invoice.',
    `We treat each property in ${C} as if it were our own: work areas protected, tools tidied away and the job checked before we leave.`,
    `Careful ${t} work comes down to a proper diagnosis, the right parts and a clean finish you can check with us.`,
  ]);
  const next = x.one('intro-next', [
    `${cap(reach(p))} and tell us what is going on; we will take it from there.`,
    `To get started, ${reach(p)} with a short description of the job.`,
    `When you are ready, ${reach(p)} and we will explain the next step.`,
    `Questions first? ${cap(reach(p))} and ask; there is no obligation.`,
    `${cap(reach(p))} with your address in ${C} and a few words about the job.`,
  ]);
  const topics = p.topics.map((topic, i) =>
    x.one(`topic${i}`, [
      `Ask us about ${topic}.`,
      `${cap(topic)}: just ask when you get in touch.`,
      `Be sure to ask about ${topic}.`,
      `${cap(topic)} is part of what you can ask ${name} for in ${C}.`,
    ]),
  );
  const [first, second, ...rest] = p.facts;
  const paragraphs = [
    [opener, first, services].filter(Boolean).join(' '),
    [approach, second, ...topics, next].filter(Boolean).join(' '),
    ...(rest.length ? [rest.join(' ')] : []),
  ];
  return { type: 'text', heading, paragraphs };
}

function area(p: Page): TSection {
  const { x, C, ST, S, K, t, name } = p;
  const heading = x.one(
    'area-h',
    usable([
      `Areas We Serve Around ${C}`,
      `Serving ${C} and Nearby Cities`,
      K && `Where We Work in ${K}`,
      p.zips.length > 0 && `${C} ZIP Codes We Cover`,
      `Our ${C} Service Area`,
      K && `${p.T} Across ${K}, ${ST}`,
      `Covering ${C} and Beyond`,
    ]),
  );
  const zp = zipPhrase(p.zips);
  const zipSentence = p.zips.length
    ? x.one('area-zip', [
        `Our ${t} service in ${C} covers ${zp}.`,
        `We take ${t} jobs across ${C}, including ${zp}.`,
        `If your property is in ${zp}, you are inside our ${C} service area.`,
        `${C} addresses in ${zp} are within reach of our team.`,
        `Customers with ${zp} addresses in ${C} can book ${t} with us directly.`,
        `For ${C}, that means ${zp}.`,
      ])
    : x.one('area-zip', [
        `We work across ${C}; share your address when you get in touch and we will confirm the visit.`,
        `Tell us your address in ${C} and we will confirm when we can get to you.`,
      ]);
  const n = p.countyCities;
  const county = !K
    ? x.one('area-county', [
        `${C} is one of the places in ${S} where ${name} takes bookings.`,
        `Our ${S} customers in ${C} get the same team and the same standards as everywhere we work.`,
      ])
    : n > 1
      ? x.one('area-county', [
          `We serve ${n} cities in ${K}, and ${C} is one of them.`,
          `${C} is one of ${n} places in ${K} where ${name} takes bookings.`,
          `Across ${K} we work in ${n} cities, ${C} included.`,
          `${name} covers ${n} cities in ${K}, ${S}; ${C} is among them.`,
          `${C} is in ${K}, where we serve ${n} cities in all.`,
        ])
      : x.one('area-county', [
          `${C} is in ${K}, ${S}.`,
          `${C} belongs to ${K} in ${S}.`,
          `Our ${C} customers are in ${K}, ${S}.`,
        ]);
  const spans = p.otherK.length
    ? ` ${x.one('area-spans', [
        `Parts of ${C} also lie in ${listOf(p.otherK)}, and we cover those streets too.`,
        `${C} reaches into ${listOf(p.otherK)} as well; we work on both sides of the county line.`,
      ])}`
    : '';
  const nearby = p.nearby.length
    ? x
        .one('area-near', [
          'Nearby, we also serve {list}.',
          `The same team covers cities close to ${C}: {list}.`,
          `Beyond ${C}, our ${t} work reaches {list}.`,
          `Other cities we serve near ${C} include {list}.`,
          `Close to ${C}? We also take jobs in {list}.`,
          'Neighboring cities on our list include {list}.',
        ])
        .replace('{list}', nearbyList(p, 'area-list', x.one('area-count', [3, 4, 5, 6])))
    : '';
  const outside = x.one('area-out', [
    `Not sure whether your address is covered? ${cap(reach(p))} and we will confirm it straight away.`,
    `If your street is not on a list here, ask: ${reach(p)} and we will tell you honestly whether we can get to you.`,
    'Just outside these areas? Get in touch anyway and we will tell you whether we can help.',
    `Wherever you are in ${C}, one ${p.phone ? 'call' : 'message'} is enough to check whether we can get to you.`,
    `Give us your ZIP code when you ${reach(p)} and we will confirm the visit.`,
  ]);
  const paragraphs = x.one('area-shape', [0, 1])
    ? [`${zipSentence} ${county}${spans}`, [nearby, outside].filter(Boolean).join(' ')]
    : [`${county}${spans} ${zipSentence}`, [nearby, outside].filter(Boolean).join(' ')];
  return { type: 'text', heading, paragraphs };
}

function services(p: Page): TSection {
  const { x, C, ST, t, T, name } = p;
  const heading = x.one('svc-h', [
    `${T} Services in ${C}`,
    `What We Do in ${C}`,
    `Our Services for ${C}, ${ST}`,
    `${C} ${T} Services`,
    `How We Can Help in ${C}`,
    `Services Available in ${C}`,
  ]);
  const first = lower(p.services[0]?.title ?? t);
  const last = lower(p.services[p.services.length - 1]?.title ?? t);
  const intro = x.one('svc-intro', [
    `From ${first} to ${last}, these are the ${t} services we offer in ${C}.`,
    `Every service below is available at homes and businesses in ${C}.`,
    `Pick a service, or ${reach(p)} and tell us what is happening; we will point you to the right one.`,
    `Here is what ${name} can do for you in ${C}, ${ST}.`,
    'Not sure which of these you need? Describe the problem and we will help you work it out.',
    `Each of these comes with a clear quote for your ${C} property before any work starts.`,
  ]);
  const near = p.nearby[0]?.name;
  type Phrase = (low: string, d: string) => string;
  const phrasings: Phrase[] = [
    (_, d) => `${d} Available throughout ${C}.`,
    (low) => `${cap(low)} for ${C} homes and businesses, quoted clearly before we start.`,
    (low) =>
      `${cap(low)} in ${C}: we explain the options and agree the price before any work begins.`,
    (low, d) => `Need ${low} in ${C}? ${d}`,
    (low) => `Our team handles ${low} across ${C}, with tidy work and straight answers.`,
    (_, d) => d,
    (low) => `Book ${low} anywhere in ${C} and we will explain what the job involves first.`,
    (low) =>
      `${cap(low)} done carefully at ${C} properties, with the work area cleaned up afterwards.`,
    (low) =>
      near
        ? `${cap(low)} in ${C} and nearby ${near}, from people who explain what they are doing.`
        : `${cap(low)} from people who explain what they are doing, anywhere in ${C}.`,
    (low) =>
      `Ask about ${low} for your ${C} property: the options, the price and what the job involves.`,
    (low) => `${cap(low)} handled properly in ${C}, from the first look to the final check.`,
    (low) =>
      `We take on ${low} at homes and businesses across ${C}, with the price agreed up front.`,
    (low) =>
      `When ${C} customers need ${low}, we start by finding out exactly what the job requires.`,
  ];
  // One shuffle of the phrasings per page, dealt out in turn, so no two items of a page
  // read alike while each sibling page deals a different hand.
  const dealt = x.some('svc-phrasing', phrasings, phrasings.length);
  const items = p.services.map((s, i) => {
    const low = lower(s.title);
    const d = s.description || `${cap(low)} from ${name}.`;
    return { title: s.title, description: dealt[i % dealt.length]!(low, d) };
  });
  return { type: 'services', heading, intro, items };
}

type Variant = { title: string[]; text: string[] };

function benefits(p: Page): TSection {
  const { x, C, K, t, name } = p;
  const pool: Variant[] = [
    {
      title: ['Clear, Upfront Pricing', 'Prices Agreed First'],
      text: [
        `You know the price before any ${t} work starts in ${C}, with an explanation of what it covers.`,
        'We agree the cost with you before we begin, so there are no surprise extras on the invoice.',
        'No guesswork on the bill: the price is explained and agreed before the work begins.',
      ],
    },
    {
      title: ['Done Right the First Time', 'Fixed Properly'],
      text: [
        'We take the time to find the real cause, so the fix lasts instead of coming back next month.',
        `A proper diagnosis first means your ${t} problem is solved, not just covered up.`,
        'We look for the cause, not only the symptom, so you are not calling us back for the same fault.',
      ],
    },
    {
      title: ['Respect for Your Property', 'A Tidy Job'],
      text: [
        'Work areas protected, tools tidied away and everything cleaned up before we leave.',
        `We treat your ${C} home or business with care and leave it as clean as we found it.`,
        'Floors covered, mess contained and the site swept before we call the job finished.',
      ],
    },
    {
      title: ['Straight Answers', 'Honest Advice'],
      text: [
        'We tell you what needs doing now, what can wait and what you do not need at all.',
        'You get plain language, not jargon, and a recommendation you can weigh up without pressure.',
        'If a repair makes more sense than a replacement, we say so.',
        `Ask us anything about your ${t} job and you will get a plain, honest answer.`,
      ],
    },
    {
      title: ['Easy to Reach', 'Real People on the Line'],
      text: [
        p.phone
          ? `Call ${p.phone} and talk to someone who can actually help.`
          : 'You reach people who know the work and can answer your questions directly.',
        `Questions from ${C} get answered by people who know ${t}, not by a script.`,
        p.phone
          ? `One call to ${p.phone} puts you through to the people who do the work.`
          : 'Every message gets a reply from someone who understands the job.',
      ],
    },
    {
      title: ['Local and Accountable', 'Our Name on Every Job'],
      text: [
        p.K && p.countyCities > 1
          ? `${name} works in ${p.countyCities} cities across ${K}, and our reputation rides on every job.`
          : `${name} works where its customers live, and our reputation depends on every job we finish.`,
        `Every ${C} job carries the ${name} name, so it is finished to a standard we are happy to stand behind.`,
        'We want every customer to call us again, so every job is done as if it were our own.',
      ],
    },
    {
      title: ['On-Time Arrivals', 'We Keep to the Time'],
      text: [
        'We give you an arrival window and keep to it, or call ahead if anything changes.',
        `Your time matters: we agree when we will arrive in ${C} and stick to it.`,
        'No waiting around all day: you get a time, and we keep to it.',
      ],
    },
    {
      title: ['Jobs Big and Small', 'No Job Too Small'],
      text: [
        `From a quick ${t} fix to a larger project, every job gets the same care and attention.`,
        `A small repair in ${C} gets the same attention as a full installation.`,
        'Whether it takes an hour or a week, the job gets our full attention.',
      ],
    },
    {
      title: ['Homes and Businesses', 'Residential and Commercial'],
      text: [
        `We work for homeowners, landlords and businesses in ${C}, and plan each job around the property.`,
        'Commercial work is scheduled to keep disruption low; at home, we fit around your day.',
        `Houses, rentals and business premises in ${C}: each job is planned around the people using it.`,
      ],
    },
    {
      title: ['Kept in the Loop', 'Updates as We Go'],
      text: [
        'You know what we are doing and why, and we tell you straight away if plans need to change.',
        'No long silences: we keep you updated from the first visit to the final check.',
        'If we find something unexpected, you hear about it before we go any further.',
      ],
    },
    {
      title: ['Checked With You', 'A Final Walkthrough'],
      text: [
        'Before we leave, we test the work and show you what was done.',
        `We walk you through the finished ${t} job so you know exactly what you paid for.`,
        'The job is only finished once you have seen the result and had your questions answered.',
      ],
    },
  ];
  const heading = x.one('ben-h', [
    `Why Choose ${name} in ${C}`,
    `What You Can Expect in ${C}`,
    `The ${name} Difference`,
    `Why Work With Us in ${C}`,
    'What Sets Us Apart',
    `Reasons to Call ${name}`,
  ]);
  const items = x.some('ben', pool, 4).map((v, i) => ({
    title: x.one(`ben${i}-t`, v.title),
    description: x.one(`ben${i}-d`, v.text),
  }));
  return { type: 'benefits', heading, items };
}

function process(p: Page): TSection {
  const { x, C, t } = p;
  const zip = p.zips.length ? x.one('proc-zip', p.zips) : '';
  const heading = x.one('proc-h', [
    'How It Works',
    `How We Work in ${C}`,
    'What to Expect, Step by Step',
    `Booking ${p.T} in ${C}`,
    'From First Call to Finished Job',
    'Our Process',
  ]);
  const steps: Item[] = [
    {
      title: x.one('p1-t', [
        'Get in Touch',
        'Tell Us What You Need',
        'Reach Out',
        'Make Contact',
        'First Contact',
      ]),
      description: x.one(
        'p1-d',
        usable([
          p.phone
            ? `Call ${p.phone} and tell us what is going on. A few details help us come prepared.`
            : `Send us a short description of the job and how to reach you.`,
          `${cap(reach(p))} with your ${C} address${zip ? ` (ZIP ${zip}, for example)` : ''} and a few words about the problem.`,
          `Tell us what you need and where in ${C} the job is; photos help if you have them.`,
          `Start with a ${p.phone ? 'quick call' : 'short message'}: what is wrong, where the property is and when suits you.`,
          `The first step is a ${p.phone ? `call to ${p.phone}` : 'short message'}. Describe the job in your own words; we ask the rest.`,
          `Let us know what has gone wrong at your ${C} property and when you are free.`,
        ]),
      ),
    },
    {
      title: x.one('p2-t', [
        'Get a Clear Quote',
        'Assessment and Quote',
        'We Assess and Advise',
        'Options and Price',
        'An Honest Assessment',
      ]),
      description: x.one('p2-d', [
        'We look at the job, explain your options in plain language and agree a price before any work begins.',
        'You hear what we found and what we recommend, with the price, before you decide anything.',
        `We assess the ${t} problem properly and give you a clear quote, with no pressure to go ahead.`,
        'A proper look first, then a price you agree to. Nothing starts until you say so.',
        'We find the cause, talk you through the fix and put a clear price on it.',
        `For your ${C} job you get a clear quote and an honest view of what can wait.`,
      ]),
    },
    {
      title: x.one('p3-t', [
        'We Do the Work',
        'Careful, Tidy Work',
        'The Job, Done Properly',
        'Work Begins',
        'On the Job',
      ]),
      description: x.one('p3-d', [
        `Our team arrives in ${C} when agreed, carries out the ${t} work carefully and keeps you updated as we go.`,
        'We turn up on time with what the job needs, protect the work area and get on with it.',
        `The work is done the way we described it, and if anything changes we talk to you before going further.`,
        `We carry out the ${t} work to the plan you agreed, keeping the site tidy throughout.`,
        'With the price agreed, we get to work, protecting floors and furniture as we go.',
        `We arrive in ${C} with the right parts for the job and keep you posted while we work.`,
      ]),
    },
    {
      title: x.one('p4-t', [
        'Final Check and Cleanup',
        'Walkthrough and Cleanup',
        'Checked and Tidy',
        'Done and Dusted',
        'A Final Walkthrough',
      ]),
      description: x.one('p4-d', [
        'We test the result, clean up and walk you through what we did before we leave.',
        'Before we go, we check the work with you and leave the area as clean as we found it.',
        'A last test, a tidy site and a quick explanation of what was done: then the job is finished.',
        `You see the finished job, ask anything you like and we clear up before leaving your ${C} property.`,
        'We check everything works as it should and show you the result before we go.',
        'The job ends with a test, a tidy work area and time for your questions.',
      ]),
    },
  ];
  return { type: 'process', heading, steps };
}

function localFaqs(p: Page): Faq[] {
  const { x, C, ST, S, K, t } = p;
  const out: Faq[] = [];
  if (p.zips.length) {
    const zip = x.one('faq-zip', p.zips);
    const others = p.zips.filter((z) => z !== zip);
    const also = others.length
      ? x.one('faq-zip-also', [
          ` We also cover ${others.length === 1 ? `ZIP ${others[0]}` : zipPhrase(others)} in ${C}.`,
          ` The rest of ${C} is covered too: ${zipPhrase(others)}.`,
        ])
      : '';
    out.push({
      question: x.one('faq-zip-q', [
        `Do you serve ZIP ${zip}?`,
        `Is ZIP code ${zip} in your service area?`,
        `Can you come out to ${zip}?`,
      ]),
      answer:
        x.one('faq-zip-a', [
          `Yes. ${zip} is part of our ${C} service area.`,
          p.zips.length > 1
            ? `Yes, ${zip} is one of the ${C} ZIP codes we cover.`
            : `Yes, ${zip} is the ${C} ZIP code, and we cover it.`,
          `Yes. Addresses in ${zip} are within our ${C}, ${ST} service area.`,
        ]) + also,
    });
  }
  if (p.nearby.length) {
    out.push({
      question: x.one('faq-near-q', [
        'Which nearby cities do you also cover?',
        `Do you work outside ${C}?`,
        `What other cities near ${C} do you serve?`,
      ]),
      answer: x
        .one('faq-near-a', [
          'Close by, we also serve {list}.',
          `Besides ${C}, our list includes {list}.`,
          'The nearest cities we serve are {list}.',
        ])
        .replace('{list}', nearbyList(p, 'faq-near-list', x.one('faq-near-n', [4, 5, 6])))
        .concat(
          ' ',
          x.one('faq-near-more', [
            `If your city is not listed, ${reach(p)} and ask.`,
            'Not listed? Ask us anyway.',
            'If you are somewhere in between, we will tell you honestly whether we can reach you.',
          ]),
        ),
    });
  }
  if (K) {
    out.push({
      question: x.one('faq-county-q', [
        `Do you cover all of ${K}?`,
        `Which parts of ${K} do you serve?`,
        `Do you work elsewhere in ${K}?`,
      ]),
      answer:
        p.countyCities > 1
          ? `${x.one('faq-county-a', [
              `We serve ${p.countyCities} cities in ${K}, ${S}, and ${C} is one of them.`,
              `${C} is one of ${p.countyCities} ${K} cities on our list.`,
              `Our list has ${p.countyCities} cities in ${K}, ${C} among them.`,
            ])} ${x.one('faq-county-b', [
              `If your address is elsewhere in the county, ${reach(p)} and we will confirm.`,
              'For anywhere else in the county, ask and we will tell you straight away.',
              'Somewhere else in the county? Ask us; the answer is quick.',
            ])}`
          : x.one('faq-county-a', [
              `In ${K}, ${C} is the city we serve. If your address is elsewhere in the county, ${reach(p)} and we will tell you whether we can help.`,
              `Our ${K} work centers on ${C}. Ask about other addresses in the county and we will give you an honest answer.`,
            ]),
    });
  }
  out.push({
    question: x.one('faq-book-q', [
      `How do I book ${t} in ${C}?`,
      `How do I get a quote in ${C}, ${ST}?`,
      `What is the first step for a job in ${C}?`,
    ]),
    answer: `${x.one('faq-book-a', [
      sentence(reach(p)),
      p.phone
        ? `Start with a call to ${p.phone}.`
        : `Start by getting in touch${p.email ? ` at ${p.email}` : ''}.`,
      `The quickest way is to ${reach(p)}.`,
    ])} ${x.one('faq-book-b', [
      `Tell us your address in ${C}, what is going on and when suits you, and we will arrange a visit or a quote.`,
      'Your address, a short description and any photos are all we need.',
      `Give us your ${C} address and a few words about the job; we will suggest a time.`,
    ])}`,
  });
  return out;
}

function generalFaqs(p: Page): Faq[] {
  const { x, C, t, name } = p;
  const trade = tradeFor(p.serviceType);
  // Answers are two parts chosen apart, so pages that ask the same question rarely answer
  // it in the same words.
  const answer = (salt: string, first: string[], second: string[]) =>
    `${x.one(`${salt}-1`, first)} ${x.one(`${salt}-2`, second)}`;
  const out: Faq[] = [
    {
      question: x.one('g-cost-q', [
        `How much does ${t} cost in ${C}?`,
        `What will my ${t} job cost?`,
        'Can you tell me the price up front?',
      ]),
      answer: answer(
        'g-cost',
        [
          'It depends on the job.',
          'Every job is different, so we price each one on its own.',
          'We do not guess at prices for anything but the simplest jobs.',
          'A fair price needs a proper look at the problem first.',
        ],
        [
          'We look at what is needed, explain the options and give you a clear price before any work starts.',
          'We assess first, then quote, and the price is agreed before we begin.',
          `Once we have seen the ${t} job, you get a clear quote and can decide without pressure.`,
          'You hear the price and what it covers before anything starts, so there are no surprises.',
        ],
      ),
    },
    {
      question: x.one('g-soon-q', [
        `How soon can you get to ${C}?`,
        'How quickly can you come out?',
        `Can you come out to ${C} this week?`,
      ]),
      answer: answer(
        'g-soon',
        [
          `${sentence(reach(p))}`,
          'It depends on the day and on how urgent the job is.',
          'Tell us how urgent it is when you get in touch.',
          'We plan visits around urgency first.',
        ],
        [
          'We will give you the earliest time we can reach you and tell you honestly if we cannot get there quickly.',
          'Anything urgent is prioritised, and you get a clear arrival window when you book.',
          'You get a realistic arrival time, not a promise we cannot keep.',
          `If we cannot get to ${C} soon enough, we will say so straight away.`,
        ],
      ),
    },
    {
      question: x.one('g-biz-q', [
        `Do you work for businesses in ${C} as well as homeowners?`,
        'Do you take commercial jobs?',
        'Do you work for landlords and businesses?',
      ]),
      answer: answer(
        'g-biz',
        [
          'Yes.',
          `Yes: ${name} works for homes and businesses alike.`,
          'We do, as well as for homeowners.',
        ],
        [
          'Commercial work is planned around your opening hours, home visits around your day.',
          'Tell us about the property when you get in touch and we will plan the work around it.',
          'Commercial jobs are scheduled to keep disruption to your business low.',
          `Homes, rentals and business premises in ${C} all get the same careful work.`,
        ],
      ),
    },
    {
      question: x.one('g-svc-q', [
        `Which ${t} services can I book in ${C}?`,
        `What can ${name} help with in ${C}?`,
        'What kind of jobs do you take on?',
      ]),
      answer: answer(
        'g-svc',
        [
          `In ${C} we offer ${serviceList(p, 'g-svc', 5)}.`,
          `Our services include ${serviceList(p, 'g-svc', 5)}, all available in ${C}.`,
          `We handle ${serviceList(p, 'g-svc', 4)}, among other ${t} jobs.`,
        ],
        [
          'Not sure what you need? Describe the problem and we will advise.',
          'If your job is not on the list, ask; we will tell you honestly whether we can help.',
          `${cap(reach(p))} and describe the job if you are unsure.`,
        ],
      ),
    },
    {
      question: x.one('g-prep-q', [
        'How should I prepare for your visit?',
        'Is there anything I need to do before you arrive?',
        'What do you need from me on the day?',
      ]),
      answer: answer(
        'g-prep',
        [
          'Clear access to the work area is the main thing.',
          'Not much.',
          'Very little: a clear path to the problem helps most.',
        ],
        [
          'Let us know about pets, parking or anything we should be careful of, and we will handle the rest.',
          'Tell us about pets or tricky parking ahead of time and that is all we need.',
          'If anything at the property needs special care, mention it when you book.',
        ],
      ),
    },
    {
      question: x.one('g-explain-q', [
        'Will you explain the work before you start?',
        'Will I know the price before work begins?',
        'Do you start work without asking first?',
      ]),
      answer: answer(
        'g-explain',
        [
          'Nothing starts until you agree.',
          'You decide before anything starts.',
          'Never without your go-ahead.',
        ],
        [
          'We tell you what we found, what we recommend and why, and what it will cost.',
          'You get the findings, the options and the price first; the decision is yours.',
          'We explain the job in plain language and agree the price with you beforehand.',
        ],
      ),
    },
    {
      question: x.one('g-after-q', [
        'What if something is not right after the job?',
        'What happens if there is a problem afterwards?',
        'Do you come back if something goes wrong?',
      ]),
      answer: answer(
        'g-after',
        ['Tell us.', `${sentence(reach(p))}`, 'Let us know as soon as you notice it.'],
        [
          'We come back, look at it and make it right; standing behind our work is part of the job.',
          'We will look at it again and put it right.',
          'We would rather return and check than leave you with a doubt.',
        ],
      ),
    },
  ];
  if (trade) out.push(faq(trade.faq));
  return out;
}

function faqs(p: Page): TSection {
  const { x, C, K } = p;
  const heading = x.one(
    'faq-h',
    usable([
      `${p.T} FAQs for ${C}`,
      `Questions About Our Service in ${C}`,
      `Common Questions in ${C}`,
      'Frequently Asked Questions',
      K && `Serving ${C} and ${K}: Your Questions`,
      `${C} ${p.T}: Questions and Answers`,
    ]),
  );
  const local = localFaqs(p);
  const items = [
    ...x.some('faq-local', local, Math.min(local.length, 3)),
    ...x.some('faq-general', generalFaqs(p), 3),
  ];
  return { type: 'faq', heading, items: x.some('faq-order', items, items.length) };
}

/** One extra section on some pages, so siblings differ in shape as well as in words. */
function extra(p: Page): TSection | null {
  const { x, C, t, name } = p;
  const kind = x.one('extra', ['none', 'prepare', 'homes', 'choose']);
  if (kind === 'prepare') {
    return {
      type: 'text',
      heading: x.one('ex-h', ['Before We Arrive', `Getting Ready for Your ${C} Appointment`]),
      paragraphs: [
        x.one('ex-1', [
          'There is not much to do before a visit. Clear a path to the work area, put pets somewhere calm and tell us about parking or access if it is tricky.',
          'A little preparation helps: clear access to the problem, pets out of the way and a note of anything we should be careful of.',
          `Getting ready for a ${t} visit takes minutes: make the work area reachable and tell us about anything fragile nearby.`,
        ]),
        x.one('ex-2', [
          'If you can, note when the problem started and anything you have already tried. It helps us find the cause faster.',
          'Photos sent ahead of time often let us bring the right parts on the first visit.',
          'If the problem comes and goes, note when it happens; it helps us find the cause.',
        ]),
      ],
    };
  }
  if (kind === 'homes') {
    return {
      type: 'text',
      heading: x.one('ex-h', [`Homes and Businesses in ${C}`, `Residential and Commercial ${p.T}`]),
      paragraphs: [
        x.one('ex-1', [
          `At home, we fit around your day and keep the mess to a minimum. For businesses in ${C}, we plan ${t} work to keep disruption low.`,
          `${name} works for homeowners, landlords and businesses in ${C}. Each job is planned around the property and the people using it.`,
          `Whether it is a family home, a rental or a shop in ${C}, we agree access, timing and the price before we start.`,
        ]),
      ],
    };
  }
  if (kind === 'choose') {
    return {
      type: 'text',
      heading: x.one('ex-h', [`Choosing a ${p.T} Company in ${C}`, 'What to Ask Before You Book']),
      paragraphs: [
        x.one('ex-1', [
          `Whoever you call, ask for a clear price before work starts, an explanation of what the job involves and what happens if something is not right afterwards. We are happy to answer all three.`,
          `A good ${t} company explains the options, agrees the price first and cleans up afterwards. That is the standard we hold ourselves to in ${C}.`,
          `Before booking anyone for ${t} work, check that you will get a clear quote, an explanation in plain words and a tidy finish. You get all three from ${name}.`,
        ]),
      ],
    };
  }
  return null;
}

function cta(p: Page): TSection {
  const { x, C, ST, t, name } = p;
  const topic = p.topics.length ? x.one('cta-topic', p.topics) : '';
  return {
    type: 'cta',
    heading: x.one('cta-h', [
      `Ready for ${p.T} in ${C}?`,
      `Talk to ${name} Today`,
      `Get Your ${C} Quote`,
      `Need ${p.T} in ${C}, ${ST}?`,
      "Let's Get Started",
      `Book ${p.T} in ${C}`,
    ]),
    text: [
      x.one('cta-t', [
        `${p.phone ? `Call ${p.phone} to talk to` : 'Get in touch with'} ${name} about ${t} in ${C}. We will listen, answer your questions and give you a clear quote.`,
        `${cap(reach(p))} and tell us about your ${t} job in ${C}. You will get straight answers and a price before any work begins.`,
        `Whatever your ${t} job in ${C}, the first step is a ${p.phone ? `call to ${p.phone}` : 'quick message'}. No pressure, just clear advice.`,
        `${name} is ready to help in ${C}. ${cap(reach(p))} for a clear quote and an arrival time that suits you.`,
        `Have a ${t} problem in ${C}? ${cap(reach(p))}, tell us what is happening and we will explain your options.`,
        `Talk to a ${t} team that explains before it starts. ${cap(reach(p))} about your ${C} job.`,
        `One ${p.phone ? 'call' : 'message'} is all it takes to get a clear price for your ${C} ${t} job. ${cap(reach(p))}.`,
      ]),
      topic && `Ask about ${topic}.`,
    ]
      .filter(Boolean)
      .join(' '),
    buttonLabel: p.phone
      ? x.one('cta-b', ['Call Now', 'Call for a Quote', 'Call Us Today', 'Talk to Us'])
      : x.one('cta-b', ['Contact Us', 'Get a Quote', 'Get in Touch']),
  };
}

// ---------------------------------------------------------------- fit to the schema

// ---------------------------------------------------------------- the page

/**
 * One city page from the project's data and the city's record; deterministic for equal
 * input, and worded afresh for each `city.revision`.
 */
export function writeOfflineCityContent(project: OfflineProject, city: CityContext): TPageContent {
  const p = pageOf(project, city);
  const middle = [area(p), services(p), benefits(p), process(p), extra(p)].filter(
    (s): s is TSection => s !== null,
  );
  const sections = [intro(p), ...p.x.some('order', middle, middle.length), faqs(p), cta(p)];
  const h = hero(p);
  return {
    meta: { title: fit(metaTitle(p), 120), description: fit(metaDescription(p), 320) },
    hero: {
      heading: fit(h.heading, 160),
      subheading: fit(h.subheading, 600),
      ctaLabel: fit(h.ctaLabel, 60),
    },
    sections: sections.slice(0, 10).map(fitSection),
  };
}
