import { checkTags, scanMarkup, UNSAFE_ELEMENTS, unescapeHtml } from '@cityforge/shared/html';

export type CheckedAnswer = { ok: true; html: string } | { ok: false; problem: string };

/**
 * The shared unsafe elements, and two the editor keeps in a page but a regenerated component
 * must not bring: a <style> restyles the whole page, an <iframe> loads another document.
 */
const REFUSED_ELEMENTS = new Set([...UNSAFE_ELEMENTS, 'style', 'iframe']);

/**
 * Browsers ignore entities, whitespace and control characters inside a URL's scheme. The
 * patterns below are linear: literals and single character classes, no nested repetition.
 */
function runsScript(value: string): boolean {
  const plain = unescapeHtml(value)
    .replace(/&colon;/gi, ':')
    .replace(/&(tab|newline);/gi, '')
    .replace(/[\s\p{Cc}]/gu, '')
    .toLowerCase();
  return /(javascript|vbscript):/.test(plain) || plain.startsWith('data:text/html');
}

function elementProblem(tag: string, attrs: [string, string][]): string | null {
  if (REFUSED_ELEMENTS.has(tag)) return `the model's answer contains a <${tag}> element`;
  for (const [name, value] of attrs) {
    if (name.startsWith('on'))
      return `the model's answer contains an inline event handler (${name})`;
    if (runsScript(value)) return "the model's answer contains a javascript: URL";
  }
  return null;
}

/** Why the fragment may not go into a page, or null when it may. */
function problemOf(html: string): string | null {
  const tagProblems = checkTags(html);
  if (tagProblems.length)
    return `the model's answer is not a well-formed HTML fragment (${tagProblems[0]!.message})`;
  let elements = 0;
  let problem: string | null = null;
  scanMarkup(html, {
    openTag({ name, attrs, repeated }) {
      elements += 1;
      problem ??= elementProblem(name, [...attrs, ...repeated]);
    },
  });
  if (problem) return problem;
  return elements ? null : "the model's answer contains no HTML element";
}

/**
 * The rewritten fragment from the model's answer, or why it is refused. Models sometimes wrap
 * the JSON in a code fence or a sentence; the outermost object is taken, as for page content.
 */
export function readRegeneratedHtml(answer: string): CheckedAnswer {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return { ok: false, problem: "the model's answer is not JSON" };
  let json: unknown;
  try {
    json = JSON.parse(answer.slice(start, end + 1));
  } catch (error) {
    return {
      ok: false,
      problem: `the model's answer is not valid JSON (${(error as Error).message})`,
    };
  }
  const html = (json as { html?: unknown } | null)?.html;
  if (typeof html !== 'string' || !html.trim())
    return { ok: false, problem: `the model's answer has no "html" text` };
  const problem = problemOf(html);
  return problem ? { ok: false, problem } : { ok: true, html: html.trim() };
}
