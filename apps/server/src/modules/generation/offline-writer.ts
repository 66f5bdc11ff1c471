import { slugify } from '../../lib/slugify.ts';
import type { TPageContent, TSection } from './content.ts';
import {
  ACTIVITY_SERVICES,
  faq,
  GENERIC_SERVICES,
  item,
  tradeFor,
  TRADES,
  type OfflineFaq,
  type OfflineItem,
} from './offline-catalogue.ts';
import { BULLET, factsFrom, fit, fitSection, SERVICES, tradeWords } from './offline-brief.ts';
import { cap, listOf, lower, pick, pickN, sentence, titleCase } from './offline-text.ts';

/**
 * The built-in "Offline draft" model: complete, specific pages written from the project's own
 * data, with no key and no network. Wording is varied by a hash of the page slug, because
 * near-duplicate pages are exactly what this product exists to avoid. It never invents facts
 * (years in business, licences, hours, addresses): it promises only how the business works.
 */

export type OfflineProject = {
  name: string;
  serviceType: string;
  prompt: string;
  contactPhoneNumber: string;
  email: string;
};
export type OfflinePage = {
  kind: 'homepage' | 'main' | 'service';
  name: string;
  slug: string;
  prompt: string;
};
export type OfflineService = OfflineItem;
type Item = OfflineItem;
type Faq = OfflineFaq;

function splitTitle(raw: string): Item | null {
  // The prompt is user text of up to 20,000 characters: a trailing-run pattern may only start
  // where a run starts (the lookbehind), or it rescans the run from each of its characters.
  const text = raw
    .replace(BULLET, '')
    .replace(/(?<![.;])[.;]+$/, '')
    .trim();
  if (!text) return null;
  const m = /^(.{2,80}?)\s*(?::|\s[–—-]\s)\s*(.+)$/.exec(text);
  return {
    title: titleCase((m?.[1] ?? text).slice(0, 100)),
    description: m?.[2] ? sentence(m[2]) : '',
  };
}

function servicesFromPrompt(prompt: string): Item[] {
  const lines = prompt.split('\n');
  const inline = lines.map((l) => SERVICES.exec(l)?.[1]?.trim()).find(Boolean);
  if (inline) {
    const parts = inline
      .replace(/\.$/, '')
      .split(/[,;]/)
      .map((part) => part.trim());
    // Only the last part of a real list is split on "and" ("a, b and c"), so a lone
    // "heating and cooling" stays one service.
    const tail =
      parts.length > 1
        ? parts
            .pop()!
            .replace(/^and\s+/i, '')
            .split(/(?<!\s)\s+and\s+/i)
        : [];
    return [...parts, ...tail].map(splitTitle).filter((x): x is Item => x !== null);
  }
  // A "Services:" heading scopes the bullets; without one, every bullet is taken as a service.
  const header = lines.findIndex((l) => SERVICES.test(l));
  const scope = header >= 0 ? lines.slice(header + 1) : lines;
  const bullets: string[] = [];
  for (const line of scope) {
    if (BULLET.test(line)) bullets.push(line);
    else if (header >= 0 && line.trim() && bullets.length > 0) break;
  }
  return bullets.map(splitTitle).filter((x): x is Item => x !== null);
}

function describeService(title: string, name: string): string {
  const s = lower(title);
  return pick(
    [
      `${name} provides ${s} with a clear quote up front and careful, tidy work from start to finish.`,
      `Professional ${s} for homes and businesses, explained in plain language and done right the first time.`,
      `${title} from a team that turns up when agreed, explains the options and cleans up afterwards.`,
      `${title} handled with care, with honest advice on what needs doing now and what can wait.`,
    ],
    title,
    'describe',
  );
}

/**
 * The project's services: the prompt's own list when it has one (bullets or "Services: a, b"),
 * otherwise a known trade's usual services, otherwise patterns built from the service type.
 */
export function offlineServices(
  project: Pick<OfflineProject, 'name' | 'serviceType' | 'prompt'>,
): OfflineService[] {
  const fromPrompt = servicesFromPrompt(project.prompt).slice(0, 12);
  if (fromPrompt.length > 0) {
    return fromPrompt.map((s) => ({
      title: s.title,
      description: s.description || describeService(s.title, project.name.trim()),
    }));
  }
  const trade = tradeFor(project.serviceType);
  if (trade) return trade.services.map(item);
  const { t, T } = tradeWords(project.serviceType);
  const activity = /(ing|care|control|removal|design|services)$/i.test(T);
  return (activity ? ACTIVITY_SERVICES : GENERIC_SERVICES).map((line) =>
    item(line.replaceAll('{T}', T).replaceAll('{t}', t)),
  );
}

