import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZPageContent, type TPageContent } from '../src/modules/pages/content.ts';
import { defaultHeaderLinks } from '../src/modules/projects/header-links.ts';
import { readMetaTags, renderMetaTags } from '../src/modules/site/meta.ts';
import type { PageRef } from '../src/modules/site/paths.ts';
import { slugify } from '../src/lib/slugify.ts';
import { faqsOf, renderContent } from '../src/modules/site/render-content.ts';
import {
  PREVIEW_SCRIPT,
  PREVIEW_SCRIPT_SHA256,
  breadcrumbsFor,
  renderDocument,
  type DocumentProject,
  type RenderDocumentOptions,
} from '../src/modules/site/render-document.ts';
import { themeCss, themeFor } from '../src/modules/site/theme.ts';

const EVIL = '<script>alert(1)</script>';

const project: DocumentProject & { id: string } = {
  id: '6f1c2a7e-3b9d-4c55-9a0e-2f8d1b7c4e90',
  name: 'Austin Pro Plumbing',
  serviceType: 'Plumbing',
  contactPhoneNumber: '(512) 555-0100',
  email: 'hello@austinpro.test',
  trackingCodeHead: '',
  trackingCodeBody: '',
  headerLinks: defaultHeaderLinks(true),
};

const content: TPageContent = ZPageContent.parse({
  meta: {
    title: `Plumbers ${EVIL} in Austin`,
    description: 'Fast, tidy plumbing repairs across Austin with clear prices.',
  },
  hero: { heading: `Fast ${EVIL} Plumbing`, subheading: 'We fix leaks.', ctaLabel: 'Call Now' },
  sections: [
    { type: 'text', heading: 'About us', paragraphs: [`We are local. ${EVIL}`] },
    {
      type: 'services',
      heading: 'Services',
      items: [
        { title: 'Drain Cleaning', description: 'Blocked drains cleared.' },
        { title: 'Water Heaters & Boilers', description: 'Installed and repaired.' },
      ],
    },
    { type: 'benefits', heading: 'Why us', items: [{ title: 'Upfront', description: 'Prices.' }] },
    { type: 'process', heading: 'Steps', steps: [{ title: 'Call', description: 'Us.' }] },
    {
      type: 'faq',
      heading: 'FAQ',
      items: [{ question: `Is ${EVIL} safe?`, answer: 'Yes </script><!-- really' }],
    },
    { type: 'cta', heading: 'Call today', text: 'We answer.', buttonLabel: 'Call Now' },
  ],
});

const homepage: PageRef = { kind: 'homepage', name: 'Homepage', slug: 'homepage' };
const about: PageRef = { kind: 'main', name: 'About Us', slug: 'about-us' };
const service: PageRef = { kind: 'service', name: 'Drain Cleaning', slug: 'drain-cleaning' };

function render(page: PageRef, extra: Partial<RenderDocumentOptions> = {}): string {
  return renderDocument({
    project,
    page,
    contentHtml: renderContent(content, page, project, { linkServices: true }),
    metaTags: renderMetaTags(content.meta),
    nav: { pages: [{ name: 'About Us', href: '/about-us' }] },
    css: { inline: themeCss(themeFor(project)) },
    mode: 'publish',
    faqs: faqsOf(content),
    ...extra,
  });
}

function scripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
    jsonLd: (m[1] ?? '').includes('application/ld+json'),
    body: m[2] ?? '',
  }));
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return scripts(html)
    .filter((s) => s.jsonLd)
    .map((s) => JSON.parse(s.body) as Record<string, unknown>);
}

const between = (html: string, start: string, end: string) =>
  html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)) + end.length);

