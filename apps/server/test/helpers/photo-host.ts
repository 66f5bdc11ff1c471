import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { solidPng } from '@cityforge/fakes/openai';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/photo-host');
const read = (file: string) => fs.readFileSync(path.join(FIXTURES, file), 'utf8');

/**
 * This process trusts the test certificate authority of fixtures/photo-host (made once with
 * openssl, valid a hundred years; its server certificate names 127.0.0.1 and localhost), as a
 * machine trusts the public ones: the product's https fetch is the one a live server runs.
 */
export function trustTestCa() {
  const ca = read('ca.pem');
  const current = tls.getCACertificates('default');
  if (!current.includes(ca)) tls.setDefaultCACertificates([...current, ca]);
}

export type PhotoHost = {
  /** https://127.0.0.1:{port}{path}; `host` names this machine otherwise (localhost). */
  url(path: string, host?: string): string;
  /** Paths asked for, in order. */
  requests: string[];
  /** The bytes /photo-*.png answers (a 12×8 PNG). */
  png: Buffer;
  /** Answers the requests for /held-*.png made so far and from now on (held until then). */
  release(): void;
  close(): Promise<void>;
};

/**
 * A photo host over https, as a customer's sheet names one: /photo-{anything}.png is a PNG,
 * /page.html is not an image, /missing.png is a 404, /to-localhost.png redirects to this
 * server under the name localhost (a private address once resolved). /held-{anything}.png is
 * the PNG too, once `release()` is called: a photo that lands when the test says.
 */
export async function startPhotoHost(): Promise<PhotoHost> {
  trustTestCa();
  const png = solidPng(12, 8, [200, 120, 40]);
  const requests: string[] = [];
  let port = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = https.createServer(
    { key: read('key.pem'), cert: read('cert.pem') },
    (req, res) => {
      const url = req.url ?? '/';
      requests.push(url);
      const answer = () => {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
        res.end(png);
      };
      if (/^\/photo-[\w-]+\.png$/.test(url)) return answer();
      if (/^\/held-[\w-]+\.png$/.test(url)) return void released.then(answer);
      if (url === '/page.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><p>Not a photo</p>');
      }
      if (url === '/to-localhost.png') {
        res.writeHead(302, { location: `https://localhost:${port}/photo-moved.png` });
        return res.end();
      }
      res.writeHead(404).end();
    },
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  return {
    url: (p, host = '127.0.0.1') => `https://${host}:${port}${p}`,
    requests,
    png,
    release,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