// ---------------------------------------------------------------- shared blocks

type Voice = {
  name: string;
  /** Mid-sentence trade noun: "plumbing", "HVAC", "garage door". */
  t: string;
  /** Heading form: "Plumbing", "HVAC". */
  T: string;
  phone: string;
  email: string;
  services: OfflineService[];
};

function voiceOf(project: OfflineProject): Voice {
  return {
    name: project.name.trim(),
    ...tradeWords(project.serviceType),
    phone: project.contactPhoneNumber.trim(),
    email: project.email.trim(),
    services: offlineServices(project),
  };
}

/** "call (512) 555-0100", "email …" or "get in touch": how a visitor takes the next step. */
function reach(v: Voice): string {
  if (v.phone) return `call ${v.phone}`;
  if (v.email) return `email ${v.email}`;
  return 'get in touch';
}

function serviceNames(v: Voice, n: number): string {
  return listOf(v.services.slice(0, n).map((s) => lower(s.title)));
}

function benefitPool(v: Voice, focus: string): Item[] {
  const call = v.phone
    ? `Call ${v.phone} and talk to someone who can actually help, not a call centre.`
    : 'You reach people who know the work and can answer your questions directly.';
  return [
    `Clear, Upfront Pricing: You get a price before any ${focus} work starts, with an explanation of what it covers. No surprises on the invoice.`,
    `Done Right the First Time: We take the time to find the real cause, so the ${focus} fix lasts instead of coming back next month.`,
    'Respect for Your Property: Work areas protected, tools tidied away and everything cleaned up before we leave.',
    'Straight Answers: We tell you what needs doing now, what can wait, and what you do not need at all.',
    `Easy to Reach: ${call}`,
    `Local and Accountable: ${v.name} works where its customers live, and our reputation depends on every job we finish.`,
    'On-Time Arrivals: We give you an arrival window and keep to it, or call ahead if anything changes.',
    `Jobs Big and Small: From a quick ${focus} fix to a larger project, every job gets the same care and attention.`,
  ].map(item);
}

function steps(v: Voice, seed: string, focus: string): Item[] {
  const first = v.phone
    ? `Call ${v.phone} about your ${focus} job and tell us what is going on. A few details help us come prepared.`
    : `Send us a short description of your ${focus} job and how to reach you.`;
  const titles = [
    pick(['Get in Touch', 'Tell Us What You Need', 'Reach Out'], seed, 's1'),
    pick(['Get a Clear Quote', 'Assessment and Quote', 'We Assess and Advise'], seed, 's2'),
    pick(['We Do the Work', 'Careful, Tidy Work', 'The Job, Done Properly'], seed, 's3'),
    pick(['Final Check and Cleanup', 'Walkthrough and Cleanup', 'Checked and Tidy'], seed, 's4'),
  ];
  const texts = [
    first,
    'We look at the job, explain your options in plain language and agree a price before any work begins.',
    `Our team arrives when agreed, carries out the ${focus} work carefully and keeps you updated as we go.`,
    'We test the result, clean up and walk you through what we did before we leave.',
  ];
  return titles.map((title, i) => ({ title, description: texts[i]! }));
}

function generalFaqs(v: Voice): Faq[] {
  const next = sentence(reach(v));
  return [
    `How much does ${v.t} work cost? It depends on the job. We look at what is needed, explain the options and give you a clear price before any work starts, so you can decide without pressure.`,
    `How soon can you come out? ${next} We will give you the earliest time we can reach you, prioritise anything urgent and tell you honestly if we cannot get there quickly.`,
    'Do you work for homeowners and businesses? Yes. We help homeowners, landlords and businesses. Tell us about your property when you get in touch and we will plan the work around it.',
    'Will you explain the work before you start? Always. We tell you what we found, what we recommend and why, and what it will cost. Nothing starts until you agree.',
    `Do you serve my area? ${next} Give us your address and we will confirm straight away whether you are in our service area.`,
    'How should I prepare for your visit? Clear access to the work area and let us know about pets, parking or anything we should be careful of. That is all we need.',
  ].map(faq);
}

