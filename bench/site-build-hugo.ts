import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { SeedPage } from './site-build-cities.ts';

/**
 * The Hugo peer of the site build's figure: the same pages with the same content HTML as Hugo
 * content files
 * (JSON front matter + HTML body), the same URL tree (/states/{state}/{county}/{city}.html,
 * with a listing page per state and county like ours), a sitemap, and one trivial layout.
 */

export function hugoVersion(): string | null {
  const found = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) return null;
  return /v\d+\.\d+\.\d+/.exec(found.stdout)?.[0] ?? found.stdout.trim();
}

const CONFIG = `baseURL = "https://bench.example/"
title = "Summit Plumbing & Drain"
languageCode = "en-us"
uglyURLs = true
disableKinds = ["taxonomy", "term", "RSS"]
`;

const HEAD = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title><meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ .Permalink }}"><link rel="stylesheet" href="/site.css"></head>
<body><header><a href="/">{{ site.Title }}</a> <a href="/states.html">Areas</a></header><main>`;
const FOOT = `</main><footer>&copy; {{ site.Title }}</footer></body></html>\n`;
const LAYOUTS: Record<string, string> = {
  'layouts/_default/single.html': `${HEAD}{{ .Content }}${FOOT}`,
  'layouts/_default/list.html': `${HEAD}<h1>{{ .Title }}</h1>{{ .Content }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>${FOOT}`,
  'layouts/index.html': `${HEAD}{{ .Content }}${FOOT}`,
  'layouts/404.html': `${HEAD}<h1>Page not found</h1>${FOOT}`,
  'static/site.css':
    'body{font-family:system-ui,sans-serif;margin:0}main{max-width:70rem;margin:auto}\n',
};

/** Writes Hugo's content tree as the seed hands pages over; `finish` adds the listing pages. */
export function createHugoSite(dir: string) {
  fs.writeFileSync(path.join(dir, 'config.toml'), CONFIG);
  for (const [file, body] of Object.entries(LAYOUTS)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  }
  const sections = new Map<string, string>([
    ['/states', 'Service Areas'],
    ['/services', 'Services'],
  ]);
  const made = new Set<string>();
  let pages = 0;
  const write = (file: string, title: string, description: string, html: string) => {
    const target = path.join(dir, 'content', file);
    const folder = path.dirname(target);
    if (!made.has(folder)) fs.mkdirSync(folder, { recursive: true });
    made.add(folder);
    fs.writeFileSync(target, `${JSON.stringify({ title, description })}\n${html}\n`);
  };
  return {
    add(page: SeedPage) {
      for (const [hub, title] of page.parents) sections.set(hub, title);
      const file = page.path === '/' ? '_index.html' : `${page.path.slice(1)}.html`;
      write(file, page.title, page.description, page.html);
      pages += 1;
    },
    finish() {
      for (const [hub, title] of sections) write(`${hub.slice(1)}/_index.html`, title, title, '');
      return { pages, sections: sections.size };
    },
  };
}

export type HugoRun = { ms: number; htmlFiles: number; files: number; peakRss: number | null };

/** Peak resident memory of a running process, from Linux's /proc (null elsewhere). */
function vmHwm(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Times `hugo --quiet` over the site in `dir`, writing into `destination`. */
export function runHugo(dir: string, destination: string): Promise<HugoRun> {
  const started = performance.now();
  const args = ['--quiet', '--destination', destination, '--cacheDir', path.join(dir, '.cache')];
  const child = spawn('hugo', args, {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let peakRss: number | null = null;
  const poll = setInterval(() => {
    const now = child.pid ? vmHwm(child.pid) : null;
    if (now !== null) peakRss = Math.max(peakRss ?? 0, now);
  }, 20);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      clearInterval(poll);
      if (code !== 0)
        return reject(new Error(`hugo exited with ${code}: ${stderr.slice(0, 2000)}`));
      const all = fs
        .readdirSync(destination, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile());
      const htmlFiles = all.filter((e) => e.name.endsWith('.html')).length;
      resolve({ ms, htmlFiles, files: all.length, peakRss });
    });
  });
}
