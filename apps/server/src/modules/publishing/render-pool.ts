import { Worker } from 'node:worker_threads';
import type { PageBody } from '../site/page-document.ts';
import type { PageRef } from '../site/paths.ts';
import type { CopyTask, RenderAnswer, RenderSetup, RenderTask } from './render-worker.ts';
import type { Rendered } from './site-output.ts';
import type { PackCopy } from './site-pack.ts';

/** Renders pages on other threads, which write or pack them; see render-worker.ts. */
export type RenderPool = {
  render(file: string, ref: PageRef, body: PageBody): Promise<Rendered>;
  /** A file of a site built ahead, copied out of its pack and written or packed as rendered. */
  copy(file: string, copy: PackCopy): Promise<Rendered>;
  /** Starts the threads now, beside the build's reads, for a build sure to use them. */
  start(): void;
  close(): Promise<void>;
};

const WORKER = new URL('./render-worker.ts', import.meta.url);
const COPY_BATCH = 64;

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
      worker.on('message', (message: RenderAnswer | { answers: RenderAnswer[] }) => {
        for (const answer of 'answers' in message ? message.answers : [message]) {
          const pending = waiting.get(answer.id);
          waiting.delete(answer.id);
          if ('error' in answer) pending?.reject(new Error(answer.error));
          else pending?.resolve(answer);
        }
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

  // Copies go in batches: a copy is a few microseconds of work, less than a message each way
  // costs, and a batch goes into the ZIP in one write. A batch leaves when full, or when this
  // thread next has nothing else to do (the build waits for room, or for the database).
  let batch: CopyTask[] = [];
  let batches = 0;
  const sendBatch = () => {
    if (!batch.length) return;
    const all = workers();
    all[batches++ % all.length]!.postMessage({ batch });
    batch = [];
  };
  function copy(file: string, from: PackCopy): Promise<Rendered> {
    if (failure) return Promise.reject(failure);
    return new Promise<Rendered>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      batch.push({ id, file, copy: from });
      if (batch.length >= COPY_BATCH) sendBatch();
      else if (batch.length === 1) setImmediate(sendBatch);
    });
  }

  return {
    render: (file, ref, body) => send({ id: next++, file, ref, body }),
    copy,
    start: () => void workers(),
    async close() {
      await Promise.all((started ?? []).map((w) => w.terminate()));
    },
  };
}
