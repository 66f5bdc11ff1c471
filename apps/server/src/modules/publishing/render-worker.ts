import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { pageDocument, type PageBody, type SiteFrame } from '../site/page-document.ts';
import type { PageRef } from '../site/paths.ts';
import { sha1, siteFilePath } from './site-output.ts';

/**
 * A build's second thread (render-pool.ts): renders pages, writes them under the build folder
 * and answers each one's SHA1 and size, while the build's own thread reads the database.
 */
export type RenderSetup = { dir: string; frame: SiteFrame };
export type RenderTask = { id: number; file: string; ref: PageRef; body: PageBody };
export type RenderAnswer =
  { id: number; sha: string; bytes: number } | { id: number; error: string };

const { dir, frame } = workerData as RenderSetup;
const made = new Set<string>();

// Writes are synchronous here: they block only this thread, and one call per file costs less
// than the three round trips (open, write, close) of an asynchronous write.
function render(task: RenderTask): RenderAnswer {
  const buffer = Buffer.from(pageDocument(frame, task.ref, task.body), 'utf8');
  const target = siteFilePath(dir, task.file);
  const folder = path.dirname(target);
  if (!made.has(folder)) {
    fs.mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  fs.writeFileSync(target, buffer);
  return { id: task.id, sha: sha1(buffer), bytes: buffer.length };
}

parentPort!.on('message', (task: RenderTask) => {
  let answer: RenderAnswer;
  try {
    answer = render(task);
  } catch (error) {
    answer = { id: task.id, error: String((error as Error)?.stack ?? error) };
  }
  parentPort!.postMessage(answer);
});
