import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { pageDocument, type PageBody, type SiteFrame } from '../site/page-document.ts';
import type { PageRef } from '../site/paths.ts';
import { packEntry } from '../../lib/zip-writer.ts';
import { sha1, siteFilePath, type Rendered, type RenderTarget } from './site-output.ts';

/**
 * A build's second thread (render-pool.ts): renders pages and, by the build's target, writes
 * each under the build folder or packs it for the build's ZIP (deflating here, beside the
 * database reads of the build's own thread), and answers each one's SHA1 and size.
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
  if (target.kind === 'zip') return { ...answer, packed: packEntry(buffer, target.level) };
  const file = siteFilePath(target.dir, task.file);
  const folder = path.dirname(file);
  if (!made.has(folder)) {
    fs.mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  fs.writeFileSync(file, buffer);
  return answer;
}

parentPort!.on('message', (task: RenderTask) => {
  let answer: RenderAnswer;
  try {
    answer = render(task);
  } catch (error) {
    answer = { id: task.id, error: String((error as Error)?.stack ?? error) };
  }
  // A page's packed bytes are moved, not copied, when they own their memory (a page's Buffer
  // past 4 KB does); a small Buffer is a view of a pool other Buffers share, so it is copied.
  const data = 'packed' in answer ? answer.packed?.data : undefined;
  const own = data && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  parentPort!.postMessage(answer, own ? [data.buffer as ArrayBuffer] : []);
});
