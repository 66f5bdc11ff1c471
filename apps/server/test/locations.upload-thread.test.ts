import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@cityforge/shared';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { upload, type UploadFile } from './helpers/locations.ts';

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logLines });
});
afterAll(() => t.close());

/**
 * Just under the 10 MB limit: 60,000 rows, over the 50,000-row cap, so the upload is refused
 * as soon as the sheet has been read, with nothing after the parse to wait on.
 */
function tenMegabytes(): UploadFile {
  const notes = 'Same-day visits, licensed and insured, free estimates on every job. '.repeat(2);
  const lines = ['City,State,ZIP,Notes'];
  for (let i = 0; lines.length <= 60_000; i++) lines.push(`Springfield,IL,62701,${notes}${i}`);
  const data = Buffer.from(lines.join('\n'), 'utf8');
  expect(data.length).toBeGreaterThan(UPLOAD_MAX_BYTES - 1024 * 1024);
  expect(data.length).toBeLessThan(UPLOAD_MAX_BYTES);
  return { name: 'areas.csv', data, type: 'text/csv' };
}

describe('an upload is parsed off the API thread', () => {
  it('GET /api/health answers while a 10 MB upload is being parsed', async () => {
    const u = await signedInUser(t, { plan: 'basic' });
    const project = await createProject(t, u.user.id);
    const file = tenMegabytes();

    let uploadDone = false;
    const pending = upload(t, project.id, u.headers, [file]).then((res) => {
      uploadDone = true;
      return res;
    });
    // The parse has begun once the service says so; until the upload answers, ask for health.
    const parsing = () => logLines.some((l) => l.includes('reading uploaded files'));
    while (!parsing() && !uploadDone) await new Promise((r) => setImmediate(r));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const answeredDuringParse = !uploadDone;

    const res = await pending;
    expect(health.statusCode).toBe(200);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file has more than 50,000 rows.');
    // On the API thread, the parse would hold every request until the upload had answered.
    expect(answeredDuringParse).toBe(true);
  });
});

describe('the parse process has limits', () => {
  it('refuses an upload whose parse needs more memory than the parse may use, and lives on', async () => {
    // 24 MB: a small sheet still parses in it, while the 10 MB file's cells need about twice
    // that. At 48 the parse sometimes fitted (the garbage collector's timing decides), and the
    // upload was refused for its rows instead.
    const small = await createTestApp({ UPLOAD_PARSE_MEMORY_MB: '24' });
    try {
      const u = await signedInUser(small, { plan: 'basic' });
      const project = await createProject(small, u.user.id);
      const res = await upload(small, project.id, u.headers, [tenMegabytes()]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        message:
          'The file needs more memory to read than an upload may use. Split it into smaller files and upload them together.',
        errors: {
          file: [
            'The file needs more memory to read than an upload may use. Split it into smaller files and upload them together.',
          ],
        },
      });
      expect((await small.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
