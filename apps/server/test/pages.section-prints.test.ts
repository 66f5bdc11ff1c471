import { describe, expect, it } from 'vitest';
import { pageSections } from '@cityforge/shared/html';
import { defaultPageContent } from '@cityforge/fakes/openai';
import { ZPageContent } from '../src/modules/pages/content.ts';
import { editsOf, hasEdits, keepEdits, legacyPrints } from '../src/modules/pages/page-edits.ts';
import { EDITED, META_KEY, printsOf, REMOVED } from '../src/modules/pages/section-prints.ts';
import { renderMetaTags } from '../src/modules/site/meta.ts';
import { renderContent } from '../src/modules/site/render-content.ts';

const project = { name: 'Lone Star Plumbing', contactPhoneNumber: '512-555-0199' };

function written(subject: string) {
  const content = ZPageContent.parse(
    defaultPageContent([{ role: 'user', content: `Page: ${subject}` }]),
  );
  return {
    contentHtml: renderContent(
      content,
      { kind: 'main', name: 'Services', slug: 'services' },
      project,
      { linkServices: true },
    ),
    metaTags: renderMetaTags(content.meta),
  };
}

/**
 * What the visual editor does to a page it loads and saves unchanged: attributes in its own
 * order and quoting, entities written as characters, an id minted for a component, void
 * elements closed, markup spread over lines, empty class attributes.
 */
