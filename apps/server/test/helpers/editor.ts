import { expect } from 'vitest';
import type { TEditorView, TSavePage } from '@cityforge/shared';
import type { TestApp } from './app.ts';
import type { Headers } from './http.ts';

/** The editor's five calls, the way the web editor makes them. */
export function editorApi(t: () => TestApp) {
  const post = (url: string, headers: Headers, payload: object) =>
    t().app.inject({ method: 'POST', url, headers, payload });
  return {
    view: (id: string, headers: Headers, query: Record<string, string> = {}) =>
      t().app.inject({
        method: 'GET',
        url: `/api/projects/${id}/homepage/view/?${new URLSearchParams(query)}`,
        headers,
      }),
    save: (id: string, pageId: string, headers: Headers, body: TSavePage) =>
      post(`/project/${id}/save/${pageId}/`, headers, body),
    saveCity: (id: string, cityId: string, headers: Headers, body: TSavePage) =>
      post(`/project/${id}/city/${cityId}/save/`, headers, body),
    version: (id: string, headers: Headers, body: Record<string, unknown>) =>
      post(`/project/${id}/get_version_html/`, headers, { project_id: id, ...body }),
    regenerate: (id: string, headers: Headers, body: Record<string, unknown>) =>
      post(`/api/projects/${id}/regenerate/`, headers, body),
  };
}

export async function viewOf(
  t: TestApp,
  id: string,
  headers: Headers,
  query: Record<string, string> = {},
): Promise<TEditorView> {
  const res = await editorApi(() => t).view(id, headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TEditorView;
}

/** What the editor sends on Save: the canvas page, its main content and the side panel. */
export function saveBody(view: TEditorView, change: Partial<TSavePage> = {}): TSavePage {
  const content = change.content_html ?? view.page.content_html;
  return {
    html: view.page.complete_html.replace(view.page.content_html, content),
    content_html: content,
    is_service_page: view.is_service_page,
    meta_tags: view.page.meta_tags,
    ...change,
  };
}

/** The page's content with its main heading replaced. */
export function withHeading(contentHtml: string, heading: string): string {
  expect(contentHtml).toMatch(/<h1>[^<]*<\/h1>/);
  return contentHtml.replace(/<h1>[^<]*<\/h1>/, `<h1>${heading}</h1>`);
}

/** The JSON-LD objects of a page. */
export function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

export type FaqData = { mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }> };
export const faqPageOf = (html: string) =>
  jsonLd(html).find((d) => d['@type'] === 'FAQPage') as FaqData | undefined;

export async function previewHtml(t: TestApp, url: string, headers: Headers): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { html: string }).html;
}
