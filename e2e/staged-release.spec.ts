import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type TProject } from '@cityforge/shared';
import { startFakeNetlify, type FakeNetlify } from '@cityforge/fakes/netlify';
import {
  apiCreateProject,
  apiSignIn,
  apiUpdateSettings,
  apiUploadCities,
  apiWaitForProject,
} from './helpers/api.ts';
import { toastTitled, SHOTS, signIn } from './helpers/app.ts';
import { NETLIFY_TOKEN } from './helpers/publishing.ts';
import { startStack, type Stack } from './helpers/stack.ts';

// A staged project on its card: how many city pages are live, when the next batch goes out in
// the reader's own clock, and Pause / Resume in one click each.

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };
const ZONE = 'America/Chicago';
const NAME = 'Staged Roofing';

let stack: Stack;
let netlify: FakeNetlify;
beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  netlify = await startFakeNetlify();
  stack = await startStack({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    NETLIFY_API_URL: netlify.url,
    RELEASE_CHECK_SECONDS: '1',
  });
});
afterAll(async () => {
  await stack?.stop();
  await netlify?.close();
});

async function api<T>(token: string, method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(`${stack.baseURL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
  return res.json() as Promise<T>;
}

/** The wall clock in Chicago: its date and its HH:MM. */
function chicago(date: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

describe('a staged release on the project card', () => {
  it('shows the pages live and the next batch, and pauses and resumes in one click', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    await api(token, 'PATCH', '/auth/me/', { userNetlifyAccessToken: NETLIFY_TOKEN });
    const id = await apiCreateProject(stack, token, { name: NAME });
    await apiWaitForProject(stack, token, id);
    await apiUploadCities(stack, token, id, 'City,State\nAustin,TX\nRound Rock,TX\nKyle,TX\n');
    await apiWaitForProject(stack, token, id);
    // Twelve hours from now in Chicago: no batch falls due while the test runs.
    const time = `${String((Number(chicago(new Date()).time.slice(0, 2)) + 12) % 24).padStart(2, '0')}:00`;
    await apiUpdateSettings(stack, token, id, {
      release: { perDay: 2, time, timeZone: ZONE },
    });
    // The site exists, its three pages went out with Release all now, three more wait.
    await api(token, 'POST', `/api/projects/${id}/publish/`);
    await api(token, 'POST', `/api/projects/${id}/release/all/`);
    await apiUploadCities(stack, token, id, 'City,State\nBuda,TX\nLeander,TX\nPlano,TX\n');
    await apiWaitForProject(stack, token, id);
    const { data } = await api<{ data: TProject }>(token, 'GET', `/api/projects/${id}/`);
    expect(data.release).toMatchObject({ live: 3, written: 6, total: 6, paused: false });
    const next = chicago(new Date(data.release!.nextAt!));
    expect(next.time).toBe(time);
    const when = next.day === chicago(new Date()).day ? 'today' : 'tomorrow';
    const line = `3 of 6 city pages live, next batch ${when} at ${time}`;

    // The reader is in Chicago: the card speaks their clock.
    const context = await stack.browser.newContext({
      baseURL: stack.baseURL,
      timezoneId: ZONE,
      viewport: { width: 1280, height: 860 },
    });
    const page = await context.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    const card = page.getByTestId('project-card').filter({ hasText: NAME });
    const progress = card.getByTestId('release-progress');
    await expect.poll(() => progress.getByRole('status').innerText()).toBe(line);
    await progress.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/staged-release-card.png` });

    await progress.getByRole('button', { name: 'Pause' }).click();
    await toastTitled(page, MSG.releasePaused).waitFor();
    await expect
      .poll(() => progress.getByRole('status').innerText())
      .toBe('3 of 6 city pages live, releases paused');
    expect(await progress.getAttribute('data-paused')).toBe('true');
    await progress.getByRole('button', { name: 'Resume' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/staged-release-paused.png` });
    const paused = await api<{ data: TProject }>(token, 'GET', `/api/projects/${id}/`);
    expect(paused.data.release?.paused).toBe(true);

    await progress.getByRole('button', { name: 'Resume' }).click();
    await toastTitled(page, MSG.releaseResumed).waitFor();
    await expect.poll(() => progress.getByRole('status').innerText()).toBe(line);

    // The plan as the settings screen shows it.
    await page.goto(`/projects/${id}/settings`);
    const fieldset = page.getByTestId('release-settings');
    await fieldset.waitFor();
    expect(await fieldset.getByLabel('Pages per day').inputValue()).toBe('2');
    expect(await fieldset.getByLabel('Release time').inputValue()).toBe(time);
    expect(await fieldset.getByLabel('Time zone').inputValue()).toBe(ZONE);
    await fieldset.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/staged-release-settings.png` });
    await context.close();
  });
});