function reserialised(html: string): string {
  return html
    .replace(/<section class="([^"]*)" id="([^"]*)">/g, "<section id='$2' class='$1'>\n  ")
    .replace(/<\/section>/g, '\n</section>\n\n')
    .replace(/&rarr;/g, '→')
    .replace(/&#39;/g, "'")
    .replace(/<p>/, '<p id="i3kd" class="">')
    .replace(/<h2>/g, '<h2 data-gjs-type="text">')
    .replace(/ aria-hidden="true"/g, ' aria-hidden=true');
}

describe('section fingerprints', () => {
  const page = written('Water heaters');

  it('keys sections by id, then by tag and class, and numbers repeats', () => {
    const keys = pageSections(
      '<section class="hero">a</section>\n<section id="faq">b</section><div>c</div>' +
        'loose text<div>d</div><section class="hero x">e</section>',
    ).map((s) => s.key);
    expect(keys).toEqual(['section.hero', 'faq', 'div', '#text', 'div~2', 'section.hero~2']);
  });

  it('does not count a save that only reformats the markup as an edit', () => {
    const saved = { contentHtml: reserialised(page.contentHtml), metaTags: page.metaTags };
    expect(saved.contentHtml).not.toBe(page.contentHtml);
    expect(saved.contentHtml).toContain("id='about'");
    expect(saved.contentHtml).toContain('→');
    const edits = editsOf(saved, printsOf(page));
    expect(hasEdits(edits)).toBe(false);
  });

  it('finds the one section whose words changed, and edited meta tags', () => {
    const paragraph = 'We have been helping customers with Water heaters for years.';
    expect(page.contentHtml).toContain(paragraph);
    const saved = {
      contentHtml: reserialised(page.contentHtml).replace(paragraph, 'Our own, better words.'),
      metaTags: page.metaTags.replace('<title>', '<title>Best '),
    };
    const edits = editsOf(saved, printsOf(page));
    expect([...edits.sections]).toEqual(['about']);
    expect(edits.meta).toBe(true);
    expect([...edits.removed]).toEqual([]);
    // A link or a class changed is an edit too: they change what a visitor gets.
    const relinked = page.contentHtml.replace('href="/services/', 'href="/elsewhere/');
    expect([...editsOf({ ...page, contentHtml: relinked }, printsOf(page)).sections]).toEqual([
      'services',
    ]);
  });

  it('has no edits to find on a page written before prints existed', () => {
    expect(hasEdits(editsOf(page, null))).toBe(false);
  });
});

describe('keeping edits in a regenerated page', () => {
  const old = written('Water heaters');
  const fresh = written('Leak repair');

  it('keeps edited, added and removed sections where the owner left them', () => {
    const sections = pageSections(old.contentHtml);
    const about = sections.find((s) => s.key === 'about')!;
    const faq = sections.find((s) => s.key === 'faq')!;
    const mine = '<section id="our-van"><p>Look for the red van.</p></section>';
    const editedAbout = about.html.replace('for years', 'since 1987');
    const current = {
      contentHtml: old.contentHtml
        .replace(about.html, `${editedAbout}\n${mine}`)
        .replace(`${faq.html}\n`, ''),
      metaTags: old.metaTags,
    };
    const edits = editsOf(current, printsOf(old));
    expect([...edits.sections].sort()).toEqual(['about', 'our-van']);
    expect([...edits.removed]).toEqual(['faq']);

    const kept = keepEdits(current, edits, fresh);
    const keys = pageSections(kept.page.contentHtml).map((s) => s.key);
    expect(keys).toEqual(['section.hero', 'about', 'our-van', 'services', 'contact']);
    expect(kept.page.contentHtml).toContain(editedAbout);
    expect(kept.page.contentHtml).toContain(mine);
    expect(kept.page.contentHtml).toContain('Friendly, reliable help with Leak repair');
    expect(kept.page.contentHtml).not.toContain('Frequently asked questions');
    expect(kept.page.metaTags).toBe(fresh.metaTags);
    expect(kept.prints).toMatchObject({
      about: EDITED,
      'our-van': EDITED,
      faq: REMOVED,
      services: printsOf(fresh).services,
      [META_KEY]: printsOf(fresh)[META_KEY],
    });

    // The next regeneration finds the same edits from the prints it left.
    const again = editsOf(kept.page, kept.prints);
    expect([...again.sections].sort()).toEqual(['about', 'our-van']);
    expect([...again.removed]).toEqual(['faq']);
  });

  it('puts an edited section the new page lacks at the top when it led the page', () => {
    const current = {
      contentHtml: `<aside class="notice"><p>Closed on Sunday.</p></aside>\n${old.contentHtml}`,
      metaTags: '<title>Our title</title>',
    };
    const edits = editsOf(current, printsOf(old));
    const kept = keepEdits(current, edits, fresh);
    expect(pageSections(kept.page.contentHtml)[0]!.key).toBe('aside.notice');
    expect(kept.page.metaTags).toBe('<title>Our title</title>');
    expect(kept.prints[META_KEY]).toBe(EDITED);
  });
});

describe('pages written before prints existed', () => {
  const generated = written('Water heaters');
  const edited = {
    contentHtml: generated.contentHtml.replace('for years', 'since 1987'),
    metaTags: generated.metaTags,
  };
  const v = (name: string, state: typeof generated, proposed = false) => ({
    name,
    proposed,
    ...state,
  });

  it("take the editor's trail as evidence: the last save still is the page", () => {
    const prints = legacyPrints(edited, [
      v('Regenerated 2025-11-26 15:04 UTC', written('Leak repair'), true),
      v('Version 2', edited),
      v('Original', generated),
    ]);
    expect([...editsOf(edited, prints).sections]).toEqual(['about']);
  });

  it('are as generated when never saved, or rewritten since the last save', () => {
    expect(legacyPrints(generated, [])).toBeNull();
    expect(legacyPrints(generated, [v('Version 2', edited), v('Original', generated)])).toBeNull();
  });
});

describe('hostile markup', () => {
  // Each would take minutes through a backtracking pattern or a quadratic element stack.
  const cases: Array<[string, string]> = [
    ['unclosed tag starts', '<a'.repeat(100_000)],
    ['open tags then stray closes', '<div>'.repeat(50_000) + '</b>'.repeat(50_000)],
    ['an attribute never closed', `<section id="x" class="${'a '.repeat(100_000)}`],
    ['many top-level sections', '<p>x</p>'.repeat(20_000)],
  ];
  it.each(cases)('reads %s in one pass', (_name, html) => {
    const sections = pageSections(html);
    const prints = printsOf({ contentHtml: html, metaTags: html });
    expect(Object.keys(prints).length).toBe(sections.length + 1);
    // No prints at all: every section counts as the owner's and all of them are kept.
    const kept = keepEdits(
      { contentHtml: html, metaTags: '' },
      editsOf({ contentHtml: html, metaTags: '' }, {}),
      { contentHtml: '<p>new</p>', metaTags: '' },
    );
    const keys = new Set([...sections.map((s) => s.key), 'p', META_KEY]);
    expect(Object.keys(kept.prints)).toHaveLength(keys.size);
  });
});
