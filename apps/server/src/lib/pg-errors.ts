/** A unique-constraint violation, as PostgreSQL and PGlite report it (drizzle may wrap it). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';
