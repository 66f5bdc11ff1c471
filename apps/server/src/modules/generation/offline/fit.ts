import { trimToWords } from '../../site/index.ts';
import { PARAGRAPHS_MAX, type TPageContent, type TSection } from '../../pages/index.ts';
import type { OfflineItem } from './text.ts';

// Long business names can push a template past the schema's bounds; trimming on a word keeps
// the page valid instead of failing it. Names ending in a full stop ("Plumbing Co.") would
// leave ".." at the end of a sentence.
export const fit = (value: string, max: number) =>
  trimToWords(value.replace(/([^.])\.\.(?!\.)/g, '$1.'), max);

function fitItem(i: OfflineItem): OfflineItem {
  return { title: fit(i.title, 120), description: fit(i.description, 1200) };
}

export function fitSection(s: TSection): TSection {
  const heading = fit(s.heading, 160);
  switch (s.type) {
    case 'text':
      return {
        ...s,
        heading,
        paragraphs: s.paragraphs.slice(0, PARAGRAPHS_MAX).map((p) => fit(p, 2500)),
      };
    case 'services':
      return {
        ...s,
        heading,
        intro: s.intro && fit(s.intro, 1500),
        items: s.items.slice(0, 12).map(fitItem),
      };
    case 'benefits':
      return { ...s, heading, items: s.items.slice(0, 10).map(fitItem) };
    case 'process':
      return { ...s, heading, steps: s.steps.slice(0, 10).map(fitItem) };
    case 'faq': {
      const items = s.items
        .slice(0, 12)
        .map((f) => ({ question: fit(f.question, 300), answer: fit(f.answer, 2000) }));
      return { ...s, heading, items };
    }
    case 'quotes': {
      // The customer's words are never cut: a quote too long for the page is left out whole.
      const items = s.items.filter((q) => q.quote.length <= 2100).slice(0, PARAGRAPHS_MAX);
      return { ...s, heading, items };
    }
    case 'cta':
      return { ...s, heading, text: fit(s.text, 800), buttonLabel: fit(s.buttonLabel, 60) };
  }
}

/** A written page cut to the content schema's bounds, the same way for every offline page. */
export function fitPage(content: TPageContent): TPageContent {
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
