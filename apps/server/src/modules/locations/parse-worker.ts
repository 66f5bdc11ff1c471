import { serveJobs } from '../../lib/child-job.ts';
import { LocationsFileError, parseLocationsFile, type Limits } from './spreadsheet.ts';

/** What the upload's parse thread is given, and what it answers per file. */
export type ParseJob = {
  files: Array<{ filename: string; mimetype?: string; data: Uint8Array }>;
  limits?: Partial<Limits>;
};
export type ParseAnswer =
  | { ok: ReturnType<typeof parseLocationsFile> }
  | { refused: { code: LocationsFileError['code']; message: string } };

function parse(job: ParseJob): ParseAnswer[] {
  const answers: ParseAnswer[] = [];
  for (const file of job.files) {
    const data = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
    try {
      answers.push({ ok: parseLocationsFile({ ...file, data }, job.limits) });
    } catch (error) {
      if (!(error instanceof LocationsFileError)) throw error;
      answers.push({ refused: { code: error.code, message: error.message } });
      // The upload is refused whole at its first refused file: the rest need no reading.
      break;
    }
  }
  return answers;
}

// Runs in a child process of its own (see parse-off-thread.ts): SheetJS reading a 10 MB sheet
// holds its thread for seconds, which must never be the thread that answers HTTP.
serveJobs(parse);
