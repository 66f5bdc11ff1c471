import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_ID, MSG, OFFLINE_MODEL_ID } from '@cityforge/shared';
import type { TAiModel } from '@cityforge/shared';
import { ApiError } from '../src/lib/api-errors';
import {
  callTypeLabel,
  cardActionsLocked,
  cardBadgeVariant,
  cardCanRetry,
  cityPagesText,
  completedTransition,
  createFailure,
  defaultModelId,
  detailBadgeVariant,
  detailShowsRetry,
  needsApiKeys,
  rangeText,
  statusLabel,
  usageTotals,
} from '../src/features/projects/project-rules';

describe('project status helpers', () => {
  it('treats both In progress spellings as one status', () => {
    expect(statusLabel('In Progress')).toBe('In progress');
    expect(cardActionsLocked('In Progress')).toBe(true);
    expect(cardActionsLocked('In progress')).toBe(true);
  });

  it('card badge: Published is success, the rest default', () => {
    expect(cardBadgeVariant('Published')).toBe('success');
    expect(cardBadgeVariant('Created')).toBe('default');
    expect(cardBadgeVariant('Error')).toBe('default');
    expect(cardBadgeVariant('In progress')).toBe('default');
  });

  it('detail badge: Created success, In progress warning, Error danger', () => {
    expect(detailBadgeVariant('Created')).toBe('success');
    expect(detailBadgeVariant('In Progress')).toBe('warning');
    expect(detailBadgeVariant('Error')).toBe('danger');
  });

  it('locks card actions while In progress or Error; Retry only on Error', () => {
    expect(cardActionsLocked('Error')).toBe(true);
    expect(cardActionsLocked('Created')).toBe(false);
    expect(cardActionsLocked('Published')).toBe(false);
    expect(cardCanRetry('Error')).toBe(true);
    expect(cardCanRetry('In progress')).toBe(false);
    expect(cardCanRetry('Created')).toBe(false);
  });

  it('detail shows Retry Project when In progress or Error', () => {
    expect(detailShowsRetry('In progress')).toBe(true);
    expect(detailShowsRetry('Error')).toBe(true);
    expect(detailShowsRetry('Created')).toBe(false);
  });

  it('announces completion only for In progress → Created', () => {
    expect(completedTransition('In progress', 'Created')).toBe(true);
    expect(completedTransition('In Progress', 'Created')).toBe(true);
    expect(completedTransition(null, 'Created')).toBe(false);
    expect(completedTransition('Created', 'Created')).toBe(false);
    expect(completedTransition('In progress', 'Error')).toBe(false);
  });
});

describe('card texts', () => {
  it('sums prompt, completion and total tokens', () => {
    const entry = (p: number, c: number) => ({
      promptTokens: p,
      completionTokens: c,
      totalTokens: p + c,
      createdAt: '',
      callType: 'page',
      model: 'm',
      outputMode: null,
      costUsd: null,
    });
    expect(usageTotals([entry(10, 5), entry(1, 2)])).toEqual({
      promptTokens: 11,
      completionTokens: 7,
      totalTokens: 18,
    });
    expect(usageTotals([])).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
  });

  it('shows "{n} city page(s)" only above 0', () => {
    expect(cityPagesText(0)).toBeNull();
    expect(cityPagesText(1)).toBe('1 city page');
    expect(cityPagesText(12)).toBe('12 city pages');
  });

  it('writes "Showing a-b of count projects"', () => {
    expect(rangeText(1, 10, 23)).toBe('Showing 1-10 of 23 projects');
    expect(rangeText(3, 10, 23)).toBe('Showing 21-23 of 23 projects');
    expect(rangeText(1, 10, 4)).toBe('Showing 1-4 of 4 projects');
    expect(rangeText(1, 10, 0)).toBe('Showing 0-0 of 0 projects');
  });
});

describe('create project', () => {
  const base = { isSuperuser: false, userOpenAiApiKey: null, userOpenRouterApiKey: null };

  it('needs an OpenAI or OpenRouter key unless superuser', () => {
    expect(needsApiKeys(base)).toBe(true);
    expect(needsApiKeys({ ...base, userOpenAiApiKey: 'sk-••••1234' })).toBe(false);
    expect(needsApiKeys({ ...base, userOpenRouterApiKey: 'sk-••••1234' })).toBe(false);
    expect(needsApiKeys({ ...base, isSuperuser: true })).toBe(false);
    expect(needsApiKeys(null)).toBe(false);
  });

  it('preselects the default model, or the first usable one when it is unavailable', () => {
    const m = (id: string, available: boolean): TAiModel => ({
      id,
      name: id,
      provider: 'openrouter',
      available,
    });
    expect(defaultModelId([m(OFFLINE_MODEL_ID, true), m(DEFAULT_MODEL_ID, true)])).toBe(
      DEFAULT_MODEL_ID,
    );
    expect(defaultModelId([m(DEFAULT_MODEL_ID, false), m(OFFLINE_MODEL_ID, true)])).toBe(
      OFFLINE_MODEL_ID,
    );
    expect(defaultModelId([])).toBe(DEFAULT_MODEL_ID);
  });

  it('toasts the first message of each field as "Validation Error"', () => {
    const body = {
      message: 'Name is required, Bad domain',
      errors: { name: ['Name is required', 'Too short'], clientDomain: ['Bad domain'] },
    };
    const error = new ApiError(
      400,
      { message: body.message, fieldErrors: { name: 'Name is required, Too short' } },
      body,
    );
    const out = createFailure(error);
    expect(out.toasts).toEqual([
      { title: MSG.validationErrorTitle, message: 'Name is required' },
      { title: MSG.validationErrorTitle, message: 'Bad domain' },
    ]);
    expect(out.fields).toEqual({ name: 'Name is required', clientDomain: 'Bad domain' });
  });

  it('otherwise toasts "Error" with the message, or the fallback sentence', () => {
    const forbidden = new ApiError(403, { message: MSG.apiKeysRequired }, {});
    expect(createFailure(forbidden).toasts).toEqual([
      { title: MSG.errorTitle, message: MSG.apiKeysRequired },
    ]);
    expect(createFailure('nope').toasts).toEqual([
      { title: MSG.errorTitle, message: MSG.createProjectFailed },
    ]);
  });
});

describe('usage call types', () => {
  it('reads as words, repairs marked', () => {
    expect(callTypeLabel('homepage')).toBe('Homepage');
    expect(callTypeLabel('service_page_repair')).toBe('Service page (repair)');
    expect(callTypeLabel('image_generation')).toBe('Image generation');
  });
});
