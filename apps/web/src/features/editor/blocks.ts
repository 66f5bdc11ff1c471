/**
 * The blocks users drop into the page. Each one is plain markup using the site theme's own
 * classes (apps/server/src/modules/site/theme.ts: section, alt, wrap, split, prose, cards,
 * card, band, actions, btn, faq), so new content looks like the generated content with no
 * CSS of its own: the theme styles everything, and only HTML is saved.
 */

export type BlockIcon =
  | 'section'
  | 'heading'
  | 'text'
  | 'image'
  | 'button'
  | 'columns'
  | 'cards'
  | 'list'
  | 'quote'
  | 'band'
  | 'faq';

export interface EditorBlock {
  id: string;
  label: string;
  icon: BlockIcon;
  /** HTML, or a component definition when GrapesJS must treat it as one (the image). */
  content: string | Record<string, unknown>;
  /** Opens the Asset Manager as soon as it is dropped. */
  activate?: boolean;
}

const TEXT = 'Write a sentence or two that tells visitors what they get and why it matters.';

export const EDITOR_BLOCKS: readonly EditorBlock[] = [
  {
    id: 'section',
    label: 'Section',
    icon: 'section',
    content: `<section class="section"><div class="wrap"><h2>New section</h2><p>${TEXT}</p></div></section>`,
  },
  { id: 'heading', label: 'Heading', icon: 'heading', content: '<h2>New heading</h2>' },
  { id: 'text', label: 'Text', icon: 'text', content: `<p>${TEXT}</p>` },
  {
    id: 'image',
    label: 'Image',
    icon: 'image',
    content: { type: 'image', attributes: { alt: '' } },
    activate: true,
  },
  {
    id: 'button',
    label: 'Button link',
    icon: 'button',
    content: '<div class="actions"><a class="btn" href="#contact">Get a free quote</a></div>',
  },
  {
    id: 'columns',
    label: 'Two columns',
    icon: 'columns',
    content:
      '<section class="section"><div class="wrap split"><h2>Side heading</h2>' +
      `<div class="prose"><p>${TEXT}</p><p>Add a second paragraph with the details.</p></div></div></section>`,
  },
  {
    id: 'cards',
    label: 'Cards',
    icon: 'cards',
    content:
      '<section class="section alt"><div class="wrap"><h2>What we offer</h2><ul class="cards">' +
      ['First', 'Second', 'Third']
        .map((n) => `<li class="card"><h3>${n} point</h3><p>A short description.</p></li>`)
        .join('') +
      '</ul></div></section>',
  },
  {
    id: 'list',
    label: 'List',
    icon: 'list',
    content: '<ul><li>First point</li><li>Second point</li><li>Third point</li></ul>',
  },
  {
    id: 'quote',
    label: 'Quote',
    icon: 'quote',
    content:
      '<blockquote><p>“They showed up on time and did excellent work.”</p>' +
      '<footer>— A happy customer</footer></blockquote>',
  },
  {
    id: 'band',
    label: 'Call to action',
    icon: 'band',
    content:
      '<section class="band"><div class="wrap"><h2>Ready to get started?</h2>' +
      '<p>Tell us what you need and get a free estimate today.</p>' +
      '<div class="actions"><a class="btn" href="#contact">Contact us</a></div></div></section>',
  },
  {
    id: 'faq',
    label: 'FAQ item',
    icon: 'faq',
    content:
      '<div class="faq"><details><summary>A question customers ask</summary>' +
      '<p>The answer, in a sentence or two.</p></details></div>',
  },
];
