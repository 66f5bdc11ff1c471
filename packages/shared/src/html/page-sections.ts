/**
 * A page's content split into its top-level sections, each with a stable key and a normal
 * form of its markup: what a visitor sees of it (text, links, images, classes, inline styles)
 * written one way whatever wrote it. The visual editor serialises a page its own way (attribute
 * order, quoting, entities, whitespace, ids it mints), so two markups that differ only so have
 * the same normal form, and a section whose normal form changed was edited. One linear pass of
 * the tokenizer, as every reader of user markup here.
 */
import { OpenElements, scanMarkup, type StartTag } from './markup-scan.ts';
import { RAW_TEXT_ELEMENTS, VOID_ELEMENTS } from './tag-check.ts';
import { decodeEntities } from './entities.ts';

export type PageSection = {
  /**
   * The section's id attribute; without one, its tag and first class ("section.hero"); text
   * outside any element is "#text". A key seen before in the page gets "~2", "~3"…
   */
  key: string;
  /** The section's markup as written, from its start up to the next section. */
  html: string;
  /** Its normal form (see above), one token a line. */
  normal: string;
};

const collapse = (value: string) => decodeEntities(value).replace(/\s+/g, ' ').trim();

/** Attributes that say nothing a visitor sees: ids (the editor mints them) and editor state. */
function ignored(name: string): boolean {
  return name === 'id' || name.startsWith('data-gjs');
}

/** "color : red" as "color:red": sliced at its first colon, no pattern over the owner's text. */
function styleRule(rule: string): string {
  const colon = rule.indexOf(':');
  if (colon < 0) return rule.trim();
  return `${rule.slice(0, colon).trim()}:${rule.slice(colon + 1).trim()}`;
}

function normalValue(name: string, raw: string): string | null {
  if (name === 'class') {
    const classes = [...new Set(collapse(raw).split(' ').filter(Boolean))].sort();
    return classes.length ? classes.join(' ') : null;
  }
  if (name === 'style') {
    const rules = collapse(raw).split(';').map(styleRule).filter(Boolean).sort();
    return rules.length ? rules.join(';') : null;
  }
  return collapse(raw);
}

function startToken({ name, attrs }: Pick<StartTag, 'name' | 'attrs'>): string {
  const parts: string[] = [];
  for (const [attr, raw] of attrs) {
    if (ignored(attr)) continue;
    const value = normalValue(attr, raw);
    if (value !== null) parts.push(`${attr}="${value}"`);
  }
  parts.sort();
  return parts.length ? `<${name} ${parts.join(' ')}>` : `<${name}>`;
}

function baseKey(tag: StartTag): string {
  const id = tag.attrs.get('id')?.trim();
  if (id) return id;
  const first = (tag.attrs.get('class') ?? '').trim().split(/\s+/)[0];
  return first ? `${tag.name}.${first}` : tag.name;
}

type Building = { start: number; base: string; tokens: string[]; text: boolean };

/** The page's top-level sections in order; markup outside any element is one of its own. */
export function pageSections(html: string): PageSection[] {
  const built: Building[] = [];
  const stack = new OpenElements<{ tag: string }>();
  // A raw-text element (script, style, title…) whose body is being read: nothing inside is a tag.
  let raw: string | null = null;
  const current = () => built[built.length - 1];
  const atTop = () => stack.length === 0 && raw === null;

  scanMarkup(html, {
    openTag(tag) {
      if (atTop()) built.push({ start: tag.offset, base: baseKey(tag), tokens: [], text: false });
      current()!.tokens.push(startToken(tag));
      if (VOID_ELEMENTS.has(tag.name) || tag.selfClosing) return;
      if (RAW_TEXT_ELEMENTS.has(tag.name)) raw = tag.name;
      else stack.push({ tag: tag.name });
    },
    closeTag(name) {
      if (raw !== null) {
        if (name !== raw) return;
        raw = null;
        current()!.tokens.push(`</${name}>`);
        return;
      }
      // A stray closing tag closes nothing; one that skips open tags closes those too.
      const at = stack.lastIndexOf(name);
      if (at < 0) return;
      stack.popFrom(at);
      current()!.tokens.push(`</${name}>`);
    },
    text(start, end) {
      const text = collapse(html.slice(start, end));
      if (!text) return;
      if (atTop() && !current()?.text) built.push({ start, base: '#text', tokens: [], text: true });
      current()!.tokens.push(text);
    },
  });

  const seen = new Map<string, number>();
  return built.map((section, i) => {
    const count = (seen.get(section.base) ?? 0) + 1;
    seen.set(section.base, count);
    const end = built[i + 1]?.start ?? html.length;
    return {
      key: count === 1 ? section.base : `${section.base}~${count}`,
      html: html.slice(section.start, end).trimEnd(),
      normal: section.tokens.join('\n'),
    };
  });
}

/** The normal form of a whole fragment (a page's meta tags), as pageSections writes a section's. */
export function normalMarkup(html: string): string {
  return pageSections(html)
    .map((s) => s.normal)
    .join('\n');
}
