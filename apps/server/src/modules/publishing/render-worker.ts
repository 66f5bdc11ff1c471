import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { pageDocument, type PageBody, type SiteFrame } from '../site/lean.ts';
import type { PageRef } from '../site/lean.ts';
import { packEntry, placeEntrySync } from '../../lib/zip-writer.ts';
import {
  sha1,
  siteFilePath,
  zipEntryName,
  type Rendered,
  type RenderTarget,
} from './site-output.ts';

/**
 * A build's second thread (render-pool.ts): renders pages and, by the build's target, writes
 * each under the build folder, or packs it (deflating here, beside the database reads of the
 * build's own thread) and writes it into the build's ZIP where the shared cursor puts it;
 * answers each one's SHA1, size and place.
 */
export type RenderSetup = { target: RenderTarget; frame: SiteFrame };
export type RenderTask = { id: number; file: string; ref: PageRef; body: PageBody };
export type RenderAnswer = ({ id: number } & Rendered) | { id: number; error: string };

const { target, frame } = workerData as RenderSetup;
const made = new Set<string>();

// Writes are synchronous here: they block only this thread, and one call per file costs less
// than the three round trips (open, write, close) of an asynchronous write.
function render(task: RenderTask): RenderAnswer {
  const buffer = Buffer.from(pageDocument(frame, task.ref, task.body), 'utf8');
  const answer = { id: task.id, sha: sha1(buffer), bytes: buffer.length };
  if (target.kind === 'zip') {
    const entry = packEntry(buffer, target.level);
    return { ...answer, zip: placeEntrySync(target.slots, zipEntryName(task.file), entry) };
  }
  const file = siteFilePath(target.dir, task.file);
  const folder = path.dirname(file);
  if (!made.has(folder)) {
    fs.mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  fs.writeFileSync(file, buffer);
  return answer;
}

function answerOf(task: RenderTask): RenderAnswer {
  try {
    return render(task);
  } catch (error) {
    return { id: task.id, error: String((error as Error)?.stack ?? error) };
  }
}

parentPort!.on('message', (task: RenderTask) => parentPort!.postMessage(answerOf(task)));