function serviceFaqs(v: Voice, title: string): Faq[] {
  const s = lower(title);
  return [
    `How much does ${s} cost? The price of ${s} depends on the size of the job, access and materials. We assess it first and give you a clear quote before any work begins.`,
    `How long does ${s} take? It depends on what we find. We give you a realistic time estimate with your quote for ${s} and keep you updated if anything changes.`,
    `Do I need to be there for ${s}? It helps if someone can show us the problem at the start and look at the result at the end. In between, you can get on with your day.`,
    `Do you offer ${s} for businesses? Yes. ${v.name} provides ${s} for homes and businesses, and we schedule commercial work to keep disruption low.`,
    `What if something is not right after the ${s}? Tell us. We come back, look at it and make it right; standing behind our ${s} work is part of the job.`,
    `Can I get advice before booking ${s}? Of course. We are happy to explain what ${s} would involve and let you decide without pressure. Just ${reach(v)}.`,
  ].map(faq);
}

function tradeFaqs(v: Voice): Faq[] {
  const trade = TRADES.find((t) => t.noun === v.t);
  return trade ? [faq(trade.faq)] : [];
}

function cta(v: Voice, seed: string, heading: string, topic: string): TSection {
  const lead = v.phone ? `Call ${v.phone} to talk to` : 'Get in touch with';
  return {
    type: 'cta',
    heading,
    text: `${lead} ${v.name} about ${topic}. We will listen, answer your questions and give you a clear quote.`,
    buttonLabel: v.phone
      ? pick(['Call Now', 'Call for a Quote', 'Call Us Today'], seed, 'cta')
      : 'Contact Us',
  };
}

function ctaLabel(v: Voice, seed: string): string {
  if (!v.phone) return 'Request a Quote';
  return pick(['Call Now', 'Call for a Quote', 'Book by Phone'], seed, 'hero');
}

// ---------------------------------------------------------------- pages

type Writer = (v: Voice, page: OfflinePage, facts: string[], seed: string) => TPageContent;

const homepage: Writer = (v, _page, facts, seed) => {
  const opener = pick(
    [
      `${v.name} is a local ${v.t} company built on straightforward advice and careful work.`,
      `At ${v.name}, ${v.t} work is what we do every day, and we take pride in doing it properly.`,
      `${v.name} helps local homeowners and businesses with ${v.t} work done carefully and explained clearly.`,
    ],
    v.name,
    'opener',
  );
  const about = [
    [opener, ...facts.slice(0, 2)].join(' '),
    [
      ...facts.slice(2, 4),
      `When you contact us, you speak with people who know ${v.t} and will tell you plainly what your job needs.`,
      'We explain your options, agree the price before we start and leave your property as tidy as we found it.',
    ].join(' '),
  ];
  const first = lower(v.services[0]?.title ?? v.t);
  const last = lower(v.services[v.services.length - 1]?.title ?? v.t);
  return {
    meta: {
      title: `${v.name} | ${v.T} Services`,
      description: `${v.name} offers ${v.services
        .slice(0, 3)
        .map((x) => lower(x.title))
        .join(
          ', ',
        )} and more. Clear pricing, careful work and straight answers. ${sentence(reach(v))}`,
    },
    hero: {
      heading: pick(
        [
          `${v.T} Services You Can Count On`,
          `Local ${v.T} Services, Done Right`,
          `Reliable ${v.T} for Homes and Businesses`,
        ],
        v.name,
        'hero',
      ),
      subheading: `${v.name} helps with ${serviceNames(v, 3)}. ${cap(reach(v))} for straight answers and a clear quote.`,
      ctaLabel: ctaLabel(v, seed),
    },
    sections: [
      { type: 'text', heading: `About ${v.name}`, paragraphs: about },
      {
        type: 'services',
        heading: `Our ${v.T} Services`,
        intro: `From ${first} to ${last}, here is how we can help.`,
        items: v.services,
      },
      {
        type: 'benefits',
        heading: `Why Choose ${v.name}`,
        items: pickN(benefitPool(v, v.t), 4, seed),
      },
      { type: 'process', heading: 'How It Works', steps: steps(v, seed, v.t) },
      {
        type: 'faq',
        heading: 'Frequently Asked Questions',
        items: [...tradeFaqs(v), ...pickN(generalFaqs(v), 4, seed)],
      },
      cta(v, seed, 'Ready to Get Started?', `your ${v.t} needs`),
    ],
  };
};

