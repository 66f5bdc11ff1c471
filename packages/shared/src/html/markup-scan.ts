/**
 * One pass over untrusted HTML or XML, in time linear in its length whatever it holds. Every
 * reader of user or model markup goes through here instead of a regular expression: a tag
 * pattern such as `<(\w+)((?:[^>"']|"[^"]*")*)>` rescans to the end of the input from each `<`
 * that has no `>` (2.4 s on 32 KB of `<a<a<a…`, four times that per doubling). htmlparser2's
 * Tokenizer reads each character once; its Parser is not used because its open-element stack
 * (unshift, indexOf per closing tag) is itself quadratic on deep nesting: see OpenElements.
 */
import { Tokenizer } from 'htmlparser2';

export type StartTag = {
  /** Lower-cased in HTML; as written in XML (namespace prefix included). */
  name: string;
  /** Raw values (entities left as written); the first of a repeated name wins, as in browsers. */
  attrs: Map<string, string>;
  /** Later attributes of a name already seen: inert in a browser, but a checker must see them. */
  repeated: [string, string][];
  /** Offset of the tag's `<`. */
  offset: number;
  /** Offset just past the tag's `>`. */
  end: number;
  /** Written `<x/>`. */
  selfClosing: boolean;
};

export type MarkupHandler = {
  openTag?(tag: StartTag): void;
  /** `offset` is the `</`; the name is lower-cased in HTML. */
  closeTag?(name: string, offset: number): void;
  /** Raw text between start and end (entities not decoded), script and style bodies included. */
  text?(start: number, end: number): void;
};

/**
 * Calls the handler for each tag and run of text, in order. Tags cut off by the end of the
 * input are dropped, as a browser drops them; comments, doctypes and processing instructions
 * are skipped.
 */
export function scanMarkup(input: string, handler: MarkupHandler, xml = false): void {
  const name = (start: number, end: number) => {
    const raw = input.slice(start, end);
    return xml ? raw : raw.toLowerCase();
  };
  let tag: StartTag | null = null;
  let attrName = '';
  let attrValue = '';
  const finishTag = (endIndex: number, selfClosing: boolean) => {
    if (!tag) return;
    tag.end = endIndex + 1;
    tag.selfClosing = selfClosing;
    const done = tag;
    tag = null;
    handler.openTag?.(done);
  };
  const ignore = () => {};
  const tokenizer = new Tokenizer(
    { xmlMode: xml, decodeEntities: false },
    {
      onopentagname(start, end) {
        tag = {
          name: name(start, end),
          attrs: new Map(),
          repeated: [],
          offset: start - 1,
          end,
          selfClosing: false,
        };
      },
      onattribname(start, end) {
        attrName = name(start, end);
        attrValue = '';
      },
      onattribdata(start, end) {
        attrValue += input.slice(start, end);
      },
      onattribend() {
        if (!tag) return;
        if (tag.attrs.has(attrName)) tag.repeated.push([attrName, attrValue]);
        else tag.attrs.set(attrName, attrValue);
      },
      onopentagend(endIndex) {
        finishTag(endIndex, false);
      },
      onselfclosingtag(endIndex) {
        finishTag(endIndex, true);
      },
      onclosetag(start, end) {
        handler.closeTag?.(name(start, end), start - 2);
      },
      ontext(start, end) {
        handler.text?.(start, end);
      },
      // With decodeEntities off the tokenizer reports no entities; the rest is not content.
      onattribentity: ignore,
      ontextentity: ignore,
      oncdata: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onprocessinginstruction: ignore,
      onend: ignore,
    },
  );
  tokenizer.write(input);
  tokenizer.end();
}

/**
 * The stack of open elements, with "where is the nearest open <x>?" answered in constant time.
 * A plain array needs a backward search per closing tag, so 250,000 `<div>` followed by as
 * many stray `</b>` is quadratic. Each element is pushed once and popped once, so any run of
 * pushes and pops costs time linear in the pushes.
 */
export class OpenElements<T extends { tag: string }> {
  readonly items: T[] = [];
  private readonly depths = new Map<string, number[]>();

  get length(): number {
    return this.items.length;
  }

  top(): T | undefined {
    return this.items[this.items.length - 1];
  }

  push(item: T): void {
    const at = this.depths.get(item.tag);
    if (at) at.push(this.items.length);
    else this.depths.set(item.tag, [this.items.length]);
    this.items.push(item);
  }

  /** Index of the nearest open element with this tag, or -1. */
  lastIndexOf(tag: string): number {
    const at = this.depths.get(tag);
    return at?.length ? at[at.length - 1]! : -1;
  }

  /** Removes the elements from `index` up, returning them innermost first. */
  popFrom(index: number): T[] {
    const removed: T[] = [];
    while (this.items.length > index) {
      const item = this.items.pop()!;
      this.depths.get(item.tag)!.pop();
      removed.push(item);
    }
    return removed;
  }
}
