import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROJECT_STATUS } from '@cityforge/shared';
import { cities, projectImages } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { cityIds, factsApi, factsOf, leanCities, leanOf } from './helpers/facts.ts';
import { createProject, signedInUser } from './helpers/factories.ts';
import { settled } from './helpers/generation.ts';
import type { Headers } from './helpers/http.ts';
import { spreadsheet, uploaded } from './helpers/locations.ts';
import { startPhotoHost, type PhotoHost } from './helpers/photo-host.ts';
import { siteProject } from './helpers/publishing.ts';
import { unzip } from './helpers/zip.ts';

let t: TestApp;
let host: PhotoHost;
beforeAll(async () => {
  host = await startPhotoHost();
  // The photo host runs on this machine: its address is trusted as written, and every other
  // name for this machine (localhost) is not.
  t = await createTestApp({ FETCH_TRUSTED_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await host.close();
});

const facts = factsApi(() => t);
const photosOf = (projectId: string) =>
  t.ctx.db.select().from(projectImages).where(eq(projectImages.projectId, projectId));

async function ownerWithProject() {
  const user = await signedInUser(t, { plan: 'pro' });
  return { project: await createProject(t, user.user.id), headers: user.headers };
}

async function photoOf(projectId: string, cityId: string, headers: Headers) {
  const { photo, photoSrc, photoNote } = await factsOf(t, projectId, cityId, headers);
  return { photo, photoSrc, photoNote };
}

describe("places' photos", () => {
  it('fetches each https address once, in a job, and refuses the rest with a note on the row', async () => {
    const { project, headers } = await ownerWithProject();
    const shared = host.url('/photo-austin.png');
    const report = await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        ['City', 'State', 'ZIP', 'Photo'],
        ['Austin', 'TX', '78701', shared],
        ['Kyle', 'TX', '78640', shared],
        ['Buda', 'TX', '78610', host.url('/photo-buda.png', 'localhost')],
        ['San Marcos', 'TX', '78666', host.url('/photo-x.png').replace('https:', 'http:')],
        ['Boise', 'ID', '83702', 'https://169.254.169.254/latest/meta-data/x.png'],
        ['Round Rock', 'TX', '78664', host.url('/page.html')],
        ['Pflugerville', 'TX', '78660', host.url('/to-localhost.png')],
        ['Leander', 'TX', '78641', ''],
      ]),
    ]);
    // The rows whose photo was refused are imported all the same.
    expect(report).toMatchObject({ citiesAdded: 8, skipped: [], photosQueued: 3 });
    expect(report.columns).toMatchObject({ photo: 'Photo' });
    expect(report.notes.map((n) => [n.line, n.reason])).toEqual([
      [
        4,
        expect.stringMatching(
          /^Photo "https:\/\/localhost:\d+\/photo-buda\.png" is refused: localhost resolves to a non-public address; no photo was taken\.$/,
        ),
      ],
      [5, expect.stringMatching(/is not an https:\/\/ address; no photo was taken\.$/)],
      [6, expect.stringMatching(/is refused: 169\.254\.169\.254 is not a public address/)],
    ]);

    await t.drainQueue(QUEUES.fetchCityPhoto);
    const ids = await cityIds(t, project.id, headers);
    const austin = await photoOf(project.id, ids.Austin!, headers);
    expect(austin).toEqual({
      photo: shared,
      photoSrc: expect.stringMatching(/^\/images\/[0-9a-f-]{36}\.png$/),
      photoNote: null,
    });
    // One fetch, one stored copy, for both places that show it.
    expect(await photoOf(project.id, ids.Kyle!, headers)).toEqual(austin);
    expect(host.requests.filter((r) => r === '/photo-austin.png')).toHaveLength(1);
    expect(await photoOf(project.id, ids.Buda!, headers)).toEqual({
      photo: null,
      photoSrc: null,
      photoNote: null,
    });
    expect((await photoOf(project.id, ids['Round Rock']!, headers)).photoNote).toBe(
      'The photo could not be taken: the address is not an image.',
    );
    // The redirect to a private address is refused before anything is sent there.
    expect((await photoOf(project.id, ids.Pflugerville!, headers)).photoNote).toMatch(
      /^The photo could not be taken: the image address is refused: localhost resolves to a non-public address\.$/,
    );
    expect(host.requests).not.toContain('/photo-buda.png');
    expect(host.requests).not.toContain('/photo-moved.png');

    // Stored like a generated image and served at the same address, but not in the picker.
    const served = await t.app.inject({ method: 'GET', url: austin.photoSrc! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(host.png)).toBe(true);
    const picker = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/images/`,
      headers,
    });
    expect(picker.json()).toEqual({ results: [] });
    expect(await photosOf(project.id)).toHaveLength(1);
  });

  it('goes out with the published site, and a new address replaces the photo', async () => {
    const site = await siteProject(t, { token: null });
    const first = host.url('/photo-first.png');
    const report = await uploaded(t, site.id, site.headers, [
      spreadsheet('xlsx', [
        ['City', 'State', 'ZIP', 'Image'],
        ['Austin', 'TX', '78701', first],
      ]),
    ]);
    // A written page whose photo changed is marked like one whose facts changed.
    expect(report).toMatchObject({ citiesAdded: 0, citiesUpdated: 1, photosQueued: 1 });
    await t.drainQueue(QUEUES.fetchCityPhoto);
    const ids = await cityIds(t, site.id, site.headers);
    expect(leanCities(await leanOf(t, site.id, site.headers)).Austin!.factsChanged).toBe(true);
    const { photoSrc } = await photoOf(site.id, ids.Austin!, site.headers);
    expect(photoSrc).toMatch(/^\/images\/.+\.png$/);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${site.id}/download-site/`,
      headers: site.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const files = await unzip(res.rawPayload);
    expect(files.get(photoSrc!)?.equals(host.png)).toBe(true);

    // The facts panel gives another address: it is fetched, the old copy goes.
    const put = await facts.put(site.id, ids.Austin!, site.headers, {
      facts: [],
      photo: host.url('/photo-second.png'),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ photoSrc: null, photoNote: null });
    await t.drainQueue(QUEUES.fetchCityPhoto);
    const second = await photoOf(site.id, ids.Austin!, site.headers);
    expect(second.photoSrc).toMatch(/^\/images\/.+\.png$/);
    expect(second.photoSrc).not.toBe(photoSrc);
    expect((await photosOf(site.id)).map((p) => p.sourceUrl)).toEqual([
      host.url('/photo-second.png'),
    ]);
  });

  it("writes a new place's page once its photo has landed, with the photo on it", async () => {
    const { project, headers } = await ownerWithProject();
    await uploaded(t, project.id, headers, [
      spreadsheet('csv', [
        ['City', 'State', 'ZIP', 'Photo'],
        ['Austin', 'TX', '78701', host.url('/photo-new-austin.png')],
        ['Kyle', 'TX', '78640', ''],
      ]),
    ]);
    expect((await settled(t, project.id, headers)).status).toBe(PROJECT_STATUS.created);
    const ids = await cityIds(t, project.id, headers);
    const { photoSrc } = await photoOf(project.id, ids.Austin!, headers);
    expect(photoSrc).toMatch(/^\/images\/.+\.png$/);
    const [austin] = await t.ctx.db.select().from(cities).where(eq(cities.id, ids.Austin!));
    expect(austin!.contentHtml).toContain(`src="${photoSrc}"`);
    // Written with it, so nothing is marked for a rewrite.
    expect(leanCities(await leanOf(t, project.id, headers)).Austin!.factsChanged).toBe(false);
  });
});
