import type { TPageContent, TSection } from '../pages/lean.ts';
import { slugify } from '../../lib/slugify.ts';
import { escapeAttr, escapeHtml, mailtoHref, telHref } from './html.ts';
import type { PageRef } from './paths.ts';
import type { Faq } from '@cityforge/shared/html';
import { placePhotoFigure, type PlacePhoto } from './place-photo.ts';

export type ContentProject = {
  name: string;
  serviceType?: string;
  contactPhoneNumber: string;
  email?: string;
};

export type RenderContentOptions = {
  /** The project has service pages, so homepage service cards lead to them. */
  linkServices?: boolean;
  /** Sections the server adds after the written ones (a city's ZIP codes and neighbours). */
  extraSections?: string[];
  /** A photo of the business's work at the place, beside the hero (place-photo.ts). */
  photo?: PlacePhoto;
};

export type { Faq };

/** Every FAQ the model wrote for a page (the site reads them back with faqsInHtml). */
export function faqsOf(content: TPageContent): Faq[] {
  return content.sections.flatMap((s) => (s.type === 'faq' ? s.items : []));
}

// The header's default hash links ('#about', '#services', '#faq', '#contact') land on these.
const ANCHORS: Partial<Record<TSection['type'], string>> = {
  text: 'about',
  services: 'services',
  faq: 'faq',
};
const RESERVED = new Set(['main', 'top', 'about', 'services', 'faq', 'contact']);

