/**
 * The site pages of the "Offline draft" model, one writer per kind of page: homepage, a
 * service, and the main pages (about, contact, services, any other topic).
 */

import { slugify } from '../../../../lib/slugify.ts';
import type { TPageContent } from '../../../pages/index.ts';
import { describeService } from '../services.ts';
import { cap, faq, item, lower, pick, pickN, sentence, titleCase } from '../text.ts';
import {
  HOME_HEROES,
  HOME_OPENERS,
  SERVICE_APPROACHES,
  SERVICE_BENEFITS_HEADINGS,
  SERVICE_CTA_HEADINGS,
  SERVICE_FAQ_HEADINGS,
  SERVICE_HEROES,
  SERVICE_INCLUDED,
  SERVICE_INTRO_HEADINGS,
  SERVICE_PROCESS_HEADINGS,
  SERVICE_TITLES,
  TOPIC_HEROES,
  TOPIC_INTRO_HEADINGS,
} from '../phrases/site-pages.ts';
import { reach, type Voice } from '../voice.ts';
import {
  benefitPool,
  cta,
  ctaLabel,
  generalFaqs,
  serviceFaqs,
  serviceNames,
  steps,
  tradeFaqs,
} from './blocks.ts';

export type OfflinePage = {
  kind: 'homepage' | 'main' | 'service';
  name: string;
  slug: string;
  prompt: string;
};

export type Writer = (v: Voice, page: OfflinePage, facts: string[], seed: string) => TPageContent;

export const homepage: Writer = (v, _page, facts, seed) => {
  const opener = pick(HOME_OPENERS(v), v.name, 'opener');
  const about = [
    [opener, ...facts.slice(0, 2)].join(' '),
    [
      ...facts.slice(2, 4),
      `When you contact us, you speak with people who know ${v.trade} and will tell you plainly what your job needs.`,
      'We explain your options, agree the price before we start and leave your property as tidy as we found it.',
    ].join(' '),
  ];
  const first = lower(v.services[0]?.title ?? v.trade);
  const last = lower(v.services[v.services.length - 1]?.title ?? v.trade);
  return {
    meta: {
      title: `${v.name} | ${v.tradeTitle} Services`,
      description: `${v.name} offers ${v.services
        .slice(0, 3)
        .map((x) => lower(x.title))
        .join(
          ', ',
        )} and more. Clear pricing, careful work and straight answers. ${sentence(reach(v))}`,
    },
    hero: {
      heading: pick(HOME_HEROES(v), v.name, 'hero'),
      subheading: `${v.name} helps with ${serviceNames(v, 3)}. ${cap(reach(v))} for straight answers and a clear quote.`,
      ctaLabel: ctaLabel(v, seed),
    },
    sections: [
      { type: 'text', heading: `About ${v.name}`, paragraphs: about },
      {
        type: 'services',
        heading: `Our ${v.tradeTitle} Services`,
        intro: `From ${first} to ${last}, here is how we can help.`,
        items: v.services,
      },
      {
        type: 'benefits',
        heading: `Why Choose ${v.name}`,
        items: pickN(benefitPool(v, v.trade), 4, seed),
      },
      { type: 'process', heading: 'How It Works', steps: steps(v, seed, v.trade) },
      {
        type: 'faq',
        heading: 'Frequently Asked Questions',
        items: [...tradeFaqs(v), ...pickN(generalFaqs(v), 4, seed)],
      },
      cta(v, seed, 'Ready to Get Started?', `your ${v.trade} needs`),
    ],
  };
};

