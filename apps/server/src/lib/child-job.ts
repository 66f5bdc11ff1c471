import type { ToChild, ToParent } from './child-pool.ts';

/** Asks the parent to run `method` (a read it can do and this process cannot). */
export type CallParent = (method: string, args: unknown[]) => Promise<unknown>;

/**
 * The child's side of child-pool.ts: runs one job at a time with `handle`, answers its result
 * or its failure (with an AppError's code, so the parent can answer the user the same way),
 * and lets the job ask the parent for data while it runs. Does nothing outside a forked process.
 */
export function serveJobs<Job, Answer>(
  handle: (job: Job, call: CallParent) => Promise<Answer> | Answer,
): void {
  if (!process.send) return;
  const send = (message: ToParent) => process.send!(message);
  let next = 0;
  const calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const call: CallParent = (method, args) =>
    new Promise((resolve, reject) => {
      const id = (next += 1);
      calls.set(id, { resolve, reject });
      send({ call: { id, method, args } });
    });

  process.on('message', (message: ToChild) => {
    if ('reply' in message) {
      const { id, value, error } = message.reply;
      const waiting = calls.get(id);
      calls.delete(id);
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(value);
      return;
    }
    Promise.resolve()
      .then(() => handle(message.job as Job, call))
      .then(
        (answer) => send({ answer }),
        (error: unknown) => {
          const code = (error as { code?: unknown } | null)?.code;
          send({
            failed: error instanceof Error ? error.message : String(error),
            ...(typeof code === 'string' ? { code } : {}),
          });
        },
      );
  });
}
