import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * pg-boss's statements with their `$n` placeholders as one drizzle statement, each placeholder
 * a bound parameter. One pass over the text; `$` not followed by a digit is kept as written.
 */
function boundStatement(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '$') continue;
    let end = i + 1;
    while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
    if (end === i + 1) continue;
    chunks.push(sql.raw(text.slice(from, i)), sql`${values[Number(text.slice(i + 1, end)) - 1]}`);
    from = end;
    i = end - 1;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

/**
 * The `db` option of pg-boss's `send` over one of our transactions: the job is written with
 * the rows it is about, so a reader who sees those rows sees the job too, and a rollback or a
 * crash before the commit leaves neither.
 */
export function jobsIn(tx: Executor) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      return (await tx.execute(boundStatement(text, values))) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
    },
  };
}
