import { VOID_ELEMENTS } from '@cityforge/shared/html';

/**
 * The 16 tags of the insert toolbar: the structure, headings,
 * text, links, media and lists that page content is made of.
 */
export const INSERT_TAGS = [
  'section',
  'div',
  'h1',
  'h2',
  'h3',
  'p',
  'a',
  'img',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'span',
  'button',
  'br',
] as const;
export type InsertTag = (typeof INSERT_TAGS)[number];

// Without these a link goes nowhere and an image fails validation, so they come pre-filled.
const ATTRIBUTES: Partial<Record<InsertTag, string>> = { a: ' href="#"', img: ' src="" alt=""' };

export type TagEdit = {
  /** The text to insert. */
  insert: string;
  /** true: the insert replaces the selection; false: it goes right after it. */
  replacesSelection: boolean;
  /** The selection afterwards, as offsets into `insert`. */
  anchor: number;
  head: number;
};

/**
 * What inserting `tag` does to one selection range holding `selected`: a selection is wrapped
 * and stays selected inside the new element (so it can be wrapped again); an empty selection
 * gets an empty element with the cursor inside. Void tags cannot wrap, so they are inserted once
 * after the selection; an image puts the cursor in its src for the address to be typed.
 */
export function tagEdit(tag: InsertTag, selected: string): TagEdit {
  const open = `<${tag}${ATTRIBUTES[tag] ?? ''}>`;
  if (VOID_ELEMENTS.has(tag)) {
    const cursor = tag === 'img' ? open.indexOf('src="') + 'src="'.length : open.length;
    return { insert: open, replacesSelection: false, anchor: cursor, head: cursor };
  }
  return {
    insert: `${open}${selected}</${tag}>`,
    replacesSelection: true,
    anchor: open.length,
    head: open.length + selected.length,
  };
}
