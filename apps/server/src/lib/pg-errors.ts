/** A unique-constraint violation, as PostgreSQL and PGlite report it (drizzle may wrap it). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

// drizzle words a failed query "Failed query: <sql>\nparams: <values>": the values are what a
// user wrote (or a password hash, a sealed key), the SQL is ours.
const PARAMS = '\nparams: ';
const CUT = `${PARAMS}[redacted]`;
const STACK_FRAME = '\n    at ';

/**
 * The database driver's fields that quote a row's values ("Key (email)=(…) already exists",
 * "Failing row contains (…)") or a query's: never logged or reported.
 */
export const SQL_VALUE_FIELDS = ['params', 'detail', 'where', 'internalQuery', 'parameters'];

/**
 * `text` (an error's message or stack, its causes' appended) without the values of any failed
 * query in it: exactly where drizzle wrote them for the queries of `error`'s chain, and any
 * other "params:" line (a message copied into another error) up to the stack's frames.
 */
export function withoutQueryValues(text: string, error?: unknown): string {
  let out = text;
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 8; depth += 1) {
    const params = (e as { params?: unknown }).params;
    if (Array.isArray(params)) out = out.split(`${PARAMS}${String(params)}`).join(CUT);
    e = (e as { cause?: unknown }).cause;
  }
  // One pass, each piece kept or cut once: linear however many "params:" lines the text holds.
  const kept: string[] = [];
  let from = 0;
  for (let at = out.indexOf(PARAMS); at >= 0; at = out.indexOf(PARAMS, from)) {
    kept.push(out.slice(from, at), CUT);
    if (out.startsWith(CUT, at)) from = at + CUT.length;
    else {
      const frame = out.indexOf(STACK_FRAME, at + PARAMS.length);
      from = frame < 0 ? out.length : frame;
    }
  }
  kept.push(out.slice(from));
  out = kept.join('');
  return out;
}
