import { describe, expect, it } from 'vitest';
import { MSG } from '@cityforge/shared';
import type { TAiModel } from '@cityforge/shared';
import { ApiError } from '../src/lib/api-errors';
import {
  defaultRegenerateModel,
  loadErrorLines,
  regenerateModels,
  sameSettings,
  savePayload,
  versionDate,
} from '../src/features/editor/editor-rules';

const settings = {
  metaTags: '<title>A</title>',
  trackingCodeHead: '<!-- h -->',
  trackingCodeBody: '<!-- b -->',
};

describe('savePayload', () => {
  it('sends the canvas, the content, the meta tags and the tracking codes', () => {
    expect(
      savePayload({ html: '<body>x</body>', contentHtml: 'x', isServicePage: false, settings }),
    ).toEqual({
      html: '<body>x</body>',
      content_html: 'x',
      is_service_page: false,
      meta_tags: '<title>A</title>',
      tracking_code_head: '<!-- h -->',
      tracking_code_body: '<!-- b -->',
    });
  });

  it('leaves the tracking codes out for service pages', () => {
    const body = savePayload({ html: 'h', contentHtml: 'c', isServicePage: true, settings });
    expect(body.is_service_page).toBe(true);
    expect(body).not.toHaveProperty('tracking_code_head');
    expect(body).not.toHaveProperty('tracking_code_body');
    expect(body.meta_tags).toBe('<title>A</title>');
  });
});

describe('sameSettings', () => {
  it('compares every field', () => {
    expect(sameSettings(settings, { ...settings })).toBe(true);
    expect(sameSettings(settings, { ...settings, metaTags: '' })).toBe(false);
    expect(sameSettings(settings, { ...settings, trackingCodeHead: '' })).toBe(false);
    expect(sameSettings(settings, { ...settings, trackingCodeBody: '' })).toBe(false);
  });
});

const model = (id: string, provider: TAiModel['provider'], available = true): TAiModel => ({
  id,
  name: id,
  provider,
  available,
});

describe('regenerate models', () => {
  const models = [
    model('offline-draft', 'offline'),
    model('claude', 'openrouter'),
    model('gpt-4o', 'openai', false),
    model('gemini', 'openrouter'),
  ];

  it('keeps models that follow a prompt and have a key', () => {
    expect(regenerateModels(models).map((m) => m.id)).toEqual(['claude', 'gemini']);
    expect(regenerateModels(undefined)).toEqual([]);
  });

  it("defaults to the project's model when it qualifies, else the first", () => {
    const usable = regenerateModels(models);
    expect(defaultRegenerateModel(usable, 'gemini')).toBe('gemini');
    expect(defaultRegenerateModel(usable, 'offline-draft')).toBe('claude');
    expect(defaultRegenerateModel(usable, 'gpt-4o')).toBe('claude');
    expect(defaultRegenerateModel(usable, undefined)).toBe('claude');
    expect(defaultRegenerateModel([], 'claude')).toBe('');
  });
});

describe('versionDate', () => {
  it('writes US English dates and keeps text that is not a date', () => {
    expect(versionDate('2026-01-05T15:04:00')).toBe('Jan 5, 2026, 3:04 PM');
    expect(versionDate('yesterday')).toBe('yesterday');
  });
});

describe('loadErrorLines', () => {
  it("gives the HTTP status, then the server's reason", () => {
    const error = new ApiError(
      404,
      { message: 'Project Not Found' },
      { message: 'Project Not Found' },
    );
    expect(loadErrorLines(error)).toEqual(['HTTP error! status: 404', 'Project Not Found']);
  });

  it('gives the status alone when the server said nothing', () => {
    expect(loadErrorLines(new ApiError(500, { message: MSG.anErrorOccurred }, null))).toEqual([
      'HTTP error! status: 500',
    ]);
  });

  it('falls back to the error text for other failures', () => {
    expect(loadErrorLines(new Error('boom'))).toEqual(['boom']);
    expect(loadErrorLines('?')).toEqual([MSG.anErrorOccurred]);
  });
});
