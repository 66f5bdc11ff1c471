import { parentPort, workerData } from 'node:worker_threads';
import { parseLocationsFile } from '../apps/server/src/modules/locations/spreadsheet.ts';
import { resolveLocations } from '../apps/server/src/modules/locations/geography.ts';

/**
 * Runs in a fresh worker thread (its own module instances), so the first call below is truly
 * cold: the GeoNames index is not built yet and SheetJS has not run. Module loading itself is
 * not timed, as the server has its modules loaded long before the first upload.
 */

export type UploadJob = { filename: string; data: Uint8Array; warmRuns: number };
export type UploadTiming = { parseMs: number; resolveMs: number };
export type UploadReport = {
  cold: UploadTiming;
  warm: UploadTiming[];
  dataRows: number;
  parseIssues: number;
  resolveIssues: number;
  cities: number;
  resolvedRows: number;
  merged: number;
};

function once(filename: string, data: Buffer) {
  const started = performance.now();
  const parsed = parseLocationsFile({ filename, data });
  const parsedAt = performance.now();
  const resolved = resolveLocations(parsed.rows);
  const timing: UploadTiming = {
    parseMs: parsedAt - started,
    resolveMs: performance.now() - parsedAt,
  };
  return { parsed, resolved, timing };
}

const job = workerData as UploadJob;
const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
const first = once(job.filename, data);
const warm: UploadTiming[] = [];
for (let i = 0; i < job.warmRuns; i++) warm.push(once(job.filename, data).timing);
const { parsed, resolved } = first;
parentPort!.postMessage({
  cold: first.timing,
  warm,
  dataRows: parsed.rows.length + parsed.issues.length,
  parseIssues: parsed.issues.length,
  resolveIssues: resolved.issues.length,
  cities: resolved.cities.length,
  resolvedRows: resolved.cities.reduce((n, c) => n + c.lines.length, 0),
  merged: resolved.merged,
} satisfies UploadReport);
