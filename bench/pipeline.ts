import type { FakeAi } from '@cityforge/fakes/openai';

type Line = (name: string, value: string, budget?: string) => void;
type Headers = Record<string, string>;

const PAGES_PER_PROJECT = 3; // homepage, About Us, Contact Us
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function createProjects(base: string, headers: Headers, count: number, tag: string) {
  const ids: string[] = [];
  // A few at a time, as agencies' scripts and browsers would.
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
      const res = await fetch(`${base}/api/projects/create/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench ${tag} ${i + j}`,
          serviceType: 'Plumbing',
          model: 'anthropic/claude-3.7-sonnet',
          prompt: 'Emergency plumbers for homes and businesses.',
        }),
      });
      if (res.status !== 201) throw new Error(`create failed ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: { id: string } }).data.id;
    });
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}

async function allSettled(base: string, headers: Headers, ids: Set<string>) {
  for (;;) {
    let pending = 0;
    for (let page = 1; ; page++) {
      const res = await fetch(`${base}/api/projects/?page=${page}`, { headers });
      const body = (await res.json()) as {
        next: string | null;
        results: Array<{ id: string; status: string }>;
      };
      pending += body.results.filter(
        (p) => ids.has(p.id) && p.status.toLowerCase() === 'in progress',
      ).length;
      if (!body.next) break;
    }
    if (!pending) return;
    await sleep(50);
  }
}

/**
 * DESIGN §9: pipeline overhead under 5% of AI time. The ideal is every slot busy with a
 * model call all the time (latency × pages / concurrency); anything above is our queueing,
 * database writes and rendering.
 */
export async function pipelineBench(opts: {
  base: string;
  headers: Headers;
  ai: FakeAi;
  pages: number;
  latencyMs: number;
  concurrency: number;
  line: Line;
}) {
  const { ai, line } = opts;
  ai.reset();
  ai.setLatency(opts.latencyMs);
  const projects = Math.ceil(opts.pages / PAGES_PER_PROJECT);
  const total = projects * PAGES_PER_PROJECT;
  const started = performance.now();
  const ids = await createProjects(opts.base, opts.headers, projects, `${opts.latencyMs}ms`);
  // Polling the API competes with the pipeline for the database: wait on the fake model's own
  // count first, then confirm through the API.
  while (ai.completions.length < total) await sleep(20);
  await allSettled(opts.base, opts.headers, new Set(ids));
  const seconds = (performance.now() - started) / 1000;
  const label = `pipeline ${total} pages, model ${opts.latencyMs} ms`;
  line(`${label}: pages/s`, (total / seconds).toFixed(1));
  if (opts.latencyMs > 0) {
    const ideal = (opts.latencyMs / 1000) * (total / opts.concurrency);
    line(
      `${label}: overhead vs ideal`,
      `${(((seconds - ideal) / ideal) * 100).toFixed(1)} %`,
      `ideal ${ideal.toFixed(1)} s, took ${seconds.toFixed(1)} s; budget < 5 %`,
    );
  } else {
    line(`${label}: per page`, `${((seconds * 1000) / total).toFixed(1)} ms`);
  }
  line(
    `${label}: max calls in flight`,
    String(ai.maxConcurrent),
    `concurrency ${opts.concurrency}`,
  );
}
