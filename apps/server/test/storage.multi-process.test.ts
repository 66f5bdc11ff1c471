import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  MSG,
  PROJECT_STATUS,
  isDeployActive,
  type TProjectImage,
  type TPublishResult,
} from '@cityforge/shared';
import { startFakeAi, type FakeAi } from '@cityforge/fakes/openai';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import { startFakeS3, type FakeS3 } from '@cityforge/fakes/s3';
import {
  crashRig,
  createProject,
  deploymentOf,
  digestOf,
  kill,
  settled,
  signIn,
  uploadSheets,
  type Api,
} from './helpers/crash.ts';
import { until } from './helpers/wait.ts';
import { FIFTY_CITIES, spreadsheet } from './helpers/locations.ts';
import { NETLIFY_TOKEN } from './helpers/publishing.ts';
import type { ServerProcess } from './helpers/process.ts';
import { unzip } from './helpers/zip.ts';

const rig = crashRig();
let s3: FakeS3 | undefined;
let netlify: FakeNetlify | undefined;
let ai: FakeAi | undefined;
const folders: string[] = [];
afterAll(async () => {
  await rig.close();
  await Promise.all([s3?.close(), netlify?.close(), ai?.close()]);
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** An empty DATA_DIR of a process's own: no process ever sees another's disk. */
function ownDisk(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-machine-'));
  folders.push(dir);
  return dir;
}

async function downloadZip(api: Api, id: string) {
  const res = await fetch(`${api.base}/api/projects/${id}/download-site/`, {
    headers: api.headers,
  });
  expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
  return unzip(Buffer.from(await res.arrayBuffer()));
}

async function image(api: Api, src: string) {
  const res = await fetch(`${api.base}${src}`);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** What is in DATA_DIR/<folder> (none when it does not exist). */
const filesUnder = (dir: string, folder: string): string[] => {
  // The top level only: a build folder may be being removed while it is read.
  try {
    return fs.readdirSync(path.join(dir, folder));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

// PostgreSQL: two API processes and two workers, each on an empty disk of its own, one
// object store. The embedded database is one process's alone, so on PGlite one process
// (API and workers) shows the same files come from the store and not from its disk.
const onPostgres = Boolean(inject('testDatabaseUrl'));

describe(
  onPostgres
    ? 'two API processes and two workers on one PostgreSQL, each with its own empty disk, one object store'
    : 'one embedded process with its files in object storage',
  () => {
    const title = onPostgres
      ? 'creates, generates an image, uploads cities, publishes and downloads from any process; a worker killed mid-deploy loses nothing'
      : 'creates, generates an image, uploads cities, publishes and downloads, keeping no file on its own disk';
    it(
      title,
      async () => {
        [s3, netlify, ai] = await Promise.all([startFakeS3(), startFakeNetlify(), startFakeAi()]);
        const db = await rig.database();
        const shared = {
          ...s3.env,
          NETLIFY_API_URL: netlify.url,
          OPENAI_BASE_URL: ai.url,
          OPENAI_API_KEY: 'sk-server-images',
        };
        const disks = { api: [ownDisk(), ownDisk()], worker: [ownDisk(), ownDisk()] };
        let apis: Api[];
        let workers: ServerProcess[] = [];
        if (onPostgres) {
          // The first migrates; the rest start together on the migrated database.
          const first = await rig.start(db, { ...shared, ROLE: 'api', DATA_DIR: disks.api[0]! });
          const [second, ...started] = await Promise.all([
            rig.start(db, { ...shared, ROLE: 'api', DATA_DIR: disks.api[1]! }),
            ...disks.worker.map((dir) =>
              rig.start(db, { ...shared, ROLE: 'worker', DATA_DIR: dir }),
            ),
          ]);
          workers = started;
          apis = [await signIn(first.base), await signIn(second!.base)];
        } else {
          const only = await rig.start(db, shared);
          apis = [await signIn(only.base), await signIn(only.base)];
        }
        const [a, b] = apis as [Api, Api];

        // Requests alternate between the API processes throughout.
        expect(
          (await a.send('PATCH', '/auth/me/', { userNetlifyAccessToken: NETLIFY_TOKEN })).status,
        ).toBe(200);
        const id = await createProject(b, {
          name: 'Many Machines Plumbing',
          serviceType: 'Plumbing',
          model: 'offline-draft',
          prompt: 'Family plumbers since 1998.\n- Drain Cleaning\n- Water Heater Repair',
          createServicePages: true,
        });
        await settled(a, id);
        const made = await b.send<TProjectImage>('POST', `/api/projects/${id}/images/`, {
          prompt: 'A van outside a house',
        });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        const bytes = ai.images.files.get(ai.images.requests.at(-1)!.fileId!)!;
        for (const api of apis) {
          const served = await image(api, made.body.src);
          expect(served.status).toBe(200);
          expect(served.bytes.equals(bytes)).toBe(true);
        }
        const sheet = [['City', 'State', 'County', 'ZIP'], ...FIFTY_CITIES];
        expect((await uploadSheets(a, id, [spreadsheet('csv', sheet)])).status).toBe(201);
        expect((await settled(b, id)).status).toBe(PROJECT_STATUS.created);

        // The ZIP builds on either API process, the image in it read from the store.
        const zips = [await downloadZip(a, id), await downloadZip(b, id)];
        for (const zip of zips) expect(zip.get(made.body.src)?.equals(bytes)).toBe(true);
        expect([...zips[0]!.keys()].sort()).toEqual([...zips[1]!.keys()].sort());
        expect(zips[0]!.has('/states/texas/travis-county/austin.html')).toBe(true);

        let cut: Map<string, string> | null = null;
        let busy = -1;
        if (onPostgres) {
          // Netlify holds the deploy's uploads; the worker building it (the one whose own disk
          // holds the build) is killed there.
          const gate = netlify.holdUploads();
          const publishing = b
            .send('POST', `/api/projects/${id}/publish/`)
            .catch((error: unknown) => error);
          cut = netlify.deploys.get(await gate.reached)!.files;
          busy = disks.worker.findIndex((dir) => filesUnder(dir, 'deploys').length > 0);
          expect(busy).toBeGreaterThanOrEqual(0);
          await kill(workers[busy]!);
          gate.release();
          const ended = await until(
            () => deploymentOf(a, id),
            (d) => !isDeployActive(d?.state),
            'the interrupted deploy to end',
            150_000,
          );
          expect(ended).toMatchObject({ state: 'error', error: MSG.deployInterrupted });
          await publishing;
        }
        // The surviving worker (or the one process) publishes every file, the image among them.
        const res = await a.send<TPublishResult>('POST', `/api/projects/${id}/publish/`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.deployment).toMatchObject({ state: 'ready', error: null, note: null });
        const files = netlify.publishedFiles(new URL(res.body.netlifyUrl).host);
        expect(files.size).toBe(res.body.deployment.filesTotal);
        expect(files.get(made.body.src)?.equals(bytes)).toBe(true);
        if (cut) expect(digestOf(files)).toEqual(cut);
        // The same site as the ZIPs, plus the sitemap, which needs the address the site got.
        const zipped = [...zips[0]!.keys(), '/sitemap.xml'].sort();
        expect([...files.keys()].sort()).toEqual(zipped);

        // No process kept a file of the product on its own disk: images live in the store, and
        // a finished deploy's build folder is gone.
        const disksInUse = onPostgres ? [...disks.api, ...disks.worker] : [db.dataDir];
        for (const dir of disksInUse) expect(filesUnder(dir, 'images'), dir).toEqual([]);
        // It goes just after the deploy is marked ready; the killed worker's folder stays on
        // its disk until a worker starts there again, and then goes too.
        const clean = () => disksInUse.filter((dir) => filesUnder(dir, 'deploys').length === 0);
        await until(
          async () => clean().length,
          (n) => n === disksInUse.length - (busy >= 0 ? 1 : 0),
          'the finished deploy to remove its build folder',
          30_000,
        );
        if (busy >= 0) {
          const dir = disks.worker[busy]!;
          expect(filesUnder(dir, 'deploys')).not.toEqual([]);
          await rig.start(db, { ...shared, ROLE: 'worker', DATA_DIR: dir });
          expect(filesUnder(dir, 'deploys')).toEqual([]);
        }
      },
      420_000,
    );
  },
);
