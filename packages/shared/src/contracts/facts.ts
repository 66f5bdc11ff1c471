import { z } from 'zod';

/**
 * The facts only the business has about a place: each a name (the sheet's header as written,
 * "Jobs completed") and a value (the cell, "142"). Kept per city, stated on its page.
 */
export const FACT_LIMITS = {
  /** Fact columns one sheet may carry. */
  columns: 40,
  /** Characters of one fact's value (a quote with its attribution fits). */
  valueChars: 2000,
  /** Characters of one fact's name. */
  nameChars: 100,
  /** Facts one place may hold (several sheets' columns together, or the facts panel). */
  perPlace: 100,
  /** Services named for one place, and the characters of one service's name. */
  services: 50,
  serviceChars: 100,
  /** Characters of a photo's address. */
  photoUrlChars: 2000,
} as const;

export const ZCityFact = z.object({
  name: z.string(),
  value: z.string(),
});
export type TCityFact = z.infer<typeof ZCityFact>;

/**
 * GET /api/projects/:id/city/:cityId/facts/: what the customer told us about the place, the
 * photo's address as given, and what became of it.
 */
export const ZCityFacts = z.object({
  facts: z.array(ZCityFact),
  /** The https address of a photo of work there, as given; null when none. */
  photo: z.string().nullable(),
  /** Where the stored copy shows (/images/{file}); null until it is fetched. */
  photoSrc: z.string().nullable(),
  /** Why the photo could not be fetched; null when it was, or is still on its way. */
  photoNote: z.string().nullable(),
  /** Per-place overrides of the meta templates; null when the templates apply. */
  pageTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  /** The services offered there, as given; null when the sheet said nothing. */
  services: z.array(z.string()).nullable(),
  /** The page was written before its facts last changed: rewrite it to carry them. */
  changed: z.boolean(),
});
export type TCityFacts = z.infer<typeof ZCityFacts>;

const trimmed = (text: string) => text.replace(/\s+/g, ' ').trim();

const ZFactInput = z.object({
  name: z
    .string({ error: 'Each fact needs a name.' })
    .transform(trimmed)
    .pipe(
      z
        .string()
        .min(1, 'Each fact needs a name.')
        .max(
          FACT_LIMITS.nameChars,
          `A fact's name is at most ${FACT_LIMITS.nameChars} characters.`,
        ),
    ),
  value: z
    .string({ error: 'Each fact needs a value; remove a fact to clear it.' })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'Each fact needs a value; remove a fact to clear it.')
        .max(
          FACT_LIMITS.valueChars,
          `A fact's value is at most ${FACT_LIMITS.valueChars.toLocaleString('en-US')} characters.`,
        ),
    ),
});

const ZOptionalText = (max: number, what: string) =>
  z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().max(max, `${what} is at most ${max.toLocaleString('en-US')} characters.`))
    .nullable()
    .optional();

/**
 * PUT on the same path: the place's facts as they should be (the list replaces them), its
 * photo (null or '' for none) and, when given, its page title, meta description and services.
 * Keys the GET answers and this does not take (photoSrc, changed, ...) are ignored, so a
 * client may send back what it read.
 */
export const ZPutCityFacts = z
  .object({
    facts: z
      .array(ZFactInput, { error: 'facts must be a list of { name, value }.' })
      .max(FACT_LIMITS.perPlace, `A place holds at most ${FACT_LIMITS.perPlace} facts.`),
    photo: z
      .string({ error: 'The photo must be an https:// address, or null for none.' })
      .trim()
      .max(FACT_LIMITS.photoUrlChars, 'The photo address is too long.')
      .nullable(),
    pageTitle: ZOptionalText(FACT_LIMITS.valueChars, 'The page title'),
    metaDescription: ZOptionalText(FACT_LIMITS.valueChars, 'The meta description'),
    services: z
      .array(
        z
          .string()
          .transform(trimmed)
          .pipe(
            z
              .string()
              .min(1, 'A service needs a name.')
              .max(FACT_LIMITS.serviceChars, 'A service name is too long.')
              // The sheet's Services cell separates names with them.
              .regex(/^[^,;]*$/, 'A service name cannot hold a comma or a semicolon.'),
          ),
      )
      .max(FACT_LIMITS.services, `At most ${FACT_LIMITS.services} services per place.`)
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Map<string, number>();
    body.facts.forEach((fact, i) => {
      const key = fact.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['facts', i, 'name'],
          message: `Two facts are named "${fact.name}"; give each its own name.`,
        });
      else seen.set(key, i);
    });
  });
export type TPutCityFacts = z.input<typeof ZPutCityFacts>;

/** GET /api/projects/:id/cities/export/?format=csv|xlsx */
export const ZCitiesExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'Choose format csv or xlsx.' }).default('csv'),
});

/** POST /api/projects/:id/cities/rewrite-changed/: the pages queued to carry their new facts. */
export const ZRewriteChangedResult = z.object({
  message: z.string(),
  count: z.number().int(),
});
