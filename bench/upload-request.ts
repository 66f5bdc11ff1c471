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

/**
 * CPU time (ms) a process and its children alive now have used, from /proc (Linux): on a
 * machine shared with other work, the figure the wall clock cannot give. NaN elsewhere.
 */
function cpuMs(pid: number): number {
  const TICK_MS = 10; // USER_HZ is 100 on Linux
  const stat = (id: string) => {
    try {
      const text = fs.readFileSync(`/proc/${id}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
    } catch {
      return null;
    }
  };
  const own = stat(String(pid));
  if (!own) return NaN;
  let ticks = own.ticks;
  for (const id of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const child = stat(id);
    if (child?.ppid === pid) ticks += child.ticks;
  }
  return ticks * TICK_MS;
}

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

async function timedUpload(
  base: string,
  headers: Headers,
  projectId: string,
  file: Buffer,
  pid: number,
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'areas.csv');
  form.append('model', 'offline-draft');
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const report = await call<Report>(
    base,
    `/api/project/${projectId}/upload/`,
    { method: 'POST', headers, body: form },
    201,
  );
  return { report, ms: performance.now() - started, cpuMs: cpuMs(pid) - cpuBefore };
}

/**
 * The whole upload of 30,000 rows with FACT_COLUMNS fact columns, as a browser sends it to a
 * running server: the file read off the API thread, every row resolved, the places and their
 * facts stored in one transaction, each new page's job queued. One request, timed end to end,
 * beside the same sheet without its fact columns. The server answering them runs no page
 * writer (ROLE=api), so the pages they queue are not what is measured.
 */
export async function uploadRequestBench(
  line: Line,
  startServer: StartServer,
  admin: { email: string; password: string },
) {
  const sheet = factSheet();
  const files = {
    plain: toCsv(sheet.map((row) => row.slice(0, 4))),
    facts: toCsv(sheet),
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-bench-upload-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  try {
    const first = (await startServer(dataDir, port)).server;
    const headers = await login(base, admin.email, admin.password);
    const projects = {
      plain: await idleProject(base, headers),
      facts: await idleProject(base, headers),
    };
    await first.stop();
    const { server } = await startServer(dataDir, port, { ROLE: 'api' });
    try {
      const again = await login(base, admin.email, admin.password);
      for (const kind of ['plain', 'facts'] as const) {
        const pid = server.child.pid!;
        const took = await timedUpload(base, again, projects[kind], files[kind], pid);
        const what = kind === 'facts' ? `${FACT_COLUMNS} facts` : 'no facts';
        line(
          `upload request, ${n(30_000)} CSV rows, ${what}`,
          ms(took.ms),
          `server CPU ${ms(took.cpuMs)} (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores); ` +
            `parse + resolve + store ${n(took.report.citiesAdded)} places and ${n(took.report.factsReceived)} facts + queue their pages` +
            (kind === 'facts' ? '; budget < 3 s' : ''),
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