const servicePage: Writer = (v, page, facts, seed) => {
  const S = page.name.trim();
  const s = lower(S);
  const known = v.services.find((x) => slugify(x.title) === page.slug || x.title === S);
  // Service pages are queued with the homepage card's description as their prompt.
  const description = known?.description ?? (facts.join(' ') || describeService(S, v.name));
  const extra = facts.filter((f) => !description.includes(f));
  const approach = pick(
    [
      `Every ${s} job starts with a proper look at the problem. We explain what we found and what we recommend, and agree the price with you before we begin.`,
      `We start by understanding what you need from your ${s}, then talk you through the options, with prices, so you can choose what suits you.`,
      `Before any ${s} work begins, you know what we will do, how long it should take and what it will cost. No pressure and no surprises.`,
    ],
    seed,
    'approach',
  );
  const included = pick(
    [
      `Every ${s} visit includes a clear explanation of the work, protection for the area we work in and a final check with you before we leave.`,
      `You can expect punctual arrival, a tidy work area and a walkthrough of the finished ${s} job, so you know exactly what was done.`,
      `We bring what the job needs, keep you informed while we work and clean up afterwards; the ${s} is not finished until you are happy with it.`,
    ],
    seed,
    'included',
  );
  const p = (list: string[], salt: string) => pick(list, seed, salt);
  return {
    meta: {
      title: p([`${S} | ${v.name}`, `${S} by ${v.name}`, `Professional ${S} | ${v.name}`], 'title'),
      description: `Need ${s}? ${v.name} provides ${s} with clear pricing and careful, tidy work. ${sentence(reach(v))}`,
    },
    hero: {
      heading: p(
        [`${S} Done Right`, `Professional ${S}`, `${S} You Can Rely On`, `${S} from ${v.name}`],
        'hero',
      ),
      subheading: `${v.name} provides ${s} with clear pricing, careful work and straight answers. ${cap(reach(v))} to book.`,
      ctaLabel: ctaLabel(v, seed),
    },
    sections: [
      {
        type: 'text',
        heading: p(
          [`What Our ${S} Service Includes`, `${S} from ${v.name}`, `About ${S}`],
          'intro',
        ),
        paragraphs: [description, approach, ...(extra.length ? [extra.join(' ')] : []), included],
      },
      {
        type: 'benefits',
        heading: p(
          [`Why Choose Us for ${S}`, `The ${v.name} Difference`, 'What You Can Expect'],
          'b',
        ),
        items: pickN(benefitPool(v, s), 4, seed),
      },
      {
        type: 'process',
        heading: p(
          [`How Our ${S} Service Works`, 'What to Expect, Step by Step', `Booking ${S}`],
          'p',
        ),
        steps: steps(v, seed, s),
      },
      {
        type: 'faq',
        heading: p([`${S} FAQs`, `Common Questions About ${S}`], 'faq'),
        items: pickN(serviceFaqs(v, S), 4, seed),
      },
      cta(v, seed, p([`Book ${S} Today`, `Ready for ${S}?`, `Talk to Us About ${S}`], 'cta-h'), s),
    ],
  };
};

