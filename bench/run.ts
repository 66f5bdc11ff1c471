import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { startFakeAi } from '@cityforge/fakes/openai';
import { freePort, spawnServer } from '../apps/server/test/helpers/process.ts';
import { login } from './api.ts';
import { fairnessBench } from './fairness.ts';
import { hostileBench } from './hostile.ts';
import { loadBench } from './load.ts';
import { detailBench, uploadBench } from './locations.ts';
import { uploadRequestBench } from './upload-request.ts';
import { pipelineBench } from './pipeline.ts';
import { runLatencyBench } from './run-latency.ts';
import { qualityBench } from './quality.ts';
import { siteBench } from './site-build.ts';

// `npm run bench`: prints one line per figure with its budget. Never asserts: speed is
// measured here, not in tests. Name groups to run only those, e.g. `npm run bench -- upload`:
//   server    bundle size, server boot, GET /auth/me/ and /api/plans/, generation pipeline
//   upload    parse + resolve a 30,000-row locations sheet with 10 fact columns, CSV and XLSX
//             (bench/locations.ts); the whole upload request, stored (bench/upload-request.ts)
//   detail    project detail with 5,000 cities (bench/locations.ts)
//   run       a 5,000-city upload written and scored on one process (ROLE=all): the detail's
//             latency meanwhile (p50, p99, max) and the time to every page (bench/run-latency.ts)
//   site      static build of 10,000 pages vs Hugo, Netlify deploy + redeploys; then 10,000 cities
//             × 5 services (60,000 pages) built, vs Hugo, deployed (bench/site-build.ts);
//             BENCH_SITE=cities or BENCH_SITE=services runs one of the two
//   load      50 signed-in users on project list + detail, BENCH_LOAD_SECONDS=30 (bench/load.ts)
//   quality   Lighthouse scores of a generated homepage, service and city page (bench/quality.ts)
//   hostile   worst-case markup, sheet XML and prompts beside normal input of the same size
//             (bench/hostile.ts); two tenants: B's new homepage wait behind A's 2,000 queued
//             cities (bench/fairness.ts)
// With DATABASE_URL set the server figures run on that PostgreSQL database instead of PGlite.
const GROUPS = ['server', 'upload', 'detail', 'run', 'site', 'load', 'quality', 'hostile'] as const;
const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!(GROUPS as readonly string[]).includes(name)) {
    console.error(`Unknown bench group "${name}"; choose from: ${GROUPS.join(', ')}`);
    process.exit(2);
  }
}
const runs = (group: (typeof GROUPS)[number]) => wanted.length === 0 || wanted.includes(group);
const ROOT = path.resolve(import.meta.dirname, '..');
const line = (name: string, value: string, budget = '') =>
  console.log(`${name.padEnd(44)} ${value.padStart(14)}  ${budget}`);

function bundleSize() {
  const dist = path.join(ROOT, 'apps/web/dist');
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index))
    return line('web initial bundle (gzip)', 'not built', 'run npm run build');
  const html = fs.readFileSync(index, 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  const total = refs.reduce(
    (sum, ref) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, ref))).length,
    0,
  );
  line('web initial bundle (gzip)', `${(total / 1024).toFixed(1)} KB`, 'budget < 250 KB');
  // The editors and the Sentry SDK are lazy: their chunks are fetched only when needed.
  const assets = fs.readdirSync(path.join(dist, 'assets'));
  for (const [label, prefix] of [
    ['visual editor chunk, lazy (gzip)', 'editor-canvas-'],
    ['HTML editor chunk, lazy (gzip)', 'html-editor-dialog-'],
    // Fetched only when the server has a SENTRY_DSN.
    ['error reporting chunk, lazy (gzip)', 'sentry-'],
  ] as const) {
    const file = assets.find((a) => a.startsWith(prefix) && a.endsWith('.js'));
    const size = file ? zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', file))).length : 0;
    line(label, file ? `${(size / 1024).toFixed(1)} KB` : 'not found', 'not in the initial load');
  }
}

const CONCURRENCY = 8;
/** The superuser every bench server makes at boot. */
const ADMIN = { email: 'bench@example.com', password: 'bench-pass-1' };

async function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  const started = performance.now();
  const server = spawnServer({
    ...env,
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  await server.url();
  return { server, ms: performance.now() - started };
}

async function load(url: string, headers: Record<string, string>, title: string) {
  const result = await autocannon({ url, headers, connections: 20, duration: 5 });
  line(`${title} req/s`, result.requests.average.toFixed(0));
  line(`${title} p50 / p99`, `${result.latency.p50} / ${result.latency.p99} ms`);
  line(`${title} errors`, String(result.errors + result.non2xx));
}

async function serverBench() {
  bundleSize();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-bench-'));
  const port = await freePort();
  const cold = await startServer(dataDir, port);
  line('server boot, fresh data dir', `${cold.ms.toFixed(0)} ms`);
  await cold.server.stop();
  const ai = await startFakeAi();
  const aiEnv = {
    OPENROUTER_API_KEY: 'sk-or-bench',
    OPENROUTER_BASE_URL: ai.openRouterUrl,
    WORKER_CONCURRENCY: String(CONCURRENCY),
    GENERATION_CONCURRENCY_PER_KEY: String(CONCURRENCY),
  };
  const warm = await startServer(dataDir, port, aiEnv);
  line('server boot, existing data dir', `${warm.ms.toFixed(0)} ms`);

  const base = `http://127.0.0.1:${port}`;
  const auth = await login(base, ADMIN.email, ADMIN.password);
  await load(`${base}/auth/me/`, auth, 'GET /auth/me/ (20 conns)');
  await load(`${base}/api/plans/`, auth, 'GET /api/plans/ (20 conns)');
  await warm.server.stop();
  // The pipeline on a process of its own whose debug lines carry each page's timings (the
  // request log above would have been a line per request of the load).
  const { server } = await startServer(dataDir, port, { ...aiEnv, LOG_LEVEL: 'debug' });
  const headers = await login(base, ADMIN.email, ADMIN.password);
  for (const latencyMs of [0, 500])
    await pipelineBench({
      base,
      headers,
      ai,
      pages: 200,
      latencyMs,
      concurrency: CONCURRENCY,
      line,
      serverLog: () => server.output(),
    });
  await server.stop();
  await ai.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function main() {
  console.log(
    `CityForge bench — ${os.cpus().length} cores, Node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  if (runs('server')) await serverBench();
  if (runs('upload')) {
    await uploadBench(line);
    await uploadRequestBench(line, startServer, ADMIN);
  }
  if (runs('detail')) await detailBench(line, startServer);
  if (runs('run')) await runLatencyBench(line, startServer, ADMIN);
  if (runs('site')) await siteBench(line);
  if (runs('load')) await loadBench(line, startServer, ADMIN);
  if (runs('quality')) await qualityBench(line, startServer, ADMIN);
  if (runs('hostile')) {
    hostileBench(line);
    await fairnessBench(line, startServer, ADMIN);
  }
}

await main();
