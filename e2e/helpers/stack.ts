import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startFakeSmtp, type FakeSmtp } from '../../apps/server/test/fakes/smtp.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export type Stack = {
  baseURL: string;
  smtp: FakeSmtp;
  dataDir: string;
  browser: Browser;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The real server (built web app included) on a free port with its own data folder. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const smtp = await startFakeSmtp();
  // A known port up front keeps APP_URL (and so the mailed links) pointing at this server.
  const port = String(await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-e2e-'));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: port,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /CityForge is running at (http:\/\/\S+)/.exec(output);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    baseURL,
    smtp,
    dataDir,
    browser,
    async newPage() {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 } });
      return { context, page: await context.newPage() };
    },
    async stop() {
      await browser.close();
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The path and query of a mailed link, to open on the test server. */
export function localPath(link: string): string {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
}
