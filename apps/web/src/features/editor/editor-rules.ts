import { MSG } from '@cityforge/shared';
import type { TAiModel, TSavePage } from '@cityforge/shared';
import { isApiError, serverMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format';

/** What the side panel holds besides the canvas: the page's head tags and the site's codes. */
export interface PageSettings {
  metaTags: string;
  trackingCodeHead: string;
  trackingCodeBody: string;
}

export function sameSettings(a: PageSettings, b: PageSettings): boolean {
  return (
    a.metaTags === b.metaTags &&
    a.trackingCodeHead === b.trackingCodeHead &&
    a.trackingCodeBody === b.trackingCodeBody
  );
}

/**
 * The save body. Service pages never send tracking codes: the spec hides them there, and
 * sending the loaded values back would overwrite a change made meanwhile in project settings.
 */
export function savePayload(input: {
  html: string;
  contentHtml: string;
  isServicePage: boolean;
  settings: PageSettings;
}): TSavePage {
  const body: TSavePage = {
    html: input.html,
    content_html: input.contentHtml,
    is_service_page: input.isServicePage,
    meta_tags: input.settings.metaTags,
  };
  if (!input.isServicePage) {
    body.tracking_code_head = input.settings.trackingCodeHead;
    body.tracking_code_body = input.settings.trackingCodeBody;
  }
  return body;
}

/** Regeneration follows a prompt, so the offline writer and models without a key are left out. */
export function regenerateModels(models: readonly TAiModel[] | undefined): TAiModel[] {
  return (models ?? []).filter((m) => m.provider !== 'offline' && m.available);
}

/** The project's own model when it can regenerate, else the first that can; '' when none. */
export function defaultRegenerateModel(
  usable: readonly TAiModel[],
  projectModel: string | undefined,
): string {
  if (projectModel && usable.some((m) => m.id === projectModel)) return projectModel;
  return usable[0]?.id ?? '';
}

/** "Jan 5, 2026, 3:04 PM" (US English), or the raw text when it is not a date. */
export function versionDate(createdAt: string): string {
  return formatDateTime(createdAt, {}, createdAt);
}

/** 'HTTP error! status: 404' and, when the server said why, its words on the next line. */
export function loadErrorLines(error: unknown): string[] {
  if (!isApiError(error)) return [error instanceof Error ? error.message : MSG.anErrorOccurred];
  const lines = [`HTTP error! status: ${error.status}`];
  const reason = serverMessage(error);
  if (reason) lines.push(reason);
  return lines;
}
