import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import type { ParseAnswer, ParseJob } from './parse-worker.ts';
import type { LocationsFile, Limits } from './spreadsheet.ts';

/** How long and how much memory one upload's parse may take before it is stopped. */
export type ParseBudget = { timeoutMs: number; memoryMb: number };

// The defaults of UPLOAD_PARSE_TIMEOUT_SECONDS and UPLOAD_PARSE_MEMORY_MB: a 30,000-row sheet
// parses in well under a second, so a minute means something is wrong; SheetJS holds a whole
// sheet as cell objects, a few hundred MB for the largest allowed file.
export const DEFAULT_PARSE_BUDGET: Readonly<ParseBudget> = { timeoutMs: 60_000, memoryMb: 768 };

/** Parse threads per process; further uploads wait their turn (users hold 2 uploads at most). */
const THREADS = 2;

const refuse = (message: string) => new AppError('payload_too_large', message, { file: [message] });
const tooSlow = () =>
  refuse('The file took too long to read. Split it into smaller files and upload them together.');
const tooBig = () =>
  refuse(
    'The file needs more memory to read than an upload may use. Split it into smaller files and upload them together.',
  );

const WORKER_URL = new URL('./parse-worker.ts', import.meta.url);
type Reply = { answers: ParseAnswer[] } | { failed: string };

/**
 * Warm parse threads, kept between uploads (starting one loads SheetJS again, about a second on
 * a busy machine) and replaced when one is stopped. Idle threads do not keep the process alive.
 */
function createParsePool(budget: ParseBudget) {
  const idle: Worker[] = [];
  let running = 0;
  const waiting: Array<() => void> = [];

  const spawn = () => {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb, maxYoungGenerationSizeMb: 64 },
    });
    worker.unref();
    return worker;
  };

  function runOn(worker: Worker, job: ParseJob): Promise<ParseAnswer[]> {
    return new Promise((resolve, reject) => {
      const done = (keep: boolean, settle: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (keep) idle.push(worker);
        else void worker.terminate();
        settle();
      };
      const onMessage = (reply: Reply) =>
        done(true, () =>
          'answers' in reply ? resolve(reply.answers) : reject(new Error(reply.failed)),
        );
      const onError = (error: Error & { code?: string }) =>
        done(false, () => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooBig() : error));
      const onExit = (code: number) =>
        done(false, () => reject(new Error(`the upload's parse thread stopped (exit ${code})`)));
      const timer = setTimeout(() => done(false, () => reject(tooSlow())), budget.timeoutMs);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage(job);
    });
  }

  return async function parse(job: ParseJob): Promise<ParseAnswer[]> {
    if (running >= THREADS) await new Promise<void>((r) => waiting.push(r));
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
 * Parses the upload's files off the API thread, in a thread with a memory cap and a deadline;
 * a thread over either is terminated and the upload refused with a message that says what to do.
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
