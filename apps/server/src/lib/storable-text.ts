import type { FastifyRequest } from 'fastify';
import { MSG } from '@cityforge/shared';
import { AppError } from './errors.ts';

/**
 * Text the database cannot hold as sent. PostgreSQL text refuses NUL (U+0000): the insert or
 * update fails with "invalid byte sequence", a 500, possibly after earlier statements of the same
 * request already ran. An unpaired UTF-16 surrogate (legal as a JSON escape, "\ud800") has no
 * UTF-8 form and would be stored silently as U+FFFD. Neither is anything a person types.
 */
const storable = (text: string) => text.isWellFormed() && !text.includes('\0');

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Where ("a.b.0") a parsed request part holds a string, value or key, that cannot be stored;
 * '' for the part itself; null when all is well. Iterative: a body may nest thousands deep.
 */
export function unstorableTextAt(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  const join = (at: string, key: string) => (at ? `${at}.${key}` : key);
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    if (typeof item === 'string') {
      if (!storable(item)) return at;
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => stack.push([child, join(at, String(i))]));
    } else if (isPlainObject(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (!storable(key)) return join(at, key);
        stack.push([child, join(at, key)]);
      }
    }
  }
  return null;
}

/**
 * preValidation hook for every route: path parameters, query string and parsed body (JSON or
 * text; a raw Buffer or a multipart stream is not inspected) are refused with a field error.
 */
export async function refuseUnstorableText(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const at = unstorableTextAt(part);
    if (at !== null)
      throw new AppError('validation', MSG.unstorableText, {
        [at || 'non_field_errors']: [MSG.unstorableText],
      });
  }
}
