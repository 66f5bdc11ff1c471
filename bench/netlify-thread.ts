import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { startFakeNetlify, type FakeNetlifyOptions } from '@cityforge/fakes/netlify';

/**
 * The Netlify fake on a thread of its own, for the publish bench. Netlify is remote: answering
 * 13,000 uploads (parsing them, checking each SHA1, keeping the bytes) is not the deploying
 * process's work. In the bench's own thread it ran on the app's event loop and heap, while the
 * netlify-cli peer, a process of its own, had it on the other side. Now both deploy to a fake
 * that runs beside them.
 */
type Ask =
  | { op: 'uploadCount' }
  | { op: 'uploads'; from: number }
  | { op: 'site'; host: string }
  | { op: 'publishedCount'; siteId: string }
  | { op: 'close' };
type Asked = Ask & { id: number };

export type NetlifyThread = {
  url: string;
  uploadCount(): Promise<number>;
  /** The files Netlify received since the `from`-th: by their own PUT, or in a deploy's ZIP. */
  uploads(from: number): Promise<Array<{ path: string; via: 'put' | 'zip' }>>;
  site(host: string): Promise<{ id: string; publishedDeployId: string | null } | null>;
  publishedCount(siteId: string): Promise<number>;
  close(): Promise<void>;
};

export async function startNetlifyThread(options: FakeNetlifyOptions): Promise<NetlifyThread> {
  const worker = new Worker(new URL(import.meta.url), { workerData: options });
  const pending = new Map<number, (value: unknown) => void>();
  let next = 0;
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message: { url: string }) => resolve(message.url));
    worker.once('error', reject);
  });
  worker.on('message', (message: { id: number; value: unknown }) => {
    pending.get(message.id)?.(message.value);
    pending.delete(message.id);
  });
  const ask = <T>(question: Ask) =>
    new Promise<T>((resolve) => {
      const id = next++;
      pending.set(id, resolve as (value: unknown) => void);
      worker.postMessage({ ...question, id } satisfies Asked);
    });
  return {
    url,
    uploadCount: () => ask({ op: 'uploadCount' }),
    uploads: (from) => ask({ op: 'uploads', from }),
    site: (host) => ask({ op: 'site', host }),
    publishedCount: (siteId) => ask({ op: 'publishedCount', siteId }),
    async close() {
      await ask({ op: 'close' });
      await worker.terminate();
    },
  };
}

if (!isMainThread) {
  const netlify = await startFakeNetlify(workerData as FakeNetlifyOptions);
  const answer = async (question: Asked): Promise<unknown> => {
    switch (question.op) {
      case 'uploadCount':
        return netlify.uploads.length;
      case 'uploads':
        return netlify.uploads.slice(question.from).map((u) => ({ path: u.path, via: u.via }));
      case 'site': {
        const site = netlify.findSite(question.host);
        return site ? { id: site.id, publishedDeployId: site.publishedDeployId } : null;
      }
      case 'publishedCount':
        return netlify.publishedFiles(question.siteId).size;
      case 'close':
        await netlify.close();
        return null;
    }
  };
  parentPort!.on('message', (question: Asked) => {
    void answer(question).then((value) => parentPort!.postMessage({ id: question.id, value }));
  });
  parentPort!.postMessage({ url: netlify.url });
}
