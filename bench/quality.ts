import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse from 'lighthouse';
import type { TProjectDetail, TPublishResult } from '@cityforge/shared';
import { startFakeNetlify } from '@cityforge/fakes/netlify';
import { freePort, type ServerProcess } from '../apps/server/test/helpers/process.ts';
import { call, json, login, quiet, type Detail, type Headers } from './api.ts';
import type { Line, StartServer } from './bench-types.ts';
import { serveLikeNetlify } from './netlify-static.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TOKEN = 'netlify-quality-token';
/** Lighthouse's own advice: performance varies run to run, so report the median of several. */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const GOALS: Record<Category, number> = {
  performance: 95,
  accessibility: 95,
  'best-practices': 95,
  seo: 100,
};
/** A real service area across two states, so hub pages have more than one entry. */
const AREA = [
  'City,State,ZIP',
  'Austin,TX,78701',
  'Round Rock,TX,78664',
  'Georgetown,TX,78626',
  'Boise,ID,83702',
  'Meridian,ID,83642',
].join('\r\n');

async function untilQuiet(base: string, headers: Headers, id: string, cities: number) {
  const deadline = performance.now() + 5 * 60_000;
  for (;;) {
    const { data } = await call<{ data: Detail }>(base, `/api/projects/${id}/detail/`, {
      headers,
    });
    if (quiet(data, cities)) return;
    if (performance.now() > deadline) throw new Error('the project did not finish generating');
    await sleep(300);
  }
}

/** The written, published site of a local plumbing business, as its owner would make it. */
async function publishedSite(base: string, headers: Headers, netlifyHost: (url: string) => string) {
  await call(base, '/auth/me/', json(headers, 'PATCH', { userNetlifyAccessToken: TOKEN }));
  const { data } = await call<{ data: { id: string } }>(
    base,
    '/api/projects/create/',
    json(headers, 'POST', {
      name: 'Summit Plumbing',
      serviceType: 'Plumbing',
      model: 'offline-draft',
      prompt:
        'Family plumbers since 1998, licensed and insured.\n- Drain Cleaning\n- Water Heater Repair',
      contactPhoneNumber: '(512) 555-0199',
      email: 'hello@summit-plumbing.example',
      createServicePages: true,
    }),
    201,
  );
  await untilQuiet(base, headers, data.id, 0);
  const form = new FormData();
  form.append('file', new Blob([AREA], { type: 'text/csv' }), 'service-area.csv');
  form.append('model', 'offline-draft');
  await call(base, `/api/project/${data.id}/upload/`, { method: 'POST', headers, body: form }, 201);
  await untilQuiet(base, headers, data.id, AREA.split('\r\n').length - 1);
  const detail = await call<{ data: TProjectDetail }>(base, `/api/projects/${data.id}/detail/`, {
    headers,
  });
  const result = await call<TPublishResult>(base, `/api/projects/${data.id}/publish/`, {
    method: 'POST',
    headers,
  });
  return { host: netlifyHost(result.netlifyUrl), detail: detail.data };
}

/** Chromium with its DevTools port open for Lighthouse, as chrome-launcher would start it. */
async function startChromium() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-lh-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${dir}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => {
      err += d;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', () => reject(new Error(`chromium exited:\n${err}`)));
  });
  return {
    port,
    stop() {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One Lighthouse run: the four scores and the weighted audits that kept any below 100. */
async function audit(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const short = CATEGORIES.flatMap((c) =>
    (categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return { scores, short };
}

/**
 * Lighthouse's four scores for a generated homepage, service page and city
 * page, served as Netlify serves them (BENCH_LIGHTHOUSE_RUNS runs each, median). Mobile emulation with Lighthouse's default simulated
 * throttling (a mid-range phone on a slow 4G link), as PageSpeed Insights scores a site.
 */
export async function qualityBench(
  line: Line,
  startServer: StartServer,
  admin: { email: string; password: string },
) {
  if (!fs.existsSync(CHROMIUM)) return line('lighthouse', 'no chromium', `expected ${CHROMIUM}`);
  const netlify = await startFakeNetlify({ tokens: [TOKEN], processingPolls: 1 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-bench-quality-'));
  let server: ServerProcess | undefined;
  let chromium: Awaited<ReturnType<typeof startChromium>> | undefined;
  let site: Awaited<ReturnType<typeof serveLikeNetlify>> | undefined;
  try {
    const port = await freePort();
    server = (await startServer(dataDir, port, { NETLIFY_API_URL: netlify.url })).server;
    const base = `http://127.0.0.1:${port}`;
    const headers = await login(base, admin.email, admin.password);
    const { host, detail } = await publishedSite(base, headers, (url) => new URL(url).host);
    const files = netlify.publishedFiles(host);
    site = await serveLikeNetlify(files);
    const service = detail.servicePages[0];
    const city = [...files.keys()].find((f) => /^\/states\/[^/]+\/[^/]+\/[^/]+\.html$/.test(f));
    if (!service || !city) throw new Error('the site has no service page or no city page');
    const pages = [
      ['homepage', '/'],
      ['service page', `/services/${service.slug}`],
      ['city page', city.replace(/\.html$/, '')],
    ] as const;
    chromium = await startChromium();
    for (const [label, at] of pages) {
      const runs: Array<Awaited<ReturnType<typeof audit>>> = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${site.url}${at}`, chromium.port));
      const scores = CATEGORIES.map((c) => median(runs.map((r) => r.scores[c])));
      const perf = runs.map((r) => r.scores.performance);
      const goal = CATEGORIES.map((c) => GOALS[c]).join(' / ');
      line(
        `lighthouse ${label} (perf/a11y/bp/seo)`,
        scores.join(' / '),
        `goal ≥ ${goal}; median of ${RUNS}, performance ${Math.min(...perf)}–${Math.max(...perf)}`,
      );
      const short = [...new Set(runs.flatMap((r) => r.short))];
      if (short.length) line(`  ${label}: audits below 100`, '', short.join(', '));
    }
  } finally {
    chromium?.stop();
    await site?.close();
    await server?.stop();
    await netlify.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
