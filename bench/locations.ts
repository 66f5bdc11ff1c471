import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { runMigrations } from '../apps/server/src/db/client.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import {
  cities,
  locationCounties,
  locationStates,
  pages,
  projects,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { seedUser, workspaceOf } from './site-build-data.ts';
import { getGeoIndex, type Place } from '../apps/server/src/modules/locations/geography-index.ts';
import { createLocationsRepo } from '../apps/server/src/modules/locations/locations.repo.ts';
import {
  loadGeoNamesRows,
  type SourceRow,
} from '../apps/server/src/modules/locations/geo-sources.ts';
import type { TPageContent, TSection } from '../apps/server/src/modules/pages/content.ts';
import { slugify } from '../apps/server/src/lib/slugify.ts';
import { freePort, type ServerProcess } from '../apps/server/test/helpers/process.ts';
import type { UploadJob, UploadReport, UploadTiming } from './locations-worker.ts';
import type { Line, StartServer } from './bench-types.ts';

const ms = (value: number) => `${value.toFixed(0)} ms`;
const n = (value: number) => value.toLocaleString('en-US');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Deterministic, so every run measures the same file (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------
// 1. parse + resolve 30,000 rows with 10 fact columns (budget: under 3 s)
// ---------------------------------------------------------------------------------------------

const UPLOAD_ROWS = 30_000;
const WARM_RUNS = 5;

type Cell = string | number;

/**
 * An agency's service-area sheet built from real GeoNames places: mostly City, State, ZIP
 * (County on about half), some ZIP-only and some city-and-state-only rows, a few cells with
 * several ZIPs or ZIP+4, rows pasted twice, state names spelled out, and the usual handful of
 * typos and "TBD" ZIPs. In the .xlsx the single ZIPs are numbers, as Excel stores them, so
 * New England ZIPs lose their leading zero there as they do in real files.
 */
function agencySheet(rows: SourceRow[]): Cell[][] {
  const next = random(20_250_301);
  const deck = [...rows];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  // ZIPs of each city, for the rows that list several.
  const zipsOf = new Map<string, string[]>();
  for (const row of rows) {
    const key = `${row.stateId}|${row.city}`;
    const list = zipsOf.get(key);
    if (list) list.push(row.zip);
    else zipsOf.set(key, [row.zip]);
  }
  let dealt = 0;
  const deal = () => deck[dealt++ % deck.length]!;
  const county = (r: SourceRow) =>
    !r.county || next() < 0.5
      ? ''
      : r.stateId === 'LA'
        ? `${r.county} Parish`
        : `${r.county} County`;
  const state = (r: SourceRow) => (next() < 0.1 ? r.stateName : r.stateId);
  const typo = (city: string) => {
    const at = 1 + Math.floor(next() * (city.length - 2));
    return city.slice(0, at) + city.slice(at + 1);
  };

  const out: Cell[][] = [['City', 'State', 'County', 'ZIP']];
  for (let i = 0; i < UPLOAD_ROWS; i++) {
    const roll = next();
    if (roll < 0.06 && out.length > 100) {
      // The same row pasted again.
      out.push([...out[1 + Math.floor(next() * (out.length - 1))]!]);
      continue;
    }
    const r = deal();
    if (roll < 0.16) {
      out.push(['', '', '', r.zip]);
    } else if (roll < 0.3) {
      out.push([next() < 0.03 ? typo(r.city) : r.city, state(r), county(r), '']);
    } else {
      const zipRoll = next();
      let zip: Cell = r.zip;
      if (zipRoll < 0.05) {
        const all = zipsOf.get(`${r.stateId}|${r.city}`) ?? [r.zip];
        zip = all.slice(0, 2 + Math.floor(next() * 4)).join(', ');
      } else if (zipRoll < 0.07)
        zip = `${r.zip}-${String(Math.floor(next() * 9999)).padStart(4, '0')}`;
      else if (zipRoll < 0.073) zip = 'TBD';
      out.push([r.city, state(r), county(r), zip]);
    }
  }
  return out;
}

/** How many fact columns the bench's sheet carries (the issue's figure: 10). */
export const FACT_COLUMNS = 10;

/**
 * The agency's sheet with FACT_COLUMNS fact columns, filled as agencies fill them: counts,
 * a customer's quote, names, prices, dates; about a third of the cells blank.
 */
function withFacts(sheet: Cell[][]): Cell[][] {
  const next = random(36);
  const names = [
    'Jobs completed',
    'Customer quote',
    'Crew lead',
    'Local price',
    'Last job',
    'Years serving',
    'Permit office',
    'Response time',
    'Warranty',
    'Neighbourhoods',
  ].slice(0, FACT_COLUMNS);
  const value = (column: number, row: number): Cell => {
    if (next() < 0.33) return '';
    switch (column % 5) {
      case 0:
        return Math.floor(next() * 500);
      case 1:
        return `"They fixed our ${['water heater', 'slab leak', 'sewer line'][row % 3]} the same day and left the place spotless." - customer #${row}`;
      case 2:
        return ['Ana Ruiz', 'Luis Ortega', 'Sam Lee', 'Priya Patel'][row % 4]!;
      case 3:
        return `$${(89 + (row % 60)).toFixed(2)}`;
      default:
        return `${1 + (row % 28)} March 2025`;
    }
  };
  return sheet.map((row, r) =>
    r === 0 ? [...row, ...names] : [...row, ...names.map((_, c) => value(c, r))],
  );
}

export function toCsv(sheet: Cell[][]): Buffer {
  const quote = (cell: Cell) => {
    const text = String(cell);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return Buffer.from(sheet.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n');
}

function toXlsx(sheet: Cell[][]): Buffer {
  const numeric = sheet.map((row, r) =>
    r > 0 && /^\d{5}$/.test(String(row[3]))
      ? [...row.slice(0, 3), Number(row[3]), ...row.slice(4)]
      : row,
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(numeric), 'Service areas');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

function runUpload(filename: string, data: Buffer): Promise<UploadReport> {
  const job: UploadJob = { filename, data, warmRuns: WARM_RUNS };
  const worker = new Worker(new URL('./locations-worker.ts', import.meta.url), { workerData: job });
  return new Promise((resolve, reject) => {
    worker.once('message', (report: UploadReport) => {
      resolve(report);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`upload worker exited with ${code}`)));
  });
}

/** The bench's 30,000-row sheet of real places, with FACT_COLUMNS fact columns. */
export const factSheet = () => withFacts(agencySheet(loadGeoNamesRows().rows));

export async function uploadBench(line: Line) {
  const sheet = factSheet();
  const files = [
    { kind: 'CSV', filename: 'service-areas.csv', data: toCsv(sheet) },
    { kind: 'XLSX', filename: 'service-areas.xlsx', data: toXlsx(sheet) },
  ];
  const total = (t: UploadTiming) => t.parseMs + t.resolveMs;
  const split = (t: UploadTiming) => `parse ${ms(t.parseMs)} + resolve ${ms(t.resolveMs)}`;
  for (const file of files) {
    const report = await runUpload(file.filename, file.data);
    const label = `parse + resolve ${n(UPLOAD_ROWS)} ${file.kind} rows, ${FACT_COLUMNS} facts`;
    const size = `${(file.data.length / 1024).toFixed(0)} KB file`;
    if (file === files[0])
      line(
        'geography index: build (once per process, at boot)',
        ms(report.index.ms),
        `${n(report.index.places)} places, ${n(report.index.zips)} ZIPs; heap it keeps +${report.index.heapMb.toFixed(0)} MB`,
      );
    line(
      `${label}: cold`,
      ms(total(report.cold)),
      `${split(report.cold)}, first upload (index built); budget < 3 s`,
    );
    line(
      `${label}: cold, with the index build`,
      ms(total(report.cold) + report.index.ms),
      'a first upload racing the boot-time build',
    );
    const warm = median(report.warm.map(total));
    const mid = report.warm.find((t) => total(t) === warm)!;
    line(
      `${label}: warm`,
      ms(warm),
      `median of ${WARM_RUNS}: ${split(mid)}, ${size}; budget < 3 s`,
    );
    line(
      `${n(UPLOAD_ROWS)} ${file.kind} rows: cities / issues`,
      `${n(report.cities)} / ${n(report.parseIssues + report.resolveIssues)}`,
      `${n(report.resolvedRows)} of ${n(report.dataRows)} rows kept, ${n(report.merged)} merged; ` +
        `issues: ${n(report.parseIssues)} parse + ${n(report.resolveIssues)} resolve (errors and notes)`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// 2. project detail, 5,000 cities (budget: under 150 ms)
// ---------------------------------------------------------------------------------------------

const DETAIL_CITIES = 5_000;
// A regional agency: every postal place of the South-Central states (~5,050, ~780 counties).
const DETAIL_STATES = ['TX', 'OK', 'LA', 'AR', 'NM', 'KS', 'MO'];
const MODEL = 'anthropic/claude-3.7-sonnet';
const SERVICE = 'Plumbing';
const BUSINESS = 'Lone Star Plumbing Co.';
const PHONE = '(512) 555-0142';

/** A city page's stored content: the model's structured answer, shaped as content.ts says. */
function cityContent(p: Place): TPageContent {
  const where = `${p.city}, ${p.stateId}`;
  return {
    meta: {
      title: `${SERVICE} in ${where} | ${BUSINESS}`,
      description: `Licensed plumbers serving ${p.city} and ${p.county}. Same-day repairs, drain cleaning, water heaters and repiping. Call ${PHONE} for a free estimate.`,
    },
    hero: {
      heading: `Trusted ${SERVICE} in ${where}`,
      subheading: `Fast, friendly, licensed plumbers for homes and businesses across ${p.city} and the rest of ${p.county}, available around the clock for emergencies.`,
      ctaLabel: 'Get a free estimate',
    },
    sections: [
      {
        type: 'text',
        heading: `Your local plumbers in ${p.city}`,
        paragraphs: [
          `Homes in ${p.city} range from older properties with galvanized supply lines to new builds with PEX, and each needs a plumber who knows what to look for. Our technicians work across ${p.county} every day, so we arrive with the right parts and finish most jobs in a single visit.`,
          `We give you a written price before any work starts, protect your floors, and clean up when we are done. Every repair is backed by our two-year workmanship guarantee, and our ${p.stateName} licence number is printed on every invoice.`,
          `Whether it is a dripping tap, a slab leak or a sewer line that keeps backing up, one call to ${PHONE} gets a real person who can book you in today, often within two hours anywhere in ${p.city}.`,
        ],
      },
      {
        type: 'services',
        heading: `Plumbing services in ${p.city}`,
        intro: `Everything your home's water, gas and drain lines need, from one team.`,
        items: [
          [
            'Emergency plumbing',
            'Burst pipes, overflowing toilets and no hot water at 2 a.m. We answer the phone 24 hours a day and keep stocked vans on the road across the county.',
          ],
          [
            'Drain cleaning',
            'Kitchen, bathroom and main sewer drains cleared with cable machines and hydro-jetting, with a camera inspection so you can see the cause for yourself.',
          ],
          [
            'Water heaters',
            'Tank and tankless water heaters repaired, flushed and replaced, including permits, haul-away and expansion tanks where the code requires them.',
          ],
          [
            'Leak detection',
            'Acoustic and thermal leak detection finds hidden and slab leaks without tearing up your home, then we repair them with as little disruption as possible.',
          ],
          [
            'Repiping',
            'Whole-house repiping in PEX or copper for homes with failing galvanized or polybutylene lines, usually finished in two or three days.',
          ],
          [
            'Sewer line repair',
            'Trenchless pipe lining and bursting to fix root intrusion and collapsed sewer lines without digging up your driveway or yard.',
          ],
        ].map(([title, description]) => ({ title: title!, description: description! })),
      },
      {
        type: 'benefits',
        heading: `Why ${p.city} chooses ${BUSINESS}`,
        items: [
          [
            'Upfront pricing',
            'You approve a written, flat-rate price before we start. No overtime surprises, no hidden trip fees, and no charge for the estimate itself.',
          ],
          [
            'Licensed and insured',
            `Our master plumbers hold current ${p.stateName} licences and we carry full liability cover, so the work is done to code and you are protected.`,
          ],
          [
            'On time, every time',
            'We give a two-hour arrival window and text you when the technician is on the way. If we are late, the service call is free.',
          ],
          [
            'Guaranteed work',
            'Parts and labour are guaranteed for two years. If something we fixed fails, we come back and make it right at no cost to you.',
          ],
        ].map(([title, description]) => ({ title: title!, description: description! })),
      },
      {
        type: 'process',
        heading: 'How it works',
        steps: [
          [
            'Call or book online',
            `Tell us what is happening at your ${p.city} property and pick a time that suits you.`,
          ],
          [
            'We diagnose the problem',
            'A licensed plumber inspects the issue, explains the options and gives you a written price.',
          ],
          [
            'We fix it right',
            'Most repairs are finished on the first visit with parts carried on our fully stocked vans.',
          ],
          [
            'We clean up',
            'We leave your home as we found it and walk you through the work before we go.',
          ],
        ].map(([title, description]) => ({ title: title!, description: description! })),
      },
      {
        type: 'faq',
        heading: `Questions from ${p.city} homeowners`,
        items: [
          [
            `Do you charge extra to come out to ${p.city}?`,
            `No. ${p.city} is inside our regular service area, so there is no trip charge, and evening visits cost the same as daytime ones on weekdays.`,
          ],
          [
            'How quickly can you get here?',
            'Most same-day calls are reached within two hours. For emergencies we dispatch the nearest technician right away and text you when they are on the way.',
          ],
          [
            'Are your plumbers licensed and insured?',
            `Yes. Every technician is licensed in ${p.stateName}, background-checked, and covered by our general liability and workers' compensation insurance.`,
          ],
          [
            'Do you offer financing?',
            'Yes. Larger jobs such as repiping, sewer replacement and water heater upgrades can be paid over 12 to 60 months with approved credit.',
          ],
        ].map(([question, answer]) => ({ question: question!, answer: answer! })),
      },
      {
        type: 'cta',
        heading: `Need a plumber in ${p.city} today?`,
        text: `Call ${PHONE} or book online and a licensed plumber will be at your door, usually the same day.`,
        buttonLabel: 'Book a plumber',
      },
    ],
  };
}

const esc = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** The page body the renderer stores alongside the content (~6 KB, like the real ones). */
function cityHtml(content: TPageContent): string {
  const item = (i: { title: string; description: string }) =>
    `<article class="card"><h3>${esc(i.title)}</h3><p>${esc(i.description)}</p></article>`;
  const body = (s: TSection) => {
    switch (s.type) {
      case 'text':
        return s.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('');
      case 'services':
        return `<p class="intro">${esc(s.intro ?? '')}</p><div class="cards">${s.items.map(item).join('')}</div>`;
      case 'benefits':
        return `<div class="cards">${s.items.map(item).join('')}</div>`;
      case 'process':
        return `<ol class="steps">${s.steps.map((i) => `<li>${item(i)}</li>`).join('')}</ol>`;
      case 'faq':
        return s.items
          .map(
            (i) =>
              `<details><summary>${esc(i.question)}</summary><p>${esc(i.answer)}</p></details>`,
          )
          .join('');
      case 'cta':
        return `<p>${esc(s.text)}</p><a class="btn btn-primary" href="tel:+15125550142">${esc(s.buttonLabel)}</a>`;
    }
  };
  return [
    `<section class="hero"><div class="container"><h1>${esc(content.hero.heading)}</h1><p class="lead">${esc(content.hero.subheading)}</p><a class="btn btn-primary" href="#contact">${esc(content.hero.ctaLabel)}</a></div></section>`,
    ...content.sections.map(
      (s) =>
        `<section class="section section-${s.type}" id="${slugify(s.heading)}"><div class="container"><h2>${esc(s.heading)}</h2>${body(s)}</div></section>`,
    ),
  ].join('\n');
}

function metaTags(content: TPageContent): string {
  return [
    `<title>${esc(content.meta.title)}</title>`,
    `<meta name="description" content="${esc(content.meta.description)}">`,
    `<meta property="og:title" content="${esc(content.meta.title)}">`,
    `<meta property="og:description" content="${esc(content.meta.description)}">`,
  ].join('\n');
}

/** The first `count` places of the chosen states, spread evenly over all of them. */
function detailPlaces(count: number): Place[] {
  const chosen = new Set(DETAIL_STATES);
  const all: Place[] = [];
  for (const list of getGeoIndex().byCityState.values())
    for (const place of list) if (chosen.has(place.stateId)) all.push(place);
  all.sort((a, b) => a.key.localeCompare(b.key));
  const step = all.length / count;
  return Array.from({ length: Math.min(count, all.length) }, (_, i) => all[Math.floor(i * step)]!);
}

const BATCH = 500;
async function insertInBatches<T>(items: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += BATCH) await insert(items.slice(i, i + BATCH));
}

/**
 * Fills a data dir the way an upload and a finished generation would leave it: one agency
 * user with one project, its homepage, About and Contact pages, and 5,000 completed cities.
 * The database is opened and migrated exactly as the server does it, then closed for it.
 */
async function prepareDetailData(dataDir: string, email: string, password: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const handle = await openDatabase(config);
  try {
    await runMigrations(handle);
    const { db } = handle;
    const userId = await seedUser(db, email, password);
    const [project] = await db
      .insert(projects)
      .values({
        userId,
        workspaceId: await workspaceOf(db, userId),
        name: BUSINESS,
        serviceType: SERVICE,
        model: MODEL,
        prompt: 'Emergency plumbers for homes and businesses; licensed, insured, 24/7.',
        contactPhoneNumber: PHONE,
        email: 'office@lonestarplumbing.example',
        status: 'Created',
      })
      .returning({ id: projects.id });
    const projectId = project!.id;
    await db.insert(pages).values(
      [
        ['homepage', 'Homepage', 'homepage'],
        ['main', 'About Us', 'about-us'],
        ['main', 'Contact Us', 'contact-us'],
      ].map(([kind, name, slug], sortOrder) => ({
        projectId,
        kind: kind as 'homepage' | 'main',
        name: name!,
        slug: slug!,
        status: 'Completed',
        model: MODEL,
        contentHtml: `<section class="hero"><h1>${name}</h1></section>`.padEnd(6000, ' '),
        sortOrder,
      })),
    );

    const places = detailPlaces(DETAIL_CITIES);
    const stateIds = new Map<string, string>();
    const stateRows = [...new Map(places.map((p) => [p.stateId, p.stateName]))].map(
      ([code, name]) => ({ projectId, code, name, slug: slugify(name) }),
    );
    for (const row of await db.insert(locationStates).values(stateRows).returning())
      stateIds.set(row.code, row.id);
    const countyIds = new Map<string, string>();
    const countyRows = [...new Set(places.map((p) => `${p.stateId}|${p.county}`))].map((key) => {
      const [code, name] = key.split('|') as [string, string];
      return { projectId, stateId: stateIds.get(code)!, name, slug: slugify(name) };
    });
    await insertInBatches(countyRows, async (batch) => {
      for (const row of await db.insert(locationCounties).values(batch).returning())
        countyIds.set(row.stateId + '|' + row.name, row.id);
    });
    const slugs = new Set<string>();
    let htmlBytes = 0;
    const cityRows = places.map((p) => {
      const content = cityContent(p);
      const contentHtml = cityHtml(content);
      htmlBytes += contentHtml.length;
      let slug = slugify(`${p.city} ${p.stateId}`);
      for (let i = 2; slugs.has(slug); i++) slug = slugify(`${p.city} ${p.stateId} ${i}`);
      slugs.add(slug);
      return {
        projectId,
        countyId: countyIds.get(`${stateIds.get(p.stateId)}|${p.county}`)!,
        name: p.city,
        slug,
        placeKey: p.key,
        zips: p.zips,
        latitude: p.latitude,
        longitude: p.longitude,
        status: 'Completed',
        model: MODEL,
        contentHtml,
        content,
        metaTags: metaTags(content),
      };
    });
    await insertInBatches(cityRows, (batch) => db.insert(cities).values(batch));
    // As an upload of this many cities does (upload.service.ts): the planner learns the rows.
    await createLocationsRepo(db).refreshStatistics();
    return {
      userId,
      projectId,
      states: stateRows.length,
      counties: countyRows.length,
      cities: cityRows.length,
      htmlKb: htmlBytes / cityRows.length / 1024,
    };
  } finally {
    await handle.close();
  }
}

async function removeUser(dataDir: string, userId: string) {
  if (!process.env.DATABASE_URL) return; // the data dir goes with the embedded database in it
  const handle = await openDatabase(
    loadConfig({ DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL }),
  );
  await handle.db.delete(users).where(eq(users.id, userId));
  await handle.close();
}

/** One GET over node:http, which (unlike fetch) reports the bytes as they came, encoded. */
function fetchRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; encoding?: string; etag?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            bytes,
            encoding: res.headers['content-encoding'],
            etag: res.headers.etag,
          }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function detailBench(line: Line, startServer: StartServer) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cityforge-bench-detail-'));
  const email = `agency-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'agency-pass-1';
  const seeded = performance.now();
  const data = await prepareDetailData(dataDir, email, password);
  const label = `project detail, ${n(data.cities)} cities`;
  line(
    `${label}: seed`,
    ms(performance.now() - seeded),
    `${data.states} states, ${n(data.counties)} counties, ~${data.htmlKb.toFixed(1)} KB HTML per city`,
  );

  const port = await freePort();
  let server: ServerProcess | undefined;
  try {
    server = (await startServer(dataDir, port)).server;
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!login.ok) throw new Error(`login failed ${login.status}: ${await login.text()}`);
    const { access } = (await login.json()) as { access: string };
    const headers = { authorization: `Bearer ${access}` };
    const project = `${base}/api/projects/${data.projectId}`;
    const full = `${project}/detail/`;
    const url = `${project}/detail/lean/`;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

    // What the screen fetches: the lean tree, first after boot.
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    const coldMs = performance.now() - started;
    if (!res.ok)
      throw new Error(
        `lean detail failed ${res.status}: ${body.slice(0, 500)}\n${server.output()}`,
      );
    const lean = JSON.parse(body) as {
      data: {
        totalCities: number;
        states: { counties: { id: string; cityCount: number; cities: unknown[] | null }[] }[];
      };
    };
    if (lean.data.totalCities !== data.cities)
      throw new Error(`lean detail answered ${lean.data.totalCities} cities, not ${data.cities}`);
    const counties = lean.data.states.flatMap((s) => s.counties);
    const inline = counties.some((c) => c.cities !== null);
    line(
      `${label}: cold request (screen's tree)`,
      ms(coldMs),
      `first after boot, ${kb(body.length)} JSON, ${inline ? 'cities inline' : `${n(counties.length)} counties by count`}`,
    );

    // The seeded pages are written but not scored: the server's similarity job scores them
    // after boot, 5,000 pages of CPU on the same two cores. The figures below are the detail
    // screen's own, so they wait for it; the scoring gets its own line.
    const scoringFrom = performance.now();
    let scoring = -1;
    while (performance.now() - scoringFrom < 300_000) {
      const poll = (await (await fetch(url, { headers })).json()) as {
        data: { scoringCities: number };
      };
      scoring = poll.data.scoringCities;
      if (scoring === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    line(
      `${label}: wait for the scoring job`,
      scoring === 0 ? ms(performance.now() - scoringFrom) : 'unfinished',
      `until the server's similarity job has scored the ${n(data.cities)} seeded pages (polled)`,
    );

    // The spec's answer, which API users read: its size and one request, for comparison.
    const fullStarted = performance.now();
    const fullBody = await (await fetch(full, { headers })).text();
    const fullMs = performance.now() - fullStarted;
    const fullWire = await fetchRaw(full, { ...headers, 'accept-encoding': 'br' });
    line(
      `${label}: spec answer (detail/)`,
      ms(fullMs),
      `${kb(fullBody.length)} JSON, ${kb(fullWire.bytes)} ${fullWire.encoding ?? 'plain'} on the wire; the screen no longer reads it`,
    );

    // What a browser receives: compressed, and on the next poll a 304 while nothing changed.
    const wire: string[] = [];
    let tag = '';
    for (const encoding of ['br', 'gzip']) {
      const packed = await fetchRaw(url, { ...headers, 'accept-encoding': encoding });
      wire.push(`${kb(packed.bytes)} ${packed.encoding ?? 'plain'}`);
      tag = packed.etag ?? tag;
    }
    line(
      `${label}: screen's tree on the wire`,
      wire.join(', '),
      `JSON ${kb(body.length)}; budget < 200 KB`,
    );

    // Opening the county with the most cities.
    const biggest = counties.reduce((a, b) => (b.cityCount > a.cityCount ? b : a));
    const countyUrl = `${project}/detail/counties/${biggest.id}/`;
    const opened = performance.now();
    const countyBody = await (await fetch(countyUrl, { headers })).text();
    const openMs = performance.now() - opened;
    const countyWire = await fetchRaw(countyUrl, { ...headers, 'accept-encoding': 'br' });
    line(
      `${label}: open the biggest county (${n(biggest.cityCount)} cities)`,
      ms(openMs),
      `${kb(countyBody.length)} JSON, ${kb(countyWire.bytes)} ${countyWire.encoding ?? 'plain'} on the wire`,
    );

    const runs = [
      { name: '1 conn', url, connections: 1, extra: {} },
      { name: '10 conns', url, connections: 10, extra: {} },
      { name: '10 conns, br', url, connections: 10, extra: { 'accept-encoding': 'br' } },
      {
        name: '10 conns, revalidated, 304',
        url,
        connections: 10,
        extra: { 'accept-encoding': 'br', 'if-none-match': tag },
      },
      { name: '10 conns, county open', url: countyUrl, connections: 10, extra: {} },
    ];
    for (const run of runs) {
      const result = await autocannon({
        url: run.url,
        headers: { ...headers, ...run.extra },
        connections: run.connections,
        duration: 5,
      });
      const revalidated = 'if-none-match' in run.extra;
      const errors = result.errors + (revalidated ? 0 : result.non2xx);
      const budget =
        run.connections === 10 ? '; budget p99 < 150 ms (PostgreSQL), < 300 ms (PGlite)' : '';
      line(
        `${label}: p50 / p99 (${run.name})`,
        `${result.latency.p50} / ${result.latency.p99} ms`,
        `${result.requests.average.toFixed(1)} req/s${errors ? `, ${errors} errors` : ''}${budget}`,
      );
    }
  } finally {
    await server?.stop();
    await removeUser(dataDir, data.userId);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
