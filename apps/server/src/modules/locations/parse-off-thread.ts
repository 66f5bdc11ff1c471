import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/errors.ts';
import type { ParseAnswer, ParseJob } from './parse-worker.ts';
import type { LocationsFile, Limits } from './spreadsheet.ts';

/** How long and how much memory one upload's parse may take before it is stopped. */
export type ParseBudget = { timeoutMs: number; memoryMb: number };

export const DEFAULT_PARSE_BUDGET: Readonly<ParseBudget> = {
  // A 30,000-row sheet parses in well under a second; a minute means something is wrong.
  timeoutMs: 60_000,
  // SheetJS holds a whole sheet as cell objects: a few hundred MB for the largest allowed file.
  memoryMb: 768,
};

const refuse = (message: string) => new AppError('payload_too_large', message, { file: [message] });
const tooSlow = () =>
  refuse('The file took too long to read. Split it into smaller files and upload them together.');
const tooBig = () =>
  refuse(
    'The file needs more memory to read than an upload may use. Split it into smaller files and upload them together.',
  );

const WORKER_URL = new URL('./parse-worker.ts', import.meta.url);

/**
 * Parses the upload's files in a worker thread of its own with a memory cap and a deadline, so
 * the API thread keeps answering while a large sheet is read; a worker over either limit is
 * terminated and the upload refused with a message that says what to do.
 */
export function parseOffThread(
  files: LocationsFile[],
  limits: Partial<Limits> | undefined,
  budget: ParseBudget = DEFAULT_PARSE_BUDGET,
): Promise<ParseAnswer[]> {
  const job: ParseJob = {
    files: files.map((f) => ({
      filename: f.filename,
      ...(f.mimetype ? { mimetype: f.mimetype } : {}),
      data: f.data,
    })),
    ...(limits ? { limits } : {}),
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb, maxYoungGenerationSizeMb: 64 },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(tooSlow())), budget.timeoutMs);
    worker.once('message', (answers: ParseAnswer[]) => finish(() => resolve(answers)));
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooBig() : error)),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`the upload's parse thread stopped (exit ${code})`))),
    );
  });
}
