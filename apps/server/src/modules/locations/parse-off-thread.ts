import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../lib/errors.ts';
import type { ParseAnswer, ParseJob } from './parse-worker.ts';
import type { LocationsFile, Limits } from './spreadsheet.ts';

/** How long and how much memory one upload's parse may take before it is stopped. */
export type ParseBudget = { timeoutMs: number; memoryMb: number };

// The defaults of UPLOAD_PARSE_TIMEOUT_SECONDS and UPLOAD_PARSE_MEMORY_MB: a 30,000-row sheet
// parses in well under a second, so a minute means something is wrong; SheetJS holds a whole
// sheet as cell objects, a few hundred MB for the largest allowed file.
export const DEFAULT_PARSE_BUDGET: Readonly<ParseBudget> = { timeoutMs: 60_000, memoryMb: 768 };

/** Parse processes per API process; further uploads wait their turn (a user holds 2 at most). */
const PROCESSES = 2;

const refuse = (message: string) => new AppError('payload_too_large', message, { file: [message] });
const tooSlow = () =>
  refuse('The file took too long to read. Split it into smaller files and upload them together.');
const tooBig = () =>
  refuse(
    'The file needs more memory to read than an upload may use. Split it into smaller files and upload them together.',
  );

const WORKER_PATH = fileURLToPath(new URL('./parse-worker.ts', import.meta.url));
type Reply = { answers: ParseAnswer[] } | { failed: string };

/**
 * Warm parse processes, kept between uploads (starting one loads SheetJS again, about a second
 * on a busy machine) and replaced when one is stopped. Processes rather than worker threads:
 * a worker thread that reaches its heap cap can still abort the whole API process (V8 gives up
 * inside a garbage collection); a child process over `--max-old-space-size` takes only itself
 * down. Idle ones do not keep the server running.
 */
function createParsePool(budget: ParseBudget) {
  const idle: ChildProcess[] = [];
  let running = 0;
  const waiting: Array<() => void> = [];

  const spawn = () => {
    const child = fork(WORKER_PATH, [], {
      execArgv: [`--max-old-space-size=${budget.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    // One that goes away while idle is simply not used again.
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

  function runOn(child: ChildProcess, job: ParseJob): Promise<ParseAnswer[]> {
    child.ref();
    child.channel?.ref();
    return new Promise((resolve, reject) => {
      const done = (keep: boolean, settle: () => void) => {
        clearTimeout(timer);
        child.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (keep) park(child);
        else child.kill('SIGKILL');
        settle();
      };
      const onMessage = (reply: Reply) =>
        done(true, () =>
          'answers' in reply ? resolve(reply.answers) : reject(new Error(reply.failed)),
        );
      const onError = (error: Error) => done(false, () => reject(error));
      // V8 aborts a process over its heap cap (SIGABRT); anything else is a plain failure.
      const onExit = (code: number | null, signal: string | null) =>
        done(false, () =>
          reject(
            signal === 'SIGABRT' || code === 134
              ? tooBig()
              : new Error(`the upload's parse process stopped (${signal ?? code})`),
          ),
        );
      const timer = setTimeout(() => done(false, () => reject(tooSlow())), budget.timeoutMs);
      child.on('message', onMessage).on('error', onError).on('exit', onExit);
      child.send(job);
    });
  }

  return async function parse(job: ParseJob): Promise<ParseAnswer[]> {
    if (running >= PROCESSES) await new Promise<void>((r) => waiting.push(r));
    else running += 1;
    try {
      return await runOn(idle.pop() ?? spawn(), job);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const pools = new Map<string, ReturnType<typeof createParsePool>>();

/**
 * Parses the upload's files off the API thread, in a process with a memory cap and a deadline;
 * one over either is stopped and the upload refused with a message that says what to do.
 */
export function parseOffThread(
  files: LocationsFile[],
  limits: Partial<Limits> | undefined,
  budget: ParseBudget = DEFAULT_PARSE_BUDGET,
): Promise<ParseAnswer[]> {
  const key = `${budget.timeoutMs}/${budget.memoryMb}`;
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = createParsePool(budget)));
  return pool({
    files: files.map((f) => ({
      filename: f.filename,
      ...(f.mimetype ? { mimetype: f.mimetype } : {}),
      data: f.data,
    })),
    ...(limits ? { limits } : {}),
  });
}
