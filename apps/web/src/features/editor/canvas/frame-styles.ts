import type { Editor } from 'grapesjs';
import type { PageDocument } from '../page-document';

/**
 * Puts the site theme into the canvas frame's head each time the frame loads, once GrapesJS
 * has rendered its own head there (that render replaces the head's contents). The app's CSP
 * allows inline <style> but not blob: stylesheets, and the theme must not become GrapesJS
 * CSS (the user would edit it and getCss() would carry it), so it goes straight into the DOM.
 */
export function injectThemeOnFrameLoad(editor: Editor, page: PageDocument): void {
  editor.on('canvas:frame:load:head', ({ el }: { el: HTMLIFrameElement }) => {
    const doc = el.contentDocument;
    if (!doc) return;
    el.title = 'Page being edited';
    doc.documentElement.lang = page.lang;
    for (const href of page.stylesheets) {
      const link = doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      doc.head.appendChild(link);
    }
    for (const css of page.styles) {
      const style = doc.createElement('style');
      style.dataset.cityforgeTheme = '';
      style.textContent = css;
      doc.head.appendChild(style);
    }
    // Canvas-only touches that change nothing saved: an emptied main stays a drop target,
    // and the locked regions say so under the pointer.
    const helper = doc.createElement('style');
    helper.textContent = EDITOR_FRAME_CSS;
    doc.head.appendChild(helper);
  });
}

const EDITOR_FRAME_CSS = `
main#main:empty{min-height:50vh;outline:2px dashed rgb(0 0 0/.15);outline-offset:-12px}
[data-gjs-type="wrapper"]>:not(main){cursor:not-allowed}
`;
