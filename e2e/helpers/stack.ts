import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '@cityforge/fakes/smtp';
import { freePort, spawnServer } from '../../apps/server/test/helpers/process.ts';
import { SETTLE_MS } from './waits.ts';

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

/** The real server (built web app included) on a free port with its own data folder. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const smtp = await startFakeSmtp();
  // A known port up front keeps APP_URL (and so the mailed links) pointing at this server.
  const port = String(await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-e2e-'));
  // A migrated database to start on (e2e/global-setup.ts); the server's own start does the rest.
  fs.cpSync(inject('e2eDataTemplate'), dataDir, { recursive: true });
  // IndexNow is told of deploys to verified domains: never the real endpoint from a test.
  const server = spawnServer({
    DATA_DIR: dataDir,
    PORT: port,
    SMTP_URL: smtp.url,
    INDEXNOW_URL: 'http://127.0.0.1:9',
    ...env,
  });
  const baseURL = await server.url();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    baseURL,
    smtp,
    dataDir,
    browser,
    async newPage() {
      const context = await browser.newContext({
        baseURL,
        viewport: { width: 1280, height: 860 },
        reducedMotion: 'reduce',
      });
      context.setDefaultTimeout(SETTLE_MS);
      return { context, page: await context.newPage() };
    },
    async stop() {
      await browser.close();
      await server.stop();
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

/** A new user: signed up, e-mail verified from the mail and signed in; lands on /plans. */
export async function signUpVerified(stack: Stack, page: Page, email: string, password: string) {
  const signup = await fetch(`${stack.baseURL}/auth/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const mail = await stack.smtp.waitFor(email, /Verify/);
  await page.goto(localPath(mail.links.find((l) => l.includes('/verify-email?token='))!));
  await page.waitForURL('**/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/plans');
}
