import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_STATUS, PROJECT_STATUS, type TProjectDetail } from '@cityforge/shared';
import { startFakeAi, type FakeAi } from './fakes/openai.ts';
import { freePort, spawnServer, type ServerProcess } from './helpers/process.ts';

const started: ServerProcess[] = [];
let ai: FakeAi | undefined;
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await ai?.close();
});

async function signIn(base: string) {
  const res = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'root@example.com', password: 'admin-pass-1' }),
  });
  expect(res.status).toBe(200);
  const { access } = (await res.json()) as { access: string };
  return { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
}

async function detail(base: string, id: string, headers: Record<string, string>) {
  const res = await fetch(`${base}/api/projects/${id}/detail/`, { headers });
  return ((await res.json()) as { data: TProjectDetail }).data;
}

describe('a worker killed mid-generation', () => {
  it('leaves no page stuck: after a restart every page is written', async () => {
    ai = await startFakeAi({ latencyMs: 5_000 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-crash-'));
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: 'admin-pass-1',
      // The superuser writes with the server's key, through the fake provider.
      OPENROUTER_API_KEY: 'sk-or-server',
      OPENROUTER_BASE_URL: ai.openRouterUrl,
      WORKER_CONCURRENCY: '2',
    };
    const base = `http://127.0.0.1:${port}`;

    const first = spawnServer(env);
    started.push(first);
    await first.url();
    const headers = await signIn(base);
    const created = await fetch(`${base}/api/projects/create/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Crash Test Roofing',
        serviceType: 'Roofing',
        model: 'anthropic/claude-3.7-sonnet',
      }),
    });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;

    // Two pages are being written when the process dies without any chance to clean up.
    await ai.waitForRequests(2, 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    const before = await (async () => {
      const inFlight = ai.requests.filter((r) => r.outcome === 'pending' || r.aborted).length;
      return { inFlight, completions: ai.completions.length };
    })();
    expect(before.inFlight).toBeGreaterThan(0);
    ai.setLatency(0);

    const second = spawnServer(env);
    started.push(second);
    await second.url();
    const again = await signIn(base);
    const deadline = Date.now() + 120_000;
    let state = await detail(base, id, again);
    while (state.status === PROJECT_STATUS.inProgress && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      state = await detail(base, id, again);
    }
    expect(state.status).toBe(PROJECT_STATUS.created);
    expect(state.pages.map((p) => [p.slug, p.status])).toEqual(
      state.pages.map((p) => [p.slug, PAGE_STATUS.completed]),
    );
    // Usage was recorded for the answers the second process received, once each.
    const usage = state.pages.flatMap((p) => p.usage);
    expect(usage).toHaveLength(ai.completions.length - before.completions);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);
});
