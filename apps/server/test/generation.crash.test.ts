import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_STATUS, PROJECT_STATUS } from '@cityforge/shared';
import { QUEUES } from '../src/jobs/boss.ts';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { crashRig, createProject, kill, pageStates, settled, signIn } from './helpers/crash.ts';
import { until } from './helpers/wait.ts';

const rig = crashRig();
let ai: FakeAi | undefined;
afterAll(async () => {
  await rig.close();
  await ai?.close();
});

describe('a worker killed mid-generation', () => {
  it('leaves no page stuck: after a restart every page is written, each billed once', async () => {
    ai = await startFakeAi({ latencyMs: 5_000 });
    const db = await rig.database();
    const env = {
      // The superuser writes with the server's key, through the fake provider.
      OPENROUTER_API_KEY: 'sk-or-server',
      OPENROUTER_BASE_URL: ai.openRouterUrl,
      WORKER_CONCURRENCY: '2',
    };

    const first = await rig.start(db, env);
    const id = await createProject(await signIn(first.base), {
      name: 'Crash Test Roofing',
      serviceType: 'Roofing',
      model: 'anthropic/claude-3.7-sonnet',
    });

    // Two pages are being written when the process dies without any chance to clean up.
    await ai.waitForRequests(2, 30_000);
    await kill(first);
    // The fake marks a call cut when it sees the socket close, which can come after the exit.
    const unanswered = () =>
      ai!.requests.filter((r) => !ai!.completions.some((c) => c.requestId === r.id));
    const cut = await until(
      async () => unanswered(),
      (calls) => calls.length > 0 && calls.every((r) => r.aborted),
      'the calls in flight to be cut',
      10_000,
    );
    expect(cut.length).toBeGreaterThan(0);
    const answeredBefore = ai.completions.length;
    ai.setLatency(0);

    // The same port, so the restarted server is where the first one was.
    const second = await rig.start(db, { ...env, PORT: new URL(first.base).port });
    const state = await settled(await signIn(second.base), id);
    expect(state.status).toBe(PROJECT_STATUS.created);
    const pages = pageStates(state);
    expect(pages.map((p) => [p.name, p.status])).toEqual(
      pages.map((p) => [p.name, PAGE_STATUS.completed]),
    );
    // Nothing was answered before the kill, so every page is one answer of the second
    // process, billed once: a page written twice would show two usage rows.
    expect(answeredBefore).toBe(0);
    expect(pages.map((p) => p.usage)).toEqual(pages.map(() => 1));
    expect(ai.completions).toHaveLength(pages.length);

    expect(await second.stop()).toBe(0);
    // The database itself, read after the server let go of it: one usage row per page.
    const rows = await db.query<{ n: number }>(
      'select count(*)::int as n from ai_usage where project_id = $1',
      [id],
    );
    expect(rows[0]!.n).toBe(pages.length);
  }, 600_000);

  it('sends again the jobs of pages a dead process queued but never sent, and settles what it left', async () => {
    const fake = await startFakeAi();
    const db = await rig.database();
    const env = { OPENROUTER_API_KEY: 'sk-or-server', OPENROUTER_BASE_URL: fake.openRouterUrl };
    try {
      // An API process queues the pages; no worker runs, so their jobs wait in the queue.
      const api = await rig.start(db, { ...env, ROLE: 'api' });
      const id = await createProject(await signIn(api.base), {
        name: 'Lost Jobs Roofing',
        serviceType: 'Roofing',
        model: 'anthropic/claude-3.7-sonnet',
      });
      await kill(api);
      // What a crash between the commit that queued the pages and the insert of their jobs
      // leaves, some minutes ago: queued pages, no job for any of them.
      const lost = await db.query(
        `delete from pgboss.job where name = '${QUEUES.generatePage}' returning id`,
      );
      const queued = await db.query(
        "update pages set updated_at = now() - interval '10 minutes' where project_id = $1 and status = 'queued' returning id",
        [id],
      );
      expect(lost.length).toBeGreaterThan(0);
      expect(queued).toHaveLength(lost.length);

      const second = await rig.start(db, env);
      const state = await settled(await signIn(second.base), id);
      expect(state.status).toBe(PROJECT_STATUS.created);
      const pages = pageStates(state);
      expect(pages.map((p) => [p.name, p.status, p.usage])).toEqual(
        pages.map((p) => [p.name, PAGE_STATUS.completed, 1]),
      );
      expect(fake.completions).toHaveLength(pages.length);
      expect(await second.stop()).toBe(0);

      // Killed between the last page's write and the project's settling: still In progress.
      await db.query("update projects set status = 'In progress' where id = $1", [id]);
      const third = await rig.start(db, env);
      const project = await signIn(third.base).then((a) =>
        a.get<{ data: { status: string } }>(`/api/projects/${id}/`),
      );
      expect(project.body.data.status).toBe(PROJECT_STATUS.created);
      expect(fake.completions).toHaveLength(pages.length);
    } finally {
      await fake.close();
    }
  }, 600_000);
});
