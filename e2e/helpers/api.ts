import { isInProgress, OFFLINE_MODEL_ID } from '@cityforge/shared';
import type { TCreateProject, TProjectDetail, TUpdateProjectSettings } from '@cityforge/shared';
import { SETTLE_MS } from './waits.ts';
import type { Stack } from './stack.ts';

// Setup through the public API, for specs whose subject is a screen, not how its data is made.

async function call<T>(stack: Stack, path: string, init: RequestInit, token?: string): Promise<T> {
  const res = await fetch(`${stack.baseURL}${path}`, {
    ...init,
    headers: {
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
  return res.json() as Promise<T>;
}

/** An access token for the account. */
export async function apiSignIn(stack: Stack, email: string, password: string): Promise<string> {
  const body = JSON.stringify({ email, password });
  const { access } = await call<{ access: string }>(stack, '/auth/login/', {
    method: 'POST',
    body,
  });
  return access;
}

/** Creates a project (the offline model unless told otherwise); answers its id. */
export async function apiCreateProject(
  stack: Stack,
  token: string,
  project: Partial<TCreateProject> & { name: string },
): Promise<string> {
  const body = JSON.stringify({ serviceType: 'Roofing', model: OFFLINE_MODEL_ID, ...project });
  const { data } = await call<{ data: { id: string } }>(
    stack,
    '/api/projects/create/',
    { method: 'POST', body },
    token,
  );
  return data.id;
}

/**
 * Uploads a CSV of cities to the project, written by the offline model. The API refuses an
 * upload while the project is generating (409), as the screen does: a project just made is
 * waited for first (its pages are written at once, but not before the creation answers).
 */
export async function apiUploadCities(stack: Stack, token: string, id: string, csv: string) {
  await apiWaitForProject(stack, token, id);
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'cities.csv');
  form.append('prompt', '');
  form.append('model', OFFLINE_MODEL_ID);
  form.append('handleMetaTagsManually', 'false');
  await call(
    stack,
    `/api/project/${encodeURIComponent(id)}/upload/`,
    {
      method: 'POST',
      body: form,
    },
    token,
  );
}

export async function apiProjectDetail(
  stack: Stack,
  token: string,
  id: string,
): Promise<TProjectDetail> {
  const path = `/api/projects/${encodeURIComponent(id)}/detail/`;
  return (await call<{ data: TProjectDetail }>(stack, path, {}, token)).data;
}

/** Polls the project until every page and city is written; answers the settled detail. */
export async function apiWaitForProject(
  stack: Stack,
  token: string,
  id: string,
): Promise<TProjectDetail> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const detail = await apiProjectDetail(stack, token, id);
    if (!isInProgress(detail.status) && detail.queuedCities === 0) return detail;
    if (Date.now() > deadline) throw new Error(`project ${id} still ${detail.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** POST /api/projects/{id}/settings/ with the given fields. */
export async function apiUpdateSettings(
  stack: Stack,
  token: string,
  id: string,
  settings: TUpdateProjectSettings,
) {
  const path = `/api/projects/${encodeURIComponent(id)}/settings/`;
  await call(stack, path, { method: 'POST', body: JSON.stringify(settings) }, token);
}