describe('renderDocument', () => {
  it.each([homepage, about, service])('writes a valid HTML5 document for a $kind page', (page) => {
    const html = render(page);
    expect(html.startsWith('<!doctype html>\n<html lang="en"')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport"');
    expect(html).toMatch(/<meta name="description" content="Fast, tidy plumbing/);
    expect(html.match(/<main id="main">/g)).toHaveLength(1);
    expect(html).toContain('<a class="skip" href="#main">');
    expect(html).toContain(`&copy; ${new Date().getFullYear()} Austin Pro Plumbing`);
    expect(html).toContain('href="tel:5125550100"');
    expect(html).toContain('href="mailto:hello@austinpro.test"');
  });

  it('escapes untrusted model text everywhere', () => {
    for (const page of [homepage, service]) {
      const html = render(page);
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('Fast &lt;script&gt;alert(1)&lt;/script&gt; Plumbing');
      for (const s of scripts(html).filter((x) => x.jsonLd)) expect(s.body).not.toMatch(/[<>]/);
    }
  });

  it('shows only visible header links; hash links lead to the homepage from other pages', () => {
    const home = between(render(homepage), '<header', '</header>');
    expect(home).toContain('href="#about"');
    expect(home).toContain('href="#contact"');
    expect(home).toContain('href="/services"');
    expect(home).not.toContain('>FAQ<');
    expect(home).toContain('href="/" aria-current="page"');

    const sub = between(render(about), '<header', '</header>');
    expect(sub).toContain('href="/#about"');
    expect(sub).toContain('href="/#contact"');
    expect(sub).not.toContain('href="#');
    expect(sub).toContain('href="tel:5125550100"');
  });

  it('neutralises script URLs in user-edited header links', () => {
    const html = render(homepage, {
      project: {
        ...project,
        headerLinks: [{ name: 'Bad', link: ' java\tscript:alert(1)', show: true }],
      },
    });
    expect(html).not.toMatch(/javascript:/i);
  });

  it('adds breadcrumbs on subpages only', () => {
    expect(render(homepage)).not.toContain('aria-label="Breadcrumb"');
    const html = render(service);
    const crumbs = between(html, '<nav class="crumbs"', '</nav>');
    expect(crumbs).toContain('<a href="/">Home</a>');
    expect(crumbs).toContain('<a href="/services">Services</a>');
    expect(crumbs).toContain('<li aria-current="page">Drain Cleaning</li>');
    expect(breadcrumbsFor(about)).toEqual([
      { name: 'Home', href: '/' },
      { name: 'About Us', href: '/about-us' },
    ]);
  });

  it('writes JSON-LD that parses, has the right types and never an address', () => {
    const siteUrl = 'https://austinpro.example/';
    const home = jsonLd(render(homepage, { siteUrl }));
    expect(home.map((d) => d['@type'])).toEqual(['LocalBusiness', 'FAQPage']);
    expect(home[0]).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Austin Pro Plumbing',
      telephone: '(512) 555-0100',
      email: 'hello@austinpro.test',
      url: 'https://austinpro.example/',
    });
    expect(home[0]).not.toHaveProperty('areaServed');
    const faq = home[1] as {
      mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }>;
    };
    expect(faq.mainEntity[0]!.name).toBe(`Is ${EVIL} safe?`);
    expect(faq.mainEntity[0]!.acceptedAnswer.text).toBe('Yes </script><!-- really');

    const svc = jsonLd(render(service, { siteUrl, areaServed: ['Austin, TX'] }));
    expect(svc.map((d) => d['@type'])).toEqual(['Service', 'BreadcrumbList', 'FAQPage']);
    expect(svc[0]).toMatchObject({
      serviceType: 'Drain Cleaning',
      url: 'https://austinpro.example/services/drain-cleaning',
      areaServed: ['Austin, TX'],
      provider: { '@type': 'LocalBusiness', name: 'Austin Pro Plumbing' },
    });
    const list = svc[1] as { itemListElement: Array<{ position: number; item: string }> };
    expect(list.itemListElement.map((i) => i.item)).toEqual([
      'https://austinpro.example/',
      'https://austinpro.example/services',
      'https://austinpro.example/services/drain-cleaning',
    ]);

    const main = jsonLd(render(about, { faqs: [] }));
    expect(main.map((d) => d['@type'])).toEqual(['BreadcrumbList']);
    for (const page of [homepage, about, service]) {
      expect(render(page, { siteUrl })).not.toContain('"address"');
    }
  });

  it('writes canonical and og:url only with a site URL', () => {
    const without = render(about);
    expect(without).not.toContain('rel="canonical"');
    expect(without).not.toContain('og:url');
    expect(without).toContain('<meta property="og:type" content="website">');
    const withUrl = render(about, { siteUrl: 'https://austinpro.example' });
    expect(withUrl).toContain('<link rel="canonical" href="https://austinpro.example/about-us">');
    expect(withUrl).toContain(
      '<meta property="og:url" content="https://austinpro.example/about-us">',
    );
    expect(withUrl).toContain('<meta property="og:title" content="Plumbers &lt;script&gt;');
  });

  it('puts the tracking codes at the end of head and body, verbatim', () => {
    const head = '<script async src="https://analytics.example/a.js"></script>';
    const body = '<noscript><img src="https://analytics.example/p.gif" alt=""></noscript>';
    const html = render(homepage, {
      project: { ...project, trackingCodeHead: head, trackingCodeBody: body },
    });
    expect(html).toContain(`${head}\n</head>`);
    expect(html.indexOf(body)).toBeGreaterThan(html.indexOf('</footer>'));
    expect(html).toContain(`${body}\n</body>`);
  });

  it('runs exactly the fixed preview script in preview mode and no script when published', () => {
    const preview = scripts(render(about, { mode: 'preview' })).filter((s) => !s.jsonLd);
    expect(preview).toHaveLength(1);
    expect(preview[0]!.body).toBe(PREVIEW_SCRIPT);
    expect(scripts(render(about)).filter((s) => !s.jsonLd)).toEqual([]);

    const tracking = '<script>window.dataLayer=[]</script>';
    const published = render(about, { project: { ...project, trackingCodeHead: tracking } });
    expect(scripts(published).filter((s) => !s.jsonLd)).toEqual([
      { jsonLd: false, body: 'window.dataLayer=[]' },
    ]);
    expect(render(homepage, { mode: 'preview' })).toContain('data-page="homepage"');
  });

  it('publishes the sha256 CSP token of the preview script', () => {
    const digest = createHash('sha256').update(PREVIEW_SCRIPT, 'utf8').digest('base64');
    expect(PREVIEW_SCRIPT_SHA256).toBe(`'sha256-${digest}'`);
    expect(PREVIEW_SCRIPT).toContain("'cityforge:navigate'");
    expect(PREVIEW_SCRIPT).toContain('- 70');
  });

  it('links the stylesheet instead of inlining it when asked', () => {
    const html = render(about, { css: { href: '/assets/site.css' } });
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css">');
    expect(html).not.toContain('<style>');
  });
});

