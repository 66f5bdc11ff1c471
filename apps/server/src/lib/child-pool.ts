import { fork, type ChildProcess } from 'node:child_process';
import { createSlots, type WaitOptions } from './slots.ts';

/** How long and how much memory one job may take before its process is stopped. */
export type ChildBudget = { timeoutMs: number; memoryMb: number };

/**
 * The calls a child may make during its job (reads from the database it cannot open), by name:
 * the parent answers these and refuses every other name.
 */
export type ChildCalls = Readonly<Record<string, (...args: unknown[]) => Promise<unknown>>>;

/**
 * What every child's environment holds: where programs are, Node's own options, and what
 * keeps its output the same as the parent's (time zone, locale). Nothing else of the parent's
 * (APP_SECRET, database, storage, Stripe and provider keys) reaches a child; a pool names any
 * further variable its children need (`env`).
 */
const CHILD_ENV = ['PATH', 'NODE_OPTIONS', 'TZ', 'LANG', 'LC_ALL'];

export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of CHILD_ENV) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

/** What travels on the channel; see child-job.ts for the child's side. */
export type ToParent =
  | { answer: unknown }
  | { failed: string; code?: string }
  | { call: { id: number; method: string; args: unknown[] } };
export type ToChild = { job: unknown } | { reply: { id: number; value?: unknown; error?: string } };

/** A job failure the child reported, with the AppError code it had, if any. */
export class ChildJobError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

type PoolOptions = {
  workerPath: string;
  budget: ChildBudget;
  /** Processes per API process; further jobs wait their turn. */
  processes: number;
  tooSlow: () => Error;
  tooBig: () => Error;
  /** A job that waited `maxWaitMs` for a process is refused with this. */
  busy?: () => Error;
  /** Named in the error of a process that stopped for another reason. */
  label: string;
  /** Variables the children need besides childEnv's own, named one by one. */
  env?: Record<string, string>;
};

/**
 * Warm child processes, kept between jobs (starting one loads its modules again, about a
 * second on a busy machine) and replaced when one is stopped. Processes rather than worker
 * threads: a worker thread that reaches its heap cap can still abort the whole API process
 * (V8 gives up inside a garbage collection); a child process over `--max-old-space-size`
 * takes only itself down. Idle ones do not keep the server running.
 */
export function createChildPool<Job, Answer>(opts: PoolOptions) {
  const { budget } = opts;
  const idle: ChildProcess[] = [];
  const turns = createSlots(opts.processes);

  const spawn = () => {
    const child = fork(opts.workerPath, [], {
      execArgv: [`--max-old-space-size=${budget.memoryMb}`],
      env: childEnv(opts.env),
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    // One that goes away while idle is simply not used again; a write to one that is gone
    // fails with EPIPE, which must not reach the API process as an unhandled 'error'.
    child.on('error', () => {});
    child.once('exit', () => {
      const at = idle.indexOf(child);
      if (at >= 0) idle.splice(at, 1);
    });
    return child;
  };
  const park = (child: ChildProcess) => {
    child.unref();
    child.channel?.unref();
    idle.push(child);
  };

  function runOn(
    child: ChildProcess,
    job: Job,
    calls: ChildCalls,
    signal?: AbortSignal,
  ): Promise<Answer> {
    child.ref();
    child.channel?.ref();
    return new Promise((resolve, reject) => {
      const done = (keep: boolean, settle: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        child.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (keep) park(child);
        else child.kill('SIGKILL');
        settle();
      };
      // A reply to a read can come after the child was stopped: a failed send is not news
      // (the job is settled by then), and unhandled it would be an 'error' that ends the API.
      const send = (message: ToChild) => {
        if (child.connected) child.send(message, () => {});
      };
      const answerCall = ({
        id,
        method,
        args,
      }: {
        id: number;
        method: string;
        args: unknown[];
      }) => {
        // Own names only: "constructor", "__proto__" and the like are not calls.
        const answer = Object.hasOwn(calls, method) ? calls[method] : undefined;
        if (!answer) return send({ reply: { id, error: `the parent does not answer ${method}` } });
        answer(...(Array.isArray(args) ? args : [])).then(
          (value) => send({ reply: { id, value } }),
          (error: unknown) => send({ reply: { id, error: String(error) } }),
        );
      };
      const onMessage = (message: ToParent) => {
        if ('call' in message) return answerCall(message.call);
        done(true, () =>
          'answer' in message
            ? resolve(message.answer as Answer)
            : reject(new ChildJobError(message.failed, message.code)),
        );
      };
      const onError = (error: Error) => done(false, () => reject(error));
      // V8 aborts a process over its heap cap (SIGABRT); anything else is a plain failure.
      const onExit = (code: number | null, signal: string | null) =>
        done(false, () =>
          reject(
            signal === 'SIGABRT' || code === 134
              ? opts.tooBig()
              : new Error(`the ${opts.label} process stopped (${signal ?? code})`),
          ),
        );
      const timer = setTimeout(() => done(false, () => reject(opts.tooSlow())), budget.timeoutMs);
      // Nobody waits for the answer any more (a download whose client left): the process stops.
      const onAbort = () => done(false, () => reject(signal!.reason));
      signal?.addEventListener('abort', onAbort, { once: true });
      child.on('message', onMessage).on('error', onError).on('exit', onExit);
      send({ job });
    });
  }

  /**
   * Runs `job` on a process once one is free. `wait.maxWaitMs` bounds the wait for one (then
   * `busy`); `wait.signal` gives up waiting, or stops the job's process.
   */
  return async function run(
    job: Job,
    calls: ChildCalls = {},
    wait: WaitOptions = {},
  ): Promise<Answer> {
    const release = await turns.take('', { ...wait, tooLong: opts.busy });
    try {
      wait.signal?.throwIfAborted();
      return await runOn(idle.pop() ?? spawn(), job, calls, wait.signal);
    } finally {
      release();
    }
  };
}