const aboutPage: Writer = (v, _page, facts, seed) => {
  const who = facts.length
    ? [facts.slice(0, 3).join(' '), `${v.name} focuses on ${v.t}: ${serviceNames(v, 4)}.`]
    : [
        `${v.name} is a ${v.t} business that believes good work starts with listening. We take the time to understand each job before we recommend anything.`,
        `Our work covers ${serviceNames(v, 4)}, for homeowners and businesses alike.`,
      ];
  return {
    meta: {
      title: `About ${v.name} | ${v.T}`,
      description: `Learn about ${v.name}: ${v.t} with clear pricing, careful work and straight answers. Find out how we work, then ${reach(v)}.`,
    },
    hero: {
      heading: `About ${v.name}`,
      subheading: `The team behind your ${v.t} work, and how we make sure every job is done properly.`,
      ctaLabel: v.phone ? 'Call Us' : 'Get in Touch',
    },
    sections: [
      { type: 'text', heading: 'Who We Are', paragraphs: who },
      {
        type: 'text',
        heading: 'How We Work',
        paragraphs: [
          'We keep things simple: we turn up when we say we will, explain what we find in plain language and agree the price before we start.',
          `Every ${v.t} job, large or small, is finished with a check of the result and a tidy work area. If something is not right, we come back and put it right.`,
        ],
      },
      {
        type: 'benefits',
        heading: 'What Sets Us Apart',
        items: pickN(benefitPool(v, v.t), 4, seed),
      },
      {
        type: 'faq',
        heading: 'Questions About Us',
        items: [
          `What kind of work do you do? We focus on ${v.t}, including ${serviceNames(v, 5)}.`,
          `Who will come to my property? A member of the ${v.name} team who knows ${v.t} work and can explain what they are doing and why.`,
          `How do I get a quote? ${sentence(reach(v))} Tell us what you need and we will explain the options and the price before any work starts.`,
        ].map(faq),
      },
      cta(v, seed, `Work With ${v.name}`, `your next ${v.t} job`),
    ],
  };
};

const contactPage: Writer = (v, _page, facts, seed) => {
  const how = [
    v.phone &&
      `The quickest way to reach ${v.name} is by phone: call ${v.phone} and tell us what you need. If we are on a job, leave a short message with your name and number and we will call you back.`,
    v.email &&
      `${v.phone ? 'You can also email' : 'Email us at'} ${v.email}. Include your address, a short description of the job and any photos, and we will reply with next steps.`,
    !v.phone &&
      !v.email &&
      `Get in touch with ${v.name} and tell us about your ${v.t} job. We will reply with next steps and a clear quote.`,
    ...facts.slice(0, 2),
  ].filter((x): x is string => Boolean(x));
  const fastest = v.phone
    ? `Call ${v.phone}. Phone is the quickest way to get an answer or book a visit.`
    : `${sentence(reach(v))} We reply to every message.`;
  const alsoEmail = v.phone && v.email ? ` or email ${v.email}` : '';
  return {
    meta: {
      title: `Contact ${v.name} | ${v.T}`,
      description: `Contact ${v.name} for ${v.t}: ${reach(v)}${alsoEmail} for a clear quote and straight answers.`,
    },
    hero: {
      heading: `Contact ${v.name}`,
      subheading: `Questions, quotes or bookings: ${reach(v)} and we will help you work out the next step.`,
      ctaLabel: v.phone ? 'Call Now' : 'Get in Touch',
    },
    sections: [
      { type: 'text', heading: 'How to Reach Us', paragraphs: how },
      {
        type: 'text',
        heading: 'Hours and Response Times',
        paragraphs: [
          v.phone
            ? 'We answer calls whenever we can and return every message. If your problem is urgent, say so and we will prioritise it.'
            : 'We reply to every message as quickly as we can. If your problem is urgent, say so and we will prioritise it.',
          `Opening hours can change around public holidays, so ${v.phone ? 'calling' : 'getting in touch'} ahead is the quickest way to confirm a time that suits you.`,
        ],
      },
      {
        type: 'benefits',
        heading: 'What to Have Ready',
        items: [
          'Your Address: So we can confirm you are in our area and plan the visit.',
          `The Problem in a Few Words: What is happening, when it started and anything you have already tried.`,
          'Photos, If You Have Them: A couple of pictures often let us give a more accurate first estimate.',
          'Times That Suit You: Tell us when you are available and we will find a slot that works.',
        ].map(item),
      },
      { type: 'process', heading: 'What Happens Next', steps: steps(v, seed, v.t).slice(0, 3) },
      {
        type: 'faq',
        heading: 'Contact FAQs',
        items: [
          { question: 'What is the fastest way to reach you?', answer: fastest },
          faq(
            'Can I get a quote without a visit? For simple jobs we can often give a guide price from a description and photos. For anything bigger we look first, so the quote is accurate.',
          ),
          faq(
            `What if it is an emergency? ${sentence(reach(v))} Tell us it is urgent and we will do everything we can to help quickly, including advice on making things safe in the meantime.`,
          ),
        ],
      },
      cta(v, seed, "Let's Talk", `your ${v.t} job`),
    ],
  };
};

