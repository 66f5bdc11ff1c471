/** A search term for `ILIKE '%…%'`: its own `%`, `_` and `\` match themselves. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
