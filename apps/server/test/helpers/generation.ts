import { expect } from 'vitest';
import { isInProgress, type TProjectDetail } from '@cityforge/shared';
import type { TestApp } from './app.ts';
import type { Headers } from './http.ts';

export async function detailOf(t: TestApp, id: string, headers: Headers): Promise<TProjectDetail> {
  const res = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/detail/`, headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: TProjectDetail }).data;
}

/** Polls the detail the way the screen does until generation settles (Created or Error). */
export async function settled(
  t: TestApp,
  id: string,
  headers: Headers,
  timeoutMs = 90_000,
): Promise<TProjectDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const detail = await detailOf(t, id, headers);
    if (!isInProgress(detail.status)) return detail;
    if (Date.now() > deadline)
      throw new Error(
        `project still In progress: ${JSON.stringify(
          [...detail.pages, ...detail.servicePages].map((p) => [p.slug, p.status]),
        )}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const allPages = (d: TProjectDetail) => [...d.pages, ...d.servicePages];
