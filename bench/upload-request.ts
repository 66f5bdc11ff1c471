import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, json, login, type Headers } from './api.ts';
import type { Line, StartServer } from './bench-types.ts';
import { FACT_COLUMNS, factSheet, toCsv } from './locations.ts';
import { freePort } from '../apps/server/test/helpers/process.ts';

const ms = (value: number) => `${value.toFixed(0)} ms`;
const n = (value: number) => value.toLocaleString('en-US');
const sleep = (wait: number) => new Promise((r) => setTimeout(r, wait));

type Report = {
  citiesAdded: number;
  citiesExisting: number;
  citiesUpdated: number;
  factsReceived: number;
  factCities: number;
};

async function idleProject(base: string, headers: Headers) {
  const { data } = await call<{ data: { id: string } }>(
    base,
    '/api/projects/create/',
    json(headers, 'POST', {
      name: 'Everywhere Plumbing',
      serviceType: 'Plumbing',
      model: 'offline-draft',
    }),
    201,
  );
  // An upload waits for the project's first pages (it is refused while they are written).
  for (;;) {
    const { data: detail } = await call<{ data: { status: string } }>(
      base,
      `/api/projects/${data.id}/detail/lean/`,
      { headers },
    );
    if (detail.status.toLowerCase() !== 'in progress') return data.id;
    await sleep(100);
  }
}

async function timedUpload(base: string, headers: Headers, projectId: string, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'areas.csv');
  form.append('model', 'offline-draft');
  const started = performance.now();
  const report = await call<Report>(
    base,
    `/api/project/${projectId}/upload/`,
    { method: 'POST', headers, body: form },
    201,
  );
  return { report, ms: performance.now() - started };
}

/**
 * The whole upload of 30,000 rows with FACT_COLUMNS fact columns, as a browser sends it to a
 * running server: the file read off the API thread, every row resolved, the places and their
 * facts stored in one transaction, each new page's job queued. One request, timed end to end.
 */
export async function uploadRequestBench(
  line: Line,
  startServer: StartServer,
  admin: { email: string; password: string },
) {
  const file = toCsv(factSheet());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-bench-upload-'));
  const port = await freePort();
  // The pages the upload queues are not what is measured: no writer runs beside the request.
  const { server } = await startServer(dataDir, port, { WORKER_CONCURRENCY: '1' });
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = await login(base, admin.email, admin.password);
    const project = await idleProject(base, headers);
    const { report, ms: took } = await timedUpload(base, headers, project, file);
    line(
      `upload request, ${n(30_000)} CSV rows, ${FACT_COLUMNS} facts`,
      ms(took),
      `parse + resolve + store ${n(report.citiesAdded)} places and ${n(report.factsReceived)} facts + queue their pages; budget < 3 s`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
