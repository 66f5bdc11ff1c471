import type { FakeAi } from '@cityforge/fakes/openai';

type Line = (name: string, value: string, budget?: string) => void;
type Headers = Record<string, string>;

const PAGES_PER_PROJECT = 3; // homepage, About Us, Contact Us
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (n: number) => `${Math.round(n)} ms`;
const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function createProjects(base: string, headers: Headers, count: number, tag: string) {
  const ids = new Map<string, string>();
  // A few at a time, as agencies' scripts and browsers would.
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
      const name = `Bench ${tag} ${i + j}`;
      const res = await fetch(`${base}/api/projects/create/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          serviceType: 'Plumbing',
          model: 'anthropic/claude-3.7-sonnet',
          prompt: 'Emergency plumbers for homes and businesses.',
        }),
      });
      if (res.status !== 201) throw new Error(`create failed ${res.status}: ${await res.text()}`);
      ids.set(name, ((await res.json()) as { data: { id: string } }).data.id);
    });
    await Promise.all(batch);
  }
  return ids;
}

/**
 * Waits until every project says it is no longer in progress. Polling competes with the
 * pipeline for the database, so a project is asked about only once the fake model has answered
 * all its pages (its name is in the prompt), and once it has said so, never again.
 */
async function allSettled(base: string, headers: Headers, ai: FakeAi, ids: Map<string, string>) {
  const confirmed = new Set<string>();
  const answered = new Map<string, number>();
  const requests = new Map<number, FakeAi['requests'][number]>();
  let seen = 0;
  while (confirmed.size < ids.size) {
    for (const r of ai.requests.slice(requests.size)) requests.set(r.id, r);
    for (const c of ai.completions.slice(seen)) {
      // A completed request's body was read, so its messages are there.
      const system = requests.get(c.requestId)?.messages[0]?.content;
      const name = typeof system === 'string' ? /^Name: (.+)$/m.exec(system)?.[1] : undefined;
      if (name) answered.set(name, (answered.get(name) ?? 0) + 1);
    }
    seen = ai.completions.length;
    for (const [name, n] of answered) {
      if (n < PAGES_PER_PROJECT || confirmed.has(name)) continue;
      const res = await fetch(`${base}/api/projects/${ids.get(name)}/`, { headers });
      const { data } = (await res.json()) as { data: { status: string } };
      if (data.status.toLowerCase() !== 'in progress') confirmed.add(name);
    }
    if (confirmed.size < ids.size) await sleep(5);
  }
}

/**
 * The pipeline's overhead over the ideal, every slot busy with a model call all the
 * time: whole rounds of calls, ceil(pages / slots) × latency. Anything above is our queueing,
 * database writes and rendering, and where it went is printed below the figure.
 */
export async function pipelineBench(opts: {
  base: string;
  headers: Headers;
  ai: FakeAi;
  pages: number;
  latencyMs: number;
  concurrency: number;
  line: Line;
  /** What the server printed so far (its debug lines carry each page's timings). */
  serverLog?: () => string;
}) {
  const { ai, line } = opts;
  ai.reset();
  ai.setLatency(opts.latencyMs);
  const logFrom = opts.serverLog?.().length ?? 0;
  const projects = Math.ceil(opts.pages / PAGES_PER_PROJECT);
  const total = projects * PAGES_PER_PROJECT;
  const started = performance.now();
  const ids = await createProjects(opts.base, opts.headers, projects, `${opts.latencyMs}ms`);
  await allSettled(opts.base, opts.headers, ai, ids);
  const ended = performance.now();
  const seconds = (ended - started) / 1000;
  const label = `pipeline ${total} pages, model ${opts.latencyMs} ms`;
  line(`${label}: pages/s`, (total / seconds).toFixed(1));
  if (opts.latencyMs > 0) {
    const ideal = (opts.latencyMs / 1000) * Math.ceil(total / opts.concurrency);
    line(
      `${label}: overhead vs ideal`,
      `${(((seconds - ideal) / ideal) * 100).toFixed(1)} %`,
      `ideal ${ideal.toFixed(1)} s (${Math.ceil(total / opts.concurrency)} rounds), took ${seconds.toFixed(2)} s; budget < 3 %`,
    );
    timeline(ai, started, ended, opts.concurrency, label, line);
  } else {
    line(`${label}: per page`, `${((seconds * 1000) / total).toFixed(1)} ms`);
  }
  const log = opts.serverLog?.().slice(logFrom);
  if (log) serverBreakdown(log, label, line);
  line(
    `${label}: max calls in flight`,
    String(ai.maxConcurrent),
    `concurrency ${opts.concurrency}`,
  );
}

/**
 * Where the time went, on the fake model's clock: until the first call, between each answer
 * and the next call (answers handed to the next arrivals in order, as slots are), and from the
 * last answer until every project said it was done.
 */
function timeline(
  ai: FakeAi,
  started: number,
  ended: number,
  slots: number,
  label: string,
  line: Line,
) {
  const origin = Date.now() - (performance.now() - started);
  const arrivals = ai.requests.map((r) => r.at).sort((a, b) => a - b);
  const answers = ai.completions.map((c) => c.at).sort((a, b) => a - b);
  if (!arrivals.length || !answers.length) return;
  const gaps: number[] = [];
  let next = 0;
  for (const at of arrivals)
    if (next < answers.length && answers[next]! <= at) gaps.push(at - answers[next++]!);
  const idle = gaps.reduce((sum, g) => sum + g, 0);

  line(
    `${label}: answer → next call`,
    `median ${ms(median(gaps))}`,
    `p90 ${ms(quantile(gaps, 0.9))}, max ${ms(Math.max(0, ...gaps))}; idle ${(idle / 1000).toFixed(2)} slot-s ≈ ${ms(idle / slots)} of wall time`,
  );
  line(
    `${label}: start → first call`,
    ms(arrivals[0]! - origin),
    `last answer → all projects settled ${ms(ended - started - (answers.at(-1)! - origin))}`,
  );
}

type PageTimings = Record<'claim' | 'prepare' | 'wait' | 'model' | 'write' | 'settle', number>;

/** The server's own account of each page (its `page written` debug lines), as medians. */
function serverBreakdown(log: string, label: string, line: Line) {
  const pages: PageTimings[] = [];
  for (const text of log.split('\n')) {
    if (!text.includes('"page written"')) continue;
    try {
      pages.push((JSON.parse(text) as { ms: PageTimings }).ms);
    } catch {
      // A line cut by the pipe's buffering; the others tell the story.
    }
  }
  if (!pages.length) return;
  const m = (k: keyof PageTimings) => ms(median(pages.map((p) => p[k])));
  line(
    `${label}: per page, server (median)`,
    `model ${m('model')}`,
    `in a slot; before it: claim ${m('claim')}, prompt ${m('prepare')}, wait for the slot ${m('wait')}; after it: write ${m('write')}, settle ${m('settle')}`,
  );
}
