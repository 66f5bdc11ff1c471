/**
 * Stripe's v1 API takes application/x-www-form-urlencoded bodies (and query strings) whose
 * keys use bracket notation: `metadata[userId]=u1`, `line_items[0][price]=price_x`,
 * `lookup_keys[]=pro`. The fake turns them back into the nested objects and arrays the SDK
 * started from, so routes and tests can read `body.line_items[0].price` instead of raw keys.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** `a[b][0][c]` → ['a', 'b', '0', 'c']; `a[]` → ['a', ''] (an append). */
function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const re = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(key.slice(open))) !== null) parts.push(match[1] ?? '');
  return parts;
}

/**
 * Objects are built first with string keys; a container whose keys are all indices becomes an
 * array afterwards. That way `items[1]` arriving before `items[0]` still ends up in order,
 * which matters because the SDK preserves indices but a hand-written client may not.
 */
function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = toArrays(value[key] as FormValue);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k] as FormValue);
  return value;
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  const appendCounters = new Map<object, number>();
  for (const [rawKey, rawValue] of new URLSearchParams(text)) {
    const parts = splitKey(rawKey);
    let node: FormObject = root;
    parts.forEach((part, i) => {
      let key = part;
      // `lookup_keys[]=a&lookup_keys[]=b`: each empty index takes the next free slot.
      if (key === '') {
        const next = appendCounters.get(node) ?? Object.keys(node).length;
        appendCounters.set(node, next + 1);
        key = String(next);
      }
      if (i === parts.length - 1) {
        node[key] = rawValue;
        return;
      }
      const child = node[key];
      if (typeof child !== 'object' || child === null || Array.isArray(child)) {
        // A scalar followed by a nested key for the same name: the nested form wins, as in qs.
        node[key] = {};
      }
      node = node[key] as FormObject;
    });
  }
  return toArrays(root) as FormObject;
}

/** Stripe sends booleans as the strings 'true'/'false' in forms; undefined stays undefined. */
export function formBool(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  return value === true || value === 'true';
}

/** A form integer (`unit_amount=1900`); NaN and missing both read as undefined. */
export function formInt(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

/** Stripe's metadata is a flat map of strings; anything else in it is dropped. */
export function formMetadata(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object' && !Array.isArray(value))
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
}
