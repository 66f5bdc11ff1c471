import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { createFolderBin, sweepSitesBuiltAhead } from '../src/modules/publishing/build-folders.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { until } from './helpers/wait.ts';
import { published, siteProject } from './helpers/publishing.ts';

let scratch: string;
beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-bin-'));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const warnings: unknown[] = [];
const logger = { warn: (...args: unknown[]) => void warnings.push(args) };

/** A build folder with a few files in subfolders, as a deploy leaves it. */
function buildFolder(name: string) {
  const dir = path.join(scratch, name);
  fs.mkdirSync(path.join(dir, 'states', 'texas'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<h1>Home</h1>');
  fs.writeFileSync(path.join(dir, 'states', 'texas', 'austin.html'), '<h1>Austin</h1>');
  return dir;
}
const gone = (dir: string) =>
  until(
    async () => fs.existsSync(dir),
    (there) => !there,
    dir,
    10_000,
  );

describe('the bin of finished deploys’ build folders', () => {
  it('removes a folder only once no deploy has run for the settle time', async () => {
    const bin = createFolderBin(logger, { settleMs: 200 });
    const first = buildFolder('first');
    bin.started();
    bin.finished(first);
    // The next deploy starts at once: the folder waits for it.
    bin.started();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fs.existsSync(first)).toBe(true);
    const second = buildFolder('second');
    bin.finished(second);
    expect(fs.existsSync(first) && fs.existsSync(second)).toBe(true);
    await gone(first);
    await gone(second);
    expect(warnings).toEqual([]);
  });

  it('removes the oldest at once when more than maxWaiting wait, and everything on empty()', async () => {
    const bin = createFolderBin(logger, { settleMs: 60_000, maxWaiting: 2 });
    const dirs = ['a', 'b', 'c'].map(buildFolder);
    bin.started(); // a deploy that keeps running throughout
    for (const dir of dirs) {
      bin.started();
      bin.finished(dir);
    }
    await gone(dirs[0]!);
    expect(fs.existsSync(dirs[1]!) && fs.existsSync(dirs[2]!)).toBe(true);
    bin.empty();
    expect(dirs.map((dir) => fs.existsSync(dir))).toEqual([false, false, false]);
  });

  it('removes a folder that waited maxWaitMs when the next deploy ends, though deploys keep running', async () => {
    const bin = createFolderBin(logger, { settleMs: 60_000, maxWaiting: 10, maxWaitMs: 100 });
    const old = buildFolder('old');
    bin.started();
    bin.started();
    bin.finished(old);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = buildFolder('next');
    bin.finished(next);
    await gone(old);
    expect(fs.existsSync(next)).toBe(true);
    bin.empty();
    expect(fs.existsSync(next)).toBe(false);
  });
});

describe('a deploy’s build folder', () => {
  let t: TestApp;
  let netlify: FakeNetlify;
  beforeAll(async () => {
    netlify = await startFakeNetlify();
    t = await createTestApp({ NETLIFY_API_URL: netlify.url });
  });
  afterAll(async () => {
    await t.close();
    await netlify.close();
  });

  it('is gone from the process’s disk after two deploys in a row', async () => {
    const { id, headers } = await siteProject(t);
    const deploys = path.join(t.config.dataDir, 'deploys');
    const first = await published(t, id, headers);
    const second = await published(t, id, headers);
    expect(second.deployment).toMatchObject({ state: 'ready', filesToUpload: 0 });
    expect(first.deployment.filesTotal).toBe(second.deployment.filesTotal);
    await until(
      async () => (fs.existsSync(deploys) ? fs.readdirSync(deploys) : []),
      (left) => left.length === 0,
      'the build folders to go',
      15_000,
    );
  });
});

describe('sites an earlier release built ahead', () => {
  it('are removed from the data folder, with their folder, and only those', async () => {
    const dataDir = fs.mkdtempSync(path.join(scratch, 'data-'));
    const packs = path.join(dataDir, 'prebuilt');
    fs.mkdirSync(packs);
    fs.writeFileSync(path.join(packs, '0b6d8a39-3c55-4c9e-9a2c-1f3e5d7a9b11.pack'), 'pack');
    fs.writeFileSync(
      path.join(packs, '5e2f1c0a-7d4b-4a8e-b6c3-9f0e1d2c3b4a.pack.ab12.tmp'),
      'half',
    );
    const kept = buildFolder(path.relative(scratch, path.join(dataDir, 'deploys', 'running')));
    expect(await sweepSitesBuiltAhead(dataDir)).toBe(2);
    expect(fs.existsSync(packs)).toBe(false);
    expect(fs.existsSync(kept)).toBe(true);
    expect(await sweepSitesBuiltAhead(dataDir)).toBe(0);
  });
});
