import { createHash } from 'node:crypto';

/**
 * The only script a preview page runs. Inside the app's sandboxed iframe a site-internal
 * link ('/about-us') would load the app itself, so such clicks are handed to the parent
 * window, which knows which page of the project the path means. Section links scroll below
 * the sticky header. The text is fixed so the app can allow it by hash in its CSP: changing
 * a single character changes PREVIEW_SCRIPT_SHA256.
 */
export const PREVIEW_SCRIPT = `(function () {
  var home = document.documentElement.getAttribute('data-page') === 'homepage';
  var reduce = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  function scrollToId(id) {
    var el = id ? document.getElementById(id) : null;
    var top = el ? el.getBoundingClientRect().top + window.scrollY - 70 : 0;
    window.scrollTo({ top: top, behavior: reduce ? 'auto' : 'smooth' });
  }
  document.addEventListener('click', function (event) {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    var link = event.target.closest('a[href]');
    if (!link) return;
    var href = link.getAttribute('href') || '';
    if (href.charAt(0) === '#' || (home && href.indexOf('/#') === 0)) {
      event.preventDefault();
      var id = href.slice(href.indexOf('#') + 1);
      try { id = decodeURIComponent(id); } catch (e) {}
      scrollToId(id);
      return;
    }
    if (href.charAt(0) === '/' && href.charAt(1) !== '/') {
      event.preventDefault();
      window.parent.postMessage({ type: 'cityforge:navigate', href: href }, '*');
    }
  });
})();`;

/** The CSP source token for PREVIEW_SCRIPT, e.g. script-src 'sha256-…'. */
export const PREVIEW_SCRIPT_SHA256 = `'sha256-${createHash('sha256').update(PREVIEW_SCRIPT, 'utf8').digest('base64')}'`;
