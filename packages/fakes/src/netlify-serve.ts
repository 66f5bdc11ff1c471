/**
 * What Netlify's CDN answers for a path of a published deploy, as far as the product relies
 * on it: the file itself, its pretty URL (`/a` serves `/a.html` or `/a/index.html`), then the
 * rules of the deploy's `_redirects` file (exact paths; a file shadows a rule unless the rule is
 * forced with `!`), else 404 with the site's /404.html.
 */
export type FakeNetlifyVisit =
  | { status: 200; file: string; body: Buffer }
  | { status: 301 | 302; location: string }
  | { status: 404; body: Buffer | null };

type Rule = { from: string; to: string; status: number; force: boolean };

/** The rules of a `_redirects` file, one a line: `from to [status][!]`; `#` starts a comment. */
export function redirectRules(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [from, to, code = '301'] = line.split(/\s+/);
    if (!from || !to) continue;
    const force = code.endsWith('!');
    rules.push({ from, to, status: Number(force ? code.slice(0, -1) : code), force });
  }
  return rules;
}

const trimmed = (path: string) =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;

function fileFor(files: Map<string, Buffer>, path: string): string | null {
  const bare = trimmed(path);
  const candidates = bare === '/' ? ['/index.html'] : [bare, `${bare}.html`, `${bare}/index.html`];
  return candidates.find((file) => files.has(file)) ?? null;
}

export function visitSite(files: Map<string, Buffer>, path: string): FakeNetlifyVisit {
  const rules = redirectRules(files.get('/_redirects')?.toString('utf8') ?? '');
  const rule = rules.find((r) => trimmed(r.from) === trimmed(path));
  const file = fileFor(files, path);
  if (rule && (rule.force || !file) && (rule.status === 301 || rule.status === 302))
    return { status: rule.status, location: rule.to };
  if (file) return { status: 200, file, body: files.get(file)! };
  return { status: 404, body: files.get('/404.html') ?? null };
}
