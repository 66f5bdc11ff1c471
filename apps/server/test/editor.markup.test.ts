import { describe, expect, it } from 'vitest';
import { ZPageContent } from '../src/modules/pages/content.ts';
import { readRegeneratedHtml } from '../src/modules/editor/regenerate-answer.ts';
import { versionName, versionsToDrop } from '../src/modules/pages/versions.ts';
import { faqsInHtml } from '@cityforge/shared/html';
import { faqsOf, renderContent } from '../src/modules/site/render-content.ts';

const project = { name: 'Lone Star Plumbing', contactPhoneNumber: '(512) 555-0199' };
const content = ZPageContent.parse({
  meta: { title: 'Plumbers', description: 'Plumbing in Austin.' },
  hero: { heading: 'Plumbers', subheading: 'We fix leaks.', ctaLabel: 'Call' },
  sections: [
    {
      type: 'faq',
      heading: 'FAQ',
      items: [
        { question: 'Is <script>alert(1)</script> "safe"?', answer: "Yes & it's </details> fine" },
        { question: 'Do you work weekends?', answer: 'Yes.' },
      ],
    },
    { type: 'cta', heading: 'Call', text: 'Now.', buttonLabel: 'Call' },
  ],
});

describe('reading FAQs back from a page', () => {
  it('reads exactly what renderContent wrote', () => {
    const html = renderContent(content, { kind: 'main', name: 'FAQ', slug: 'faq' }, project);
    expect(faqsInHtml(html)).toEqual(faqsOf(content));
  });

  it('reads an edited FAQ as a visitor sees it, and nothing outside the FAQ container', () => {
    const html = [
      '<details><summary>Not a FAQ</summary><p>Outside.</p></details>',
      '<div class="wrap split"><h2>FAQ</h2><div class="faq extra" id="x">',
      '<div><details open><summary>How <em>fast</em>?</summary><p>Within&nbsp;an hour.</p><p>Often sooner.</p></details></div>',
      '<details><summary>No answer</summary></details>',
      '<!-- <details><summary>Hidden</summary><p>x</p></details> -->',
      '</div></div>',
      '<details><summary>After</summary><p>Also outside.</p></details>',
    ].join('\n');
    expect(faqsInHtml(html)).toEqual([
      { question: 'How fast?', answer: 'Within an hour. Often sooner.' },
    ]);
    expect(faqsInHtml('<p>No questions here.</p>')).toEqual([]);
  });
});

describe('checking a regenerated fragment', () => {
  it('takes the html of a JSON answer, also inside a code fence', () => {
    const html = '<div class="card"><h3>Title</h3></div>';
    expect(readRegeneratedHtml(JSON.stringify({ html }))).toEqual({ ok: true, html });
    expect(readRegeneratedHtml(`Sure:\n\`\`\`json\n${JSON.stringify({ html })}\n\`\`\``)).toEqual({
      ok: true,
      html,
    });
  });

  it.each([
    ['<div><p>oops</div>', 'not a well-formed HTML fragment (Mismatched tag </div>'],
    ['<div><iframe src="x"></iframe></div>', '<iframe> element'],
    ['<div><STYLE>p{}</STYLE></div>', '<style> element'],
    ['<p><a href=" JaVaScRiPt:go()">x</a></p>', 'javascript: URL'],
    ['<p><svg><a onClick="go()">x</a></svg></p>', 'inline event handler (onclick)'],
    ['<p><a href="data:text/html,hi">x</a></p>', 'javascript: URL'],
  ])('refuses %s', (html, problem) => {
    const checked = readRegeneratedHtml(JSON.stringify({ html }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem).toContain(problem);
  });
});

describe('version names and the limit', () => {
  const v = (name: string, i: number) => ({ id: `v${i}`, name, createdAt: new Date(i) });

  it('names the first version Original and numbers saved ones after the highest', () => {
    expect(versionName('saved', [])).toBe('Original');
    expect(versionName('before-regeneration', [])).toBe('Original');
    const existing = [v('Before editing', 3), v('Version 7', 2), v('Original', 1)];
    expect(versionName('saved', existing)).toBe('Version 8');
    expect(versionName('before-regeneration', existing)).toBe('Before regeneration');
  });

  it('drops the oldest past the limit and never Original', () => {
    const newestFirst = [v('Version 4', 4), v('Version 3', 3), v('Version 2', 2), v('Original', 1)];
    expect(versionsToDrop(newestFirst, 3)).toEqual(['v2']);
    expect(versionsToDrop(newestFirst, 4)).toEqual([]);
  });
});