export const servicePage: Writer = (v, page, facts, seed) => {
  const S = page.name.trim();
  const s = lower(S);
  const known = v.services.find((x) => slugify(x.title) === page.slug || x.title === S);
  // Service pages are queued with the homepage card's description as their prompt.
  const description = known?.description ?? (facts.join(' ') || describeService(S, v.name));
  const extra = facts.filter((f) => !description.includes(f));
  const approach = pick(SERVICE_APPROACHES(s), seed, 'approach');
  const included = pick(SERVICE_INCLUDED(s), seed, 'included');
  return {
    meta: {
      title: pick(SERVICE_TITLES(v, S), seed, 'title'),
      description: `Need ${s}? ${v.name} provides ${s} with clear pricing and careful, tidy work. ${sentence(reach(v))}`,
    },
    hero: {
      heading: pick(SERVICE_HEROES(v, S), seed, 'hero'),
      subheading: `${v.name} provides ${s} with clear pricing, careful work and straight answers. ${cap(reach(v))} to book.`,
      ctaLabel: ctaLabel(v, seed),
    },
    sections: [
      {
        type: 'text',
        heading: pick(SERVICE_INTRO_HEADINGS(v, S), seed, 'intro'),
        paragraphs: [description, approach, ...(extra.length ? [extra.join(' ')] : []), included],
      },
      {
        type: 'benefits',
        heading: pick(SERVICE_BENEFITS_HEADINGS(v, S), seed, 'b'),
        items: pickN(benefitPool(v, s), 4, seed),
      },
      {
        type: 'process',
        heading: pick(SERVICE_PROCESS_HEADINGS(S), seed, 'p'),
        steps: steps(v, seed, s),
      },
      {
        type: 'faq',
        heading: pick(SERVICE_FAQ_HEADINGS(S), seed, 'faq'),
        items: pickN(serviceFaqs(v, S), 4, seed),
      },
      cta(v, seed, pick(SERVICE_CTA_HEADINGS(S), seed, 'cta-h'), s),
    ],
  };
};

export const aboutPage: Writer = (v, _page, facts, seed) => {
  const who = facts.length
    ? [facts.slice(0, 3).join(' '), `${v.name} focuses on ${v.trade}: ${serviceNames(v, 4)}.`]
    : [
        `${v.name} is a ${v.trade} business that believes good work starts with listening. We take the time to understand each job before we recommend anything.`,
        `Our work covers ${serviceNames(v, 4)}, for homeowners and businesses alike.`,
      ];
  return {
    meta: {
      title: `About ${v.name} | ${v.tradeTitle}`,
      description: `Learn about ${v.name}: ${v.trade} with clear pricing, careful work and straight answers. Find out how we work, then ${reach(v)}.`,
    },
    hero: {
      heading: `About ${v.name}`,
      subheading: `The team behind your ${v.trade} work, and how we make sure every job is done properly.`,
      ctaLabel: v.phone ? 'Call Us' : 'Get in Touch',
    },
    sections: [
      { type: 'text', heading: 'Who We Are', paragraphs: who },
      {
        type: 'text',
        heading: 'How We Work',
        paragraphs: [
          'We keep things simple: we turn up when we say we will, explain what we find in plain language and agree the price before we start.',
          `Every ${v.trade} job, large or small, is finished with a check of the result and a tidy work area. If something is not right, we come back and put it right.`,
        ],
      },
      {
        type: 'benefits',
        heading: 'What Sets Us Apart',
        items: pickN(benefitPool(v, v.trade), 4, seed),
      },
      {
        type: 'faq',
        heading: 'Questions About Us',
        items: [
          `What kind of work do you do? We focus on ${v.trade}, including ${serviceNames(v, 5)}.`,
          `Who will come to my property? A member of the ${v.name} team who knows ${v.trade} work and can explain what they are doing and why.`,
          `How do I get a quote? ${sentence(reach(v))} Tell us what you need and we will explain the options and the price before any work starts.`,
        ].map(faq),
      },
      cta(v, seed, `Work With ${v.name}`, `your next ${v.trade} job`),
    ],
  };
};