function sectionIds(sections: TSection[]): string[] {
  const lastCta = sections.map((s) => s.type).lastIndexOf('cta');
  const taken = new Set<string>();
  return sections.map((section, i) => {
    const anchor = i === lastCta ? 'contact' : ANCHORS[section.type];
    if (anchor && !taken.has(anchor)) {
      taken.add(anchor);
      return anchor;
    }
    const base = slugify(section.heading) || `section-${i + 1}`;
    let id = RESERVED.has(base) ? `${base}-section` : base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

const e = escapeHtml;

function contactAction(project: ContentProject, label: string): string {
  const phone = project.contactPhoneNumber.trim();
  if (phone) {
    return (
      `<a class="btn" href="${escapeAttr(telHref(phone))}">${e(label)}</a>` +
      `<a class="phone" href="${escapeAttr(telHref(phone))}">${e(phone)}</a>`
    );
  }
  const email = project.email?.trim();
  if (email) return `<a class="btn" href="${escapeAttr(mailtoHref(email))}">${e(label)}</a>`;
  return '';
}

function renderHero(
  content: TPageContent,
  page: PageRef,
  project: ContentProject,
  photo?: PlacePhoto,
): string {
  const { hero } = content;
  const eyebrow =
    page.kind === 'homepage' && project.serviceType ? project.serviceType : project.name;
  const phone = project.contactPhoneNumber.trim();
  const actions = phone
    ? contactAction(project, hero.ctaLabel)
    : `<a class="btn" href="#contact">${e(hero.ctaLabel)}</a>`;
  const aside = photo ? placePhotoFigure(photo) : heroCard(content, project);
  return (
    `<section class="hero"><div class="wrap${aside ? ' hero-grid' : ''}"><div>` +
    `<p class="eyebrow">${e(eyebrow)}</p>` +
    `<h1>${e(hero.heading)}</h1>` +
    `<p class="lead">${e(hero.subheading)}</p>` +
    `<div class="actions">${actions}</div>` +
    `</div>${aside}</div></section>`
  );
}

/** A summary of the page's own benefits beside the hero, so the first screen is not half empty. */
function heroCard(content: TPageContent, project: ContentProject): string {
  const benefits = content.sections.find((s) => s.type === 'benefits');
  if (!benefits) return '';
  const points = benefits.items
    .slice(0, 4)
    .map((i) => `<li>${e(i.title)}</li>`)
    .join('');
  const phone = project.contactPhoneNumber.trim();
  const call = phone
    ? `<p class="hero-card-call">Call <a href="${escapeAttr(telHref(phone))}">${e(phone)}</a></p>`
    : '';
  return (
    `<aside class="hero-card"><p class="hero-card-title">${e(benefits.heading)}</p>` +
    `<ul>${points}</ul>${call}</aside>`
  );
}

function cards(items: Array<{ title: string; description: string }>, linkTo?: string): string {
  return items
    .map((item) => {
      const slug = linkTo === undefined ? '' : slugify(item.title);
      const title = slug
        ? `<a href="${escapeAttr(`${linkTo}${slug}`)}">${e(item.title)}</a>`
        : e(item.title);
      const more = slug ? `<span class="more" aria-hidden="true">Learn more &rarr;</span>` : '';
      return `<li class="card"><h3>${title}</h3><p>${e(item.description)}</p>${more}</li>`;
    })
    .join('');
}

function sectionBody(
  section: TSection,
  project: ContentProject,
  opts: RenderContentOptions,
): string {
  const h2 = `<h2>${e(section.heading)}</h2>`;
  switch (section.type) {
    case 'text': {
      const paragraphs = section.paragraphs.map((p) => `<p>${e(p)}</p>`).join('');
      return `<div class="wrap split">${h2}<div class="prose">${paragraphs}</div></div>`;
    }
    case 'services': {
      const intro = section.intro ? `<p class="intro">${e(section.intro)}</p>` : '';
      const linkTo = opts.linkServices ? '/services/' : undefined;
      return `<div class="wrap">${h2}${intro}<ul class="cards">${cards(section.items, linkTo)}</ul></div>`;
    }
    case 'benefits':
      return `<div class="wrap">${h2}<ul class="cards benefits">${cards(section.items)}</ul></div>`;
    case 'process': {
      const steps = section.steps
        .map((s) => `<li><h3>${e(s.title)}</h3><p>${e(s.description)}</p></li>`)
        .join('');
      return `<div class="wrap">${h2}<ol class="steps">${steps}</ol></div>`;
    }
    case 'faq': {
      // faqsInHtml (shared html/faqs.ts) reads this structure back for the FAQPage data: change both together.
      const items = section.items
        .map((f) => `<details><summary>${e(f.question)}</summary><p>${e(f.answer)}</p></details>`)
        .join('');
      return `<div class="wrap split">${h2}<div class="faq">${items}</div></div>`;
    }
    case 'quotes': {
      // A customer's words as a quotation with who said it; never structured data (a business
      // marking up praise of itself is what Google calls self-serving reviews).
      const quotes = section.items
        .map(
          (q) =>
            `<figure class="quote"><blockquote><p>${e(q.quote)}</p></blockquote>` +
            (q.by ? `<figcaption>&mdash; <cite>${e(q.by)}</cite></figcaption>` : '') +
            `</figure>`,
        )
        .join('');
      return `<div class="wrap split">${h2}<div class="quotes">${quotes}</div></div>`;
    }
    case 'cta': {
      const action = contactAction(project, section.buttonLabel);
      return (
        `<div class="wrap">${h2}<p>${e(section.text)}</p>` +
        (action ? `<div class="actions">${action}</div>` : '') +
        `</div>`
      );
    }
  }
}

/** Every page needs a '#contact' target for the header link and the hero button. */
export function contactBand(project: ContentProject): string {
  const phone = project.contactPhoneNumber.trim();
  const email = project.email?.trim();
  const how = phone
    ? `Call ${phone} and talk to the ${project.name} team.`
    : email
      ? `Email ${email} and the ${project.name} team will get back to you.`
      : `Get in touch with the ${project.name} team to talk about your project.`;
  const action = contactAction(project, phone ? 'Call now' : 'Send an email');
  return (
    `<section class="band" id="contact"><div class="wrap">` +
    `<h2>Contact ${e(project.name)}</h2><p>${e(how)}</p>` +
    (action ? `<div class="actions">${action}</div>` : '') +
    `</div></section>`
  );
}

/** The page's main content (hero and sections); every piece of model text is escaped. */
export function renderContent(
  content: TPageContent,
  page: PageRef,
  project: ContentProject,
  opts: RenderContentOptions = {},
): string {
  const ids = sectionIds(content.sections);
  let shaded = false;
  const sections = content.sections.map((section, i) => {
    const id = ids[i] ?? `section-${i + 1}`;
    let cls = 'band';
    if (section.type !== 'cta') {
      // Alternate plain and shaded backgrounds so long pages read as distinct blocks.
      cls = shaded ? 'section alt' : 'section';
      shaded = !shaded;
    }
    return `<section class="${cls}" id="${escapeAttr(id)}">${sectionBody(section, project, opts)}</section>`;
  });
  const tail = ids.includes('contact') ? '' : contactBand(project);
  const hero = renderHero(content, page, project, opts.photo);
  return [hero, ...sections, ...(opts.extraSections ?? []), tail].filter(Boolean).join('\n');
}
