import type { FakeAiMessage } from './openai-types.ts';

/**
 * The page content the product asks its model for, as this fake writes it. The shape mirrors
 * the server's ZPageContent without importing it: the server's tests depend on this package,
 * so the fakes may not depend back on the server. fakes.openai.test.ts parses the default
 * answer with the real schema, which is what keeps the two in step.
 */
type Item = { title: string; description: string };
export type FakePageSection =
  | { type: 'text'; heading: string; paragraphs: string[] }
  | { type: 'services'; heading: string; intro?: string; items: Item[] }
  | { type: 'benefits'; heading: string; items: Item[] }
  | { type: 'process'; heading: string; steps: Item[] }
  | { type: 'faq'; heading: string; items: Array<{ question: string; answer: string }> }
  | { type: 'quotes'; heading: string; items: Array<{ quote: string; by?: string }> }
  | { type: 'cta'; heading: string; text: string; buttonLabel: string };
export type FakePageContent = {
  meta: { title: string; description: string };
  hero: { heading: string; subheading: string; ctaLabel: string };
  sections: FakePageSection[];
};

export const MALFORMED_CONTENT = 'Sure! Here is your page: {broken';

/** How many characters a message contributes to the prompt, whatever its content shape. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part: unknown) =>
        part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('');
  return content == null ? '' : JSON.stringify(content);
}

/** A name to put in the answer so tests can tell which page an answer belongs to. */
function subjectOf(messages: FakeAiMessage[]): string {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const text = textOf(lastUser?.content);
  const page = /Page:\s*([^\n]+)/.exec(text)?.[1]?.trim();
  const subject = (page || text.replace(/\s+/g, ' ').trim()).slice(0, 60).trim();
  return subject || 'Untitled page';
}

/**
 * The facts the prompt gives for the page's place, as the product lists them: a line
 * introducing them, then one `- Name: value` line each.
 */
export function promptFacts(messages: FakeAiMessage[]): Array<{ name: string; value: string }> {
  // The page's prompt, also in a repair round (whose last message is the repair's).
  const page = messages.find(
    (m) => m.role === 'user' && textOf(m.content).includes('\nFacts the business gave about'),
  );
  const lines = textOf(page?.content).split('\n');
  const start = lines.findIndex((l) => l.startsWith('Facts the business gave about'));
  if (start < 0) return [];
  const facts: Array<{ name: string; value: string }> = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('- ')) break;
    const at = line.indexOf(': ');
    if (at > 2) facts.push({ name: line.slice(2, at), value: line.slice(at + 2) });
  }
  return facts;
}

/**
 * Valid content for the product's ZPageContent, built around the page's name; like a model
 * that follows its prompt, it states each fact given for the place (all but the first `drop`).
 */
export function defaultPageContent(messages: FakeAiMessage[], drop = 0): FakePageContent {
  const name = subjectOf(messages);
  const facts = promptFacts(messages).slice(drop);
  const stated: FakePageSection[] = facts.length
    ? [
        {
          type: 'text',
          heading: `Our work in ${name}`,
          paragraphs: facts.map((f) => `${f.name}: ${f.value}`),
        },
      ]
    : [];
  const content: FakePageContent = {
    meta: {
      title: `${name} | Trusted local service`,
      description: `Everything you need to know about ${name}: services, benefits, how we work and answers to common questions.`,
    },
    hero: {
      heading: name,
      subheading: `Friendly, reliable help with ${name}, from people who know the area.`,
      ctaLabel: 'Get a free quote',
    },
    sections: [
      {
        type: 'text',
        heading: `About ${name}`,
        paragraphs: [
          `We have been helping customers with ${name} for years.`,
          'Every job is done carefully, on time and at a fair price.',
        ],
      },
      {
        type: 'services',
        heading: 'Our services',
        intro: `What we offer for ${name}.`,
        items: [
          { title: 'Consultation', description: 'We listen first and plan the work with you.' },
          { title: 'Installation', description: 'Clean, tidy work by experienced people.' },
        ],
      },
      {
        type: 'faq',
        heading: 'Frequently asked questions',
        items: [
          { question: 'How quickly can you start?', answer: 'Usually within a few days.' },
          { question: 'Do you offer a guarantee?', answer: 'Yes, on all of our work.' },
        ],
      },
      {
        type: 'cta',
        heading: 'Ready to get started?',
        text: `Tell us about your project and we will get back to you about ${name}.`,
        buttonLabel: 'Contact us',
      },
    ],
  };
  content.sections.splice(1, 0, ...stated);
  return content;
}

/** Valid content that leaves out the first fact the prompt gives (a model that forgot one). */
export function contentWithoutAFact(messages: FakeAiMessage[]): string {
  return JSON.stringify(defaultPageContent(messages, 1));
}

/** Parses as JSON but the schema rejects it: the hero is required. */
export function invalidPageContent(messages: FakeAiMessage[]): string {
  const { hero: _hero, ...withoutHero } = defaultPageContent(messages);
  return JSON.stringify(withoutHero);
}
