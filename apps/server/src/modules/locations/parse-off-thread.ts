import { fileURLToPath } from 'node:url';
import { createChildPool, type ChildBudget } from '../../lib/child-pool.ts';
import { AppError } from '../../lib/errors.ts';
import type { ParseAnswer, ParseJob } from './parse-worker.ts';
import type { LocationsFile, Limits } from './spreadsheet.ts';

/** How long and how much memory one upload's parse may take before it is stopped. */
export type ParseBudget = ChildBudget;

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

// SheetJS holds a whole sheet as cell objects: each parse runs in a process of its own with a
// heap cap and a deadline (see lib/child-pool.ts for why processes, not worker threads).
const createParsePool = (budget: ParseBudget) =>
  createChildPool<ParseJob, ParseAnswer[]>({
    workerPath: WORKER_PATH,
    budget,
    processes: PROCESSES,
    tooSlow,
    tooBig,
    label: "upload's parse",
  });

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
