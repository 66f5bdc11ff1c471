// Markup readers, kept out of the package's main entry: they pull in an HTML tokenizer, and
// the web app's first load needs none of it (only the lazy HTML editor does).
export * from './markup-scan.ts';
export * from './tag-check.ts';
export * from './element-tree.ts';
export * from './unsafe-elements.ts';
export * from './text-blocks.ts';
export * from './page-sections.ts';
export * from './faqs.ts';
export { unescapeHtml } from './entities.ts';
