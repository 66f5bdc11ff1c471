import type { ChatMessage } from '../ai/index.ts';
import type { CityContext } from './city-context.ts';
import { CONTENT_SHAPE } from '../pages/index.ts';

export type PromptProject = {
  name: string;
  serviceType: string;
  prompt: string;
  contactPhoneNumber: string;
  email: string;
  clientDomain: string | null;
};
export type PromptPage = {
  kind: 'homepage' | 'main' | 'service' | 'city';
  name: string;
  slug: string;
  prompt: string;
  /** City pages only: the place, and everything local the page may say about it. */
  city?: CityContext;
};

/**
 * The long part every call of a project shares, byte for byte: providers cache a prompt's
 * prefix, so keeping the business, style and answer format identical across a project's
 * hundreds of calls makes all but the first cheaper and faster. Nothing page-specific here.
 */
export function sharedPrompt(project: PromptProject): string {
  const contact = [
    project.contactPhoneNumber && `Phone: ${project.contactPhoneNumber}`,
    project.email && `E-mail: ${project.email}`,
    project.clientDomain && `Website: ${project.clientDomain}`,
  ]
    .filter(Boolean)
    .join('\n');
  return `You write the pages of a local service business's website.

# The business
Name: ${project.name}
Service type: ${project.serviceType}
${contact || 'Contact details: not given'}

# The owner's brief
${project.prompt.trim() || '(no brief given: write from the service type)'}

# How to write
- Write for people in the area who need this service now: plain, specific, confident, warm.
- Every page must be original: do not reuse sentences from other pages of the site.
- Never invent facts you were not given: no street addresses, prices, licence numbers,
  years in business, awards, reviews, testimonials or guarantees.
- A city page may come with facts the business gave about that place. State every one of
  them faithfully, in sentences of your own, with its value exactly as written (numbers,
  names, prices, dates and wording unchanged), and make no other local claim. Put each
  customer quote among them in a quotes section, word for word, with who said it; a page
  without given quotes has no quotes section.
- Mention the phone number in calls to action when one is given.
- American English. No markdown, no HTML, no emojis inside the text fields.
- meta.title is 50-60 characters and names the service; meta.description is 140-160 characters.

# Answer format
Answer with one JSON object only, no prose around it, shaped like this (sections may repeat
or be left out as the page needs; keep their order meaningful):
${CONTENT_SHAPE}`;
}

const PLAN: Record<PromptPage['kind'], string> = {
  homepage:
    'The homepage. Sections in this order: text (who we are, 2 paragraphs), services (every service the business offers, 4-8 items), benefits (4), process (3-4 steps), faq (4-6), cta.',
  main: 'A main page of the site. Choose the sections that suit the page name: text first (2-3 paragraphs), then what helps a visitor act, then faq (3-5) where useful, ending with cta.',
  city: 'A page for one city the business serves. Sections: text (the service in this city: what people here can expect, 2-3 paragraphs that name the county and the nearby cities given, and state the facts of this place given above), services (the business services adapted to this city, 4-8 items), benefits (3-5), process (3-4 steps), faq (4-6 questions a resident of this city would ask, including which ZIP codes and nearby cities are covered), cta.',
  service:
    'A page about one service. Sections: text (what the service is and when people need it, 2-3 paragraphs), benefits (3-5), process (3-4 steps), faq (4-6 questions about this service), cta.',
};

function urlPath(page: PromptPage): string {
  if (page.city) return page.city.paths.self;
  if (page.kind === 'homepage') return '/';
  return page.kind === 'service' ? `/services/${page.slug}` : `/${page.slug}`;
}

const ZIPS_LISTED = 40;

/**
 * The facts the business gave about the place, one a line as `- Name: value` (a long value on
 * one line): the page states each, its value as written.
 */
function firsthandLines(city: CityContext): string[] {
  if (!city.facts.length) return [];
  return [
    `Facts the business gave about ${city.name} (state every one, its value exactly as written):`,
    ...city.facts.map((f) => `- ${oneLine(f.name)}: ${oneLine(f.value)}`),
  ];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Everything local the page may use, and a reminder that nothing else is known. */
function cityFacts(city: CityContext): string[] {
  const zips =
    city.zips.length > ZIPS_LISTED
      ? `${city.zips.slice(0, ZIPS_LISTED).join(', ')} and ${city.zips.length - ZIPS_LISTED} more`
      : city.zips.join(', ');
  const nearby = city.nearby.map((n) => `${n.name}, ${n.stateId} (${n.miles} miles)`).join('; ');
  return [
    `City: ${city.name}, ${city.stateName} (${city.stateId})`,
    city.otherCounties.length > 0
      ? `County: ${city.county} (the city also reaches into ${city.otherCounties.join(', ')})`
      : `County: ${city.county}`,
    zips && `ZIP codes served: ${zips}`,
    nearby && `Nearby cities we also serve: ${nearby}`,
    city.services.length > 0 &&
      `The business's services: ${city.services.map((s) => s.title).join('; ')}`,
    ...firsthandLines(city),
    'Use only these local facts: do not invent neighborhoods, landmarks, streets, population, weather or local history.',
    city.revision > 0 &&
      'A previous version of this page read too much like the pages of other cities: choose different angles, structure and wording.',
  ].filter((line): line is string => Boolean(line));
}

/** A service-city page: the one service, what its own page says, and how this page differs. */
function serviceLines(city: CityContext): string[] {
  if (!city.service) return [];
  const { name, summary } = city.service;
  return [
    `Service: ${name} (this page is about this one service in ${city.name}, not the business's other services)`,
    summary && `What the site's page about ${name} says: ${oneLine(summary)}`,
    `Plan: a page about ${name} in ${city.name}. Sections: text (what people in ${city.name} need ${name} for and can expect, 2-3 paragraphs that state the facts of this place given above), benefits (3-5), process (3-4 steps of this service), faq (4-6 questions a resident of ${city.name} would ask about ${name}), cta. No services section.`,
  ];
}

/** The page-specific part goes last so the shared prefix stays cacheable. */
export function pagePrompt(page: PromptPage): string {
  const extra = page.prompt.trim();
  return [
    `Page: ${page.name}`,
    `URL path: ${urlPath(page)}`,
    ...(page.city ? cityFacts(page.city) : []),
    ...(page.city?.service ? serviceLines(page.city) : [PLAN[page.kind]]),
    extra && `Instructions for this page: ${extra}`,
    'Answer with the JSON object only.',
  ]
    .filter(Boolean)
    .join('\n');
}

export function pageMessages(project: PromptProject, page: PromptPage): ChatMessage[] {
  return [
    { role: 'system', content: sharedPrompt(project) },
    { role: 'user', content: pagePrompt(page) },
  ];
}

/** The one repair round: the model sees its answer and exactly what was wrong with it. */
export function repairMessages(
  messages: ChatMessage[],
  answer: string,
  problem: string,
): ChatMessage[] {
  return [
    ...messages,
    { role: 'assistant', content: answer.slice(0, 20_000) },
    {
      role: 'user',
      content: `That answer cannot be used: ${problem}\nAnswer again with the corrected JSON object only.`,
    },
  ];
}
