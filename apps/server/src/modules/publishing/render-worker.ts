import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { pageDocument, type PageBody, type SiteFrame } from '../site/page-document.ts';
import type { PageRef } from '../site/paths.ts';
import { writeNextSync } from '../../lib/file-slots.ts';
import { packEntry, placeEntrySync, zipRecord } from '../../lib/zip-writer.ts';
import {
  sha1,
  siteFilePath,
  zipEntryName,
  type Rendered,
  type RenderTarget,
} from './site-output.ts';
import { createPackReader, type PackCopy } from './site-pack.ts';

/**
 * A build's second thread (render-pool.ts): renders pages (or copies them out of a site built
 * ahead) and, by the build's target, writes each under the build folder, or packs it (deflating
 * here, beside the database reads of the build's own thread) and writes it into the build's ZIP
 * or pack where the shared cursor puts it; answers each one's SHA1, size and place.
 */
export type RenderSetup = { target: RenderTarget; frame: SiteFrame };
export type RenderTask = { id: number; file: string } & (
  | { ref: PageRef; body: PageBody }
  // A file of a site built ahead, copied out of its pack (site-pack.ts) instead of rendered.
  | { copy: PackCopy }
);
export type RenderAnswer = ({ id: number } & Rendered) | { id: number; error: string };
export type CopyTask = { id: number; file: string; copy: PackCopy };

const { target, frame } = workerData as RenderSetup;
const made = new Set<string>();
const readPack = createPackReader();

// Writes are synchronous here: they block only this thread, and one call per file costs less
// than the three round trips (open, write, close) of an asynchronous write.
function render(task: RenderTask): RenderAnswer {
  const buffer =
    'copy' in task
      ? readPack(task.copy)
      : Buffer.from(pageDocument(frame, task.ref, task.body), 'utf8');
  const answer = { id: task.id, sha: sha1(buffer), bytes: buffer.length };
  if (target.kind === 'zip') {
    const entry = packEntry(buffer, target.level);
    return { ...answer, zip: placeEntrySync(target.slots, zipEntryName(task.file), entry) };
  }
  if (target.kind === 'pack') return { ...answer, packedAt: writeNextSync(target.slots, buffer) };
  const file = siteFilePath(target.dir, task.file);
  const folder = path.dirname(file);
  if (!made.has(folder)) {
    fs.mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  fs.writeFileSync(file, buffer);
  return answer;
}

/**
 * Copies out of a pack, written into the build's ZIP or pack in one call (one place taken for
 * the whole batch), or each into the build folder.
 */
function copyBatch(tasks: CopyTask[]): RenderAnswer[] {
  if (target.kind === 'files') return tasks.map(answerOf);
  const parts: Buffer[] = [];
  // Each copy's answer, once the batch's place in the file is known.
  const answers: Array<(base: number) => RenderAnswer> = [];
  let length = 0;
  for (const task of tasks) {
    // Kept until the batch is written: its own memory, not a view of the reader's window.
    const body = readPack(task.copy, true);
    const answer = { id: task.id, sha: sha1(body), bytes: body.length };
    const at = length;
    if (target.kind === 'zip') {
      const record = zipRecord(zipEntryName(task.file), packEntry(body, target.level));
      answers.push((base) => ({ ...answer, zip: record.spot(base + at) }));
      parts.push(...record.parts);
      length += record.length;
    } else {
      answers.push((base) => ({ ...answer, packedAt: base + at }));
      parts.push(body);
      length += body.length;
    }
  }
  const base = writeNextSync(target.slots, ...parts);
  return answers.map((answer) => answer(base));
}

function answerOf(task: RenderTask): RenderAnswer {
  try {
    return render(task);
  } catch (error) {
    return { id: task.id, error: String((error as Error)?.stack ?? error) };
  }
}

parentPort!.on('message', (message: RenderTask | { batch: CopyTask[] }) => {
  if (!('batch' in message)) return parentPort!.postMessage(answerOf(message));
  let answers: RenderAnswer[];
  try {
    answers = copyBatch(message.batch);
  } catch (error) {
    const reason = String((error as Error)?.stack ?? error);
    answers = message.batch.map((task) => ({ id: task.id, error: reason }));
  }
  parentPort!.postMessage({ answers });
});