const servicesPage: Writer = (v, _page, facts, seed) => ({
  meta: {
    title: `${v.T} Services | ${v.name}`,
    description: `Explore the ${v.t} services of ${v.name}: ${serviceNames(v, 4)}. Clear quotes and careful work. ${sentence(reach(v))}`,
  },
  hero: {
    heading: `Our ${v.T} Services`,
    subheading: `Everything ${v.name} can help with, from ${serviceNames(v, 2)} to the jobs in between.`,
    ctaLabel: ctaLabel(v, seed),
  },
  sections: [
    {
      type: 'text',
      heading: 'How We Can Help',
      paragraphs: [
        `Whatever your ${v.t} job, we start the same way: we listen, take a proper look and explain your options with prices before anything begins.`,
        ...(facts.length ? [facts.slice(0, 3).join(' ')] : []),
      ],
    },
    {
      type: 'services',
      heading: 'Services We Offer',
      intro: `Choose a service to learn more, or ${reach(v)} if you are not sure what you need.`,
      items: v.services,
    },
    { type: 'process', heading: 'How It Works', steps: steps(v, seed, v.t) },
    { type: 'faq', heading: 'Service Questions', items: pickN(generalFaqs(v), 3, seed) },
    cta(v, seed, 'Not Sure Which Service You Need?', 'what you need'),
  ],
});

/** Any other main page ("Pricing", "Reviews", …), written around the page's own name. */
const topicPage: Writer = (v, page, facts, seed) => {
  const P = page.name.trim() || titleCase(page.slug.replace(/-/g, ' '));
  const intro = facts.length
    ? facts.join(' ')
    : `At ${v.name} we believe you should know what to expect before you book. Here is what to know about ${lower(P)} and how it fits the way we work.`;
  return {
    meta: {
      title: `${P} | ${v.name}`,
      description: `${P} at ${v.name}: what to expect from our ${v.t} work and how we help. ${sentence(reach(v))}`,
    },
    hero: {
      heading: pick([P, `${P} at ${v.name}`], seed, 'hero'),
      subheading: `What you should know about ${lower(P)} when you choose ${v.name} for ${v.t}.`,
      ctaLabel: ctaLabel(v, seed),
    },
    sections: [
      {
        type: 'text',
        heading: pick([`${P}: The Essentials`, `${P} at a Glance`, `About ${P}`], seed, 'intro'),
        paragraphs: [
          intro,
          `Whatever the ${v.t} job, you get a clear explanation, a price agreed in advance and work finished to a standard we are happy to put our name to.`,
        ],
      },
      {
        type: 'benefits',
        heading: `Why Customers Choose ${v.name}`,
        items: pickN(benefitPool(v, v.t), 4, seed),
      },
      { type: 'faq', heading: 'Common Questions', items: pickN(generalFaqs(v), 4, seed) },
      cta(v, seed, 'Have a Question?', lower(P)),
    ],
  };
};

function writerFor(page: OfflinePage): Writer {
  if (page.kind === 'homepage') return homepage;
  if (page.kind === 'service') return servicePage;
  const key = `${page.slug} ${page.name}`.toLowerCase();
  if (key.includes('about')) return aboutPage;
  if (key.includes('contact')) return contactPage;
  if (/^(our-)?services?(-\d+)?$/.test(page.slug)) return servicesPage;
  return topicPage;
}

// ---------------------------------------------------------------- fit to the schema

/** Writes one page of the project from its own data; deterministic for equal input. */
export function writeOfflineContent(project: OfflineProject, page: OfflinePage): TPageContent {
  const v = voiceOf(project);
  const seed = `${page.kind}:${page.slug}`;
  const own = factsFrom(page.prompt);
  // Main pages without a brief of their own borrow the owner's brief; the contact page does
  // not, since statements about the business would only crowd its contact details.
  const facts =
    page.kind === 'homepage'
      ? factsFrom(project.prompt)
      : own.length || page.kind === 'service' || writerFor(page) === contactPage
        ? own
        : factsFrom(project.prompt).slice(0, 3);
  const content = writerFor(page)(v, page, facts, seed);
  return {
    meta: { title: fit(content.meta.title, 120), description: fit(content.meta.description, 320) },
    hero: {
      heading: fit(content.hero.heading, 160),
      subheading: fit(content.hero.subheading, 600),
      ctaLabel: fit(content.hero.ctaLabel, 60),
    },
    sections: content.sections.slice(0, 10).map(fitSection),
  };
}
