// The offline writers import page content from here; its home is the pages module, which
// site and locations may import and generation sits above.
export * from '../pages/content.ts';
