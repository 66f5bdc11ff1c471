import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { parseLocationsFile } from '../apps/server/src/modules/locations/spreadsheet.ts';
import { resolveLocations } from '../apps/server/src/modules/locations/geography.ts';
import { getGeoIndex } from '../apps/server/src/modules/locations/geography-index.ts';

/**
 * Runs in a fresh worker thread (its own module instances). The geography index is built
 * first and timed on its own (the server builds it once at boot); then the first upload is
 * cold for SheetJS and the resolver. Module loading itself is not timed, as the server has
 * its modules loaded long before the first upload.
 */

export type UploadJob = { filename: string; data: Uint8Array; warmRuns: number };
export type UploadTiming = { parseMs: number; resolveMs: number };
export type UploadReport = {
  index: { ms: number; heapMb: number; places: number; zips: number };
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
// A collection before each reading, so the index's heap is what it keeps, not its garbage.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
gc();
const heapBefore = process.memoryUsage().heapUsed;
const indexStarted = performance.now();
const geo = getGeoIndex();
const indexMs = performance.now() - indexStarted;
gc();
const index = {
  ms: indexMs,
  heapMb: (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20,
  places: geo.places.length,
  zips: geo.byZip.size,
};
const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
const first = once(job.filename, data);
const warm: UploadTiming[] = [];
for (let i = 0; i < job.warmRuns; i++) warm.push(once(job.filename, data).timing);
const { parsed, resolved } = first;
parentPort!.postMessage({
  index,
  cold: first.timing,
  warm,
  dataRows: parsed.rows.length + parsed.issues.length,
  parseIssues: parsed.issues.length,
  resolveIssues: resolved.issues.length,
  cities: resolved.cities.length,
  resolvedRows: resolved.cities.reduce((n, c) => n + c.lines.length, 0),
  merged: resolved.merged,
} satisfies UploadReport);
