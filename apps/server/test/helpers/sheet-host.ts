import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { trustTestCa } from './photo-host.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/photo-host');
const read = (file: string) => fs.readFileSync(path.join(FIXTURES, file), 'utf8');

export type SheetHost = {
  /** https://127.0.0.1:{port}{path}; `host` names this machine otherwise (localhost). */
  url(path: string, host?: string): string;
  /** What a path answers from now on (a client's file, edited between syncs; or a refusal). */
  serve(path: string, body: string | Buffer, type?: string, status?: number): void;
  /**
   * The next request for a file waits until released: `arrived` resolves once it is being
   * answered, so a test knows a sync is mid-read without timing anything.
   */
  hold(): { arrived: Promise<void>; release(): void };
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
};

/** A client's server publishing a sheet over https (the test CA of fixtures/photo-host). */
export async function startSheetHost(): Promise<SheetHost> {
  trustTestCa();
  const files = new Map<string, { body: string | Buffer; type: string; status: number }>();
  const requests: string[] = [];
  let held: { arrive(): void; released: Promise<void> } | null = null;
  const server = https.createServer(
    { key: read('key.pem'), cert: read('cert.pem') },
    async (req, res) => {
      const url = req.url ?? '/';
      requests.push(url);
      const wait = held;
      held = null;
      if (wait) {
        wait.arrive();
        await wait.released;
      }
      const file = files.get(url);
      if (!file) return res.writeHead(404).end();
      res.writeHead(file.status, { 'content-type': file.type }).end(file.body);
    },
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (p, host = '127.0.0.1') => `https://${host}:${port}${p}`,
    serve: (p, body, type = 'text/csv; charset=utf-8', status = 200) =>
      void files.set(p, { body, type, status }),
    hold() {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((done) => (arrive = done));
      const released = new Promise<void>((done) => (release = done));
      held = { arrive, released };
      return { arrived, release };
    },
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