export const contactPage: Writer = (v, _page, facts, seed) => {
  const how = [
    v.phone &&
      `The quickest way to reach ${v.name} is by phone: call ${v.phone} and tell us what you need. If we are on a job, leave a short message with your name and number and we will call you back.`,
    v.email &&
      `${v.phone ? 'You can also email' : 'Email us at'} ${v.email}. Include your address, a short description of the job and any photos, and we will reply with next steps.`,
    !v.phone &&
      !v.email &&
      `Get in touch with ${v.name} and tell us about your ${v.trade} job. We will reply with next steps and a clear quote.`,
    ...facts.slice(0, 2),
  ].filter((x): x is string => Boolean(x));
  const fastest = v.phone
    ? `Call ${v.phone}. Phone is the quickest way to get an answer or book a visit.`
    : `${sentence(reach(v))} We reply to every message.`;
  const alsoEmail = v.phone && v.email ? ` or email ${v.email}` : '';
  return {
    meta: {
      title: `Contact ${v.name} | ${v.tradeTitle}`,
      description: `Contact ${v.name} for ${v.trade}: ${reach(v)}${alsoEmail} for a clear quote and straight answers.`,
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
      { type: 'process', heading: 'What Happens Next', steps: steps(v, seed, v.trade).slice(0, 3) },
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
      cta(v, seed, "Let's Talk", `your ${v.trade} job`),
    ],
  };
};

export const servicesPage: Writer = (v, _page, facts, seed) => ({
  meta: {
    title: `${v.tradeTitle} Services | ${v.name}`,
    description: `Explore the ${v.trade} services of ${v.name}: ${serviceNames(v, 4)}. Clear quotes and careful work. ${sentence(reach(v))}`,
  },
  hero: {
    heading: `Our ${v.tradeTitle} Services`,
    subheading: `Everything ${v.name} can help with, from ${serviceNames(v, 2)} to the jobs in between.`,
    ctaLabel: ctaLabel(v, seed),
  },
  sections: [
    {
      type: 'text',
      heading: 'How We Can Help',
      paragraphs: [
        `Whatever your ${v.trade} job, we start the same way: we listen, take a proper look and explain your options with prices before anything begins.`,
        ...(facts.length ? [facts.slice(0, 3).join(' ')] : []),
      ],
    },
    {
      type: 'services',
      heading: 'Services We Offer',
      intro: `Choose a service to learn more, or ${reach(v)} if you are not sure what you need.`,
      items: v.services,
    },
    { type: 'process', heading: 'How It Works', steps: steps(v, seed, v.trade) },
    { type: 'faq', heading: 'Service Questions', items: pickN(generalFaqs(v), 3, seed) },
    cta(v, seed, 'Not Sure Which Service You Need?', 'what you need'),
  ],
});

/** Any other main page ("Pricing", "Reviews", …), written around the page's own name. */
export const topicPage: Writer = (v, page, facts, seed) => {
  const P = page.name.trim() || titleCase(page.slug.replace(/-/g, ' '));
  const intro = facts.length
    ? facts.join(' ')
    : `At ${v.name} we believe you should know what to expect before you book. Here is what to know about ${lower(P)} and how it fits the way we work.`;
  return {
    meta: {
      title: `${P} | ${v.name}`,
      description: `${P} at ${v.name}: what to expect from our ${v.trade} work and how we help. ${sentence(reach(v))}`,
    },
    hero: {
      heading: pick(TOPIC_HEROES(v, P), seed, 'hero'),
      subheading: `What you should know about ${lower(P)} when you choose ${v.name} for ${v.trade}.`,
      ctaLabel: ctaLabel(v, seed),
    },
    sections: [
      {
        type: 'text',
        heading: pick(TOPIC_INTRO_HEADINGS(P), seed, 'intro'),
        paragraphs: [
          intro,
          `Whatever the ${v.trade} job, you get a clear explanation, a price agreed in advance and work finished to a standard we are happy to put our name to.`,
        ],
      },
      {
        type: 'benefits',
        heading: `Why Customers Choose ${v.name}`,
        items: pickN(benefitPool(v, v.trade), 4, seed),
      },
      { type: 'faq', heading: 'Common Questions', items: pickN(generalFaqs(v), 4, seed) },
      cta(v, seed, 'Have a Question?', lower(P)),
    ],
  };
};