describe('renderContent', () => {
  it('gives the header hash links their targets and links service cards when asked', () => {
    const html = renderContent(content, homepage, project, { linkServices: true });
    for (const id of ['about', 'services', 'faq', 'contact']) {
      expect(html.match(new RegExp(`id="${id}"`, 'g'))).toHaveLength(1);
    }
    expect(html).toContain('href="/services/drain-cleaning"');
    expect(html).toContain('href="/services/water-heaters-and-boilers"');
    expect(html).toContain('<details><summary>');
    expect(html).toContain('<ol class="steps">');
    expect(html.match(/<h2>/g)).toHaveLength(content.sections.length);
    expect(renderContent(content, homepage, project)).not.toContain('href="/services/');
  });

  it('has a #contact target without a cta section, and a #contact hero button without a phone', () => {
    const noCta = { ...content, sections: content.sections.filter((s) => s.type !== 'cta') };
    const html = renderContent(noCta, about, { ...project, contactPhoneNumber: '' });
    expect(html.match(/id="contact"/g)).toHaveLength(1);
    expect(html).toContain('<a class="btn" href="#contact">Call Now</a>');
    expect(html).toContain('href="mailto:hello@austinpro.test"');
  });

  it('slugifies for URLs', () => {
    expect(slugify('Heating & Cooling')).toBe('heating-and-cooling');
    expect(slugify('  Café Repairs!! ')).toBe('cafe-repairs');
    expect(slugify('<script>')).toBe('script');
  });
});

describe('renderMetaTags', () => {
  it('writes two plain, escaped lines trimmed on word boundaries', () => {
    const long = 'Fast and tidy plumbing repairs for homes and businesses. '.repeat(5);
    const tags = renderMetaTags({
      title: 'Emergency Plumbing Repair and Drain Cleaning in Austin "Texas" & Round Rock',
      description: long,
    });
    const [title, description] = tags.split('\n');
    expect(title).toBe('<title>Emergency Plumbing Repair and Drain Cleaning in Austin</title>');
    expect(description).toMatch(/^<meta name="description" content="Fast and tidy .*…">$/);
    const read = readMetaTags(tags);
    expect(read.description.length).toBeLessThanOrEqual(160);
    const head = read.description.slice(0, -1);
    expect(read.description.endsWith('…')).toBe(true);
    expect(long.startsWith(head)).toBe(true);
    expect(long.charAt(head.length)).toMatch(/[ .]/);
    expect(renderMetaTags({ title: 'A & B <x>', description: 'Say "hi"' })).toBe(
      '<title>A &amp; B &lt;x&gt;</title>\n<meta name="description" content="Say &quot;hi&quot;">',
    );
  });
});

describe('theme', () => {
  it('is stable per project and ships one small stylesheet', () => {
    expect(themeFor(project)).toEqual(themeFor({ ...project }));
    const css = themeCss(themeFor(project));
    expect(css.length).toBeLessThan(8 * 1024);
    expect(css).toContain('scroll-margin-top:70px');
    expect(css).toContain('prefers-reduced-motion');
    expect(css).toContain(':focus-visible');
    expect(css).not.toMatch(/@import|url\(/);
  });
});
