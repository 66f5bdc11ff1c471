import { z } from 'zod';

/**
 * The structured content a model answers for one page. The server, not the model, turns it
 * into HTML, so a model can never inject markup or scripts into a generated site, and every
 * page of a project shares one theme. Bounds are generous on purpose: a model that writes a
 * slightly long title should not fail a page; the renderer and meta tags trim where needed.
 */
const text = (max: number) => z.string().trim().min(1).max(max);

const ZItem = z.object({ title: text(120), description: text(1200) });

/**
 * A text section's paragraphs: a page states each of its place's facts (up to 40 columns of a
 * sheet, a long one in a paragraph of its own), so a facts section may need one per fact.
 */
export const PARAGRAPHS_MAX = 40;

export const ZSection = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    heading: text(160),
    paragraphs: z.array(text(2500)).min(1).max(PARAGRAPHS_MAX),
  }),
  z.object({
    type: z.literal('services'),
    heading: text(160),
    intro: z.string().trim().max(1500).optional(),
    items: z.array(ZItem).min(1).max(12),
  }),
  z.object({
    type: z.literal('benefits'),
    heading: text(160),
    items: z.array(ZItem).min(1).max(10),
  }),
  z.object({
    type: z.literal('process'),
    heading: text(160),
    steps: z.array(ZItem).min(1).max(10),
  }),
  z.object({
    type: z.literal('faq'),
    heading: text(160),
    items: z
      .array(z.object({ question: text(300), answer: text(2000) }))
      .min(1)
      .max(12),
  }),
  z.object({
    // A customer's own words, as the place's facts give them: shown as quotations, never
    // marked up as reviews of the business (site/structured-data.ts).
    type: z.literal('quotes'),
    heading: text(160),
    items: z
      .array(z.object({ quote: text(2100), by: z.string().trim().max(120).optional() }))
      .min(1)
      .max(PARAGRAPHS_MAX),
  }),
  z.object({
    type: z.literal('cta'),
    heading: text(160),
    text: text(800),
    buttonLabel: text(60),
  }),
]);
export type TSection = z.infer<typeof ZSection>;
export type TSectionType = TSection['type'];

export const ZPageContent = z.object({
  meta: z.object({ title: text(120), description: text(320) }),
  hero: z.object({ heading: text(160), subheading: text(600), ctaLabel: text(60) }),
  sections: z.array(ZSection).min(1).max(10),
});
export type TPageContent = z.infer<typeof ZPageContent>;

/** What the model is told the answer must look like (kept in the shared, cached prompt). */
export const CONTENT_SHAPE = `{
  "meta": { "title": "50-60 characters", "description": "140-160 characters" },
  "hero": { "heading": "...", "subheading": "one or two sentences", "ctaLabel": "2-4 words" },
  "sections": [
    { "type": "text", "heading": "...", "paragraphs": ["...", "..."] },
    { "type": "services", "heading": "...", "intro": "...", "items": [{ "title": "...", "description": "..." }] },
    { "type": "benefits", "heading": "...", "items": [{ "title": "...", "description": "..." }] },
    { "type": "process", "heading": "...", "steps": [{ "title": "...", "description": "..." }] },
    { "type": "faq", "heading": "...", "items": [{ "question": "...", "answer": "..." }] },
    { "type": "quotes", "heading": "...", "items": [{ "quote": "word for word", "by": "who said it" }] },
    { "type": "cta", "heading": "...", "text": "...", "buttonLabel": "..." }
  ]
}`;
