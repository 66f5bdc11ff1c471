import { Worker } from 'node:worker_threads';
import type { PageBody, PageRef } from '../site/lean.ts';
import type { RenderAnswer, RenderSetup, RenderTask } from './render-worker.ts';
import type { Rendered } from './site-output.ts';

/** Renders pages on other threads, which write or pack them; see render-worker.ts. */
export type RenderPool = {
  render(file: string, ref: PageRef, body: PageBody): Promise<Rendered>;
  /** Starts the threads now, beside the build's reads, for a build sure to use them. */
  start(): void;
  close(): Promise<void>;
};

const WORKER = new URL('./render-worker.ts', import.meta.url);

export function createRenderPool(setup: RenderSetup, threads: number): RenderPool {
  const waiting = new Map<number, { resolve: (r: Rendered) => void; reject: (e: Error) => void }>();
  let next = 0;
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const pending of waiting.values()) pending.reject(failure);
    waiting.clear();
  };
  // Started with the first page to render: a redeploy that renders nothing (every page
  // remembered) does not pay for threads that would load the renderer and stop unused.
  let started: Worker[] | null = null;
  const workers = () =>
    (started ??= Array.from({ length: Math.max(1, threads) }, () => {
      const worker = new Worker(WORKER, {
        workerData: setup,
        // A render thread's garbage is short-lived page text: a young generation of 8 MB
        // (V8's default is larger) kept the 10,000-city build's peak RSS ~25 MB lower (506 →
        // 480 MB, budget 512) at the same speed (1.9–2.0 s on tmpfs with 4, 8 or the default).
        resourceLimits: { maxYoungGenerationSizeMb: 8 },
      });
      worker.on('message', (answer: RenderAnswer) => {
        const pending = waiting.get(answer.id);
        waiting.delete(answer.id);
        if ('error' in answer) pending?.reject(new Error(answer.error));
        else pending?.resolve(answer);
      });
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (waiting.size) fail(new Error(`a render thread stopped (exit code ${code})`));
      });
      return worker;
    }));

  function send(task: RenderTask): Promise<Rendered> {
    if (failure) return Promise.reject(failure);
    return new Promise<Rendered>((resolve, reject) => {
      waiting.set(task.id, { resolve, reject });
      const all = workers();
      all[task.id % all.length]!.postMessage(task);
    });
  }

  return {
    render: (file, ref, body) => send({ id: next++, file, ref, body }),
    start: () => void workers(),
    async close() {
      await Promise.all((started ?? []).map((w) => w.terminate()));
    },
  };
}
