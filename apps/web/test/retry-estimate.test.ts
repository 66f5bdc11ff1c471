import { describe, expect, it } from 'vitest';
import { makeLeanDetail } from './project-factory';
import { retryParts } from '../src/features/projects/retry-estimate';

describe('what Retry Project writes again', () => {
  it('counts the failed pages by kind and the failed city pages', () => {
    const base = makeLeanDetail();
    const failed = { status: 'Failed', failedAt: '2026-01-05T12:00:00.000Z' };
    const project = {
      ...base,
      pages: base.pages.map((p, i) => (i < 2 ? { ...p, ...failed } : p)),
      servicePages: base.servicePages.map((p) => ({ ...p, ...failed })),
      failedCities: 7,
    };
    const homepageFailed = project.pages.slice(0, 2).some((p) => p.slug === 'homepage');
    const { parts, pages } = retryParts(project);
    expect(parts).toEqual(
      [
        homepageFailed ? { kind: 'homepage', pages: 1 } : null,
        { kind: 'main', pages: homepageFailed ? 1 : 2 },
        project.servicePages.length
          ? { kind: 'service', pages: project.servicePages.length }
          : null,
        { kind: 'city', pages: 7 },
      ].filter(Boolean),
    );
    expect(pages).toBe(2 + project.servicePages.length + 7);
  });

  it('is nothing when nothing failed', () => {
    const base = makeLeanDetail();
    const written = { status: 'Completed', failedAt: null, failureReason: null };
    const project = {
      ...base,
      pages: base.pages.map((p) => ({ ...p, ...written })),
      servicePages: base.servicePages.map((p) => ({ ...p, ...written })),
    };
    expect(retryParts(project)).toEqual({ parts: [], pages: 0 });
  });
});
