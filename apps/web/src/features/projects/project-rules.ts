import {
  DEFAULT_MODEL_ID,
  isInProgress,
  MSG,
  needsApiKeys as sharedNeedsApiKeys,
  normaliseStatus,
  PROJECT_STATUS,
} from '@cityforge/shared';
import type { TAiModel, TOutputMode, TUsageEntry, TUser, TWorkspace } from '@cityforge/shared';
import type { BadgeVariant } from '../../components/ui/badge';
import { isApiError } from '../../lib/api-errors';

/** Both spellings of "In progress" count as one status; the text shown is the server's. */
export function statusLabel(status: string): string {
  return normaliseStatus(status);
}

export function isErrorStatus(status: string): boolean {
  return status.toLowerCase() === PROJECT_STATUS.error.toLowerCase();
}

/** Card badge: Published in the success style, every other status in the default style. */
export function cardBadgeVariant(status: string): BadgeVariant {
  return status.toLowerCase() === PROJECT_STATUS.published.toLowerCase() ? 'success' : 'default';
}

/** Detail badge: Created success, In progress warning, Error danger. */
export function detailBadgeVariant(status: string): BadgeVariant {
  const s = status.toLowerCase();
  if (isInProgress(status)) return 'warning';
  if (s === 'error') return 'danger';
  if (s === 'created' || s === 'published') return 'success';
  return 'default';
}

/** Card: View, Edit, Settings, Deploy and the progress steps wait while In progress or Error. */
export function cardActionsLocked(status: string): boolean {
  return isInProgress(status) || isErrorStatus(status);
}

/** Card: Retry only on Error. */
export function cardCanRetry(status: string): boolean {
  return isErrorStatus(status);
}

/** Detail: Retry Project is shown when In progress or Error (and disabled while In progress). */
export function detailShowsRetry(status: string): boolean {
  return isInProgress(status) || isErrorStatus(status);
}

/** The detail screen toasts "Project completed!" when In progress turns into Created. */
export function completedTransition(previous: string | null, next: string): boolean {
  return (
    previous !== null &&
    isInProgress(previous) &&
    next.toLowerCase() === PROJECT_STATUS.created.toLowerCase()
  );
}

export interface UsageTotals {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** The card's AI usage summary: the sums of prompt, completion and total tokens. */
export function usageTotals(usage: readonly TUsageEntry[]): UsageTotals {
  return usage.reduce<UsageTotals>(
    (sum, u) => ({
      promptTokens: sum.promptTokens + u.promptTokens,
      completionTokens: sum.completionTokens + u.completionTokens,
      totalTokens: sum.totalTokens + u.totalTokens,
    }),
    { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
  );
}

/** "Showing 11-20 of 23 projects"; pages start at 1. */
export function rangeText(page: number, pageSize: number, count: number): string {
  if (count <= 0) return 'Showing 0-0 of 0 projects';
  const first = Math.min((page - 1) * pageSize + 1, count);
  const last = Math.min(page * pageSize, count);
  return `Showing ${first}-${last} of ${count} projects`;
}

/** "{n} city page(s)", or null when there are none. */
export function cityPagesText(n: number): string | null {
  if (n <= 0) return null;
  return `${n} city ${n === 1 ? 'page' : 'pages'}`;
}

/**
 * The shared rule (the server refuses the create by it): the keys of the tab's workspace (its
 * account's) when known, else the signed-in user's own masked keys.
 */
export function needsApiKeys(
  user: Pick<TUser, 'isSuperuser' | 'userOpenAiApiKey' | 'userOpenRouterApiKey'> | null,
  workspaceKeys?: TWorkspace['aiKeys'],
): boolean {
  return sharedNeedsApiKeys(
    user && {
      isSuperuser: user.isSuperuser,
      hasOpenAiKey: workspaceKeys ? workspaceKeys.openAi : !!user.userOpenAiApiKey,
      hasOpenRouterKey: workspaceKeys ? workspaceKeys.openRouter : !!user.userOpenRouterApiKey,
    },
  );
}

/** The model preselected on the form: the spec's default when usable, else the first usable. */
export function defaultModelId(models: readonly TAiModel[]): string {
  const preferred = models.find((m) => m.id === DEFAULT_MODEL_ID);
  if (!preferred || preferred.available) return DEFAULT_MODEL_ID;
  return models.find((m) => m.available)?.id ?? DEFAULT_MODEL_ID;
}

export interface ToastSpec {
  title: string;
  message: string;
}

function firstMessages(body: unknown): Record<string, string> {
  const errors = (body as { errors?: unknown } | null)?.errors;
  const out: Record<string, string> = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first) out[field] = first;
  }
  return out;
}

/**
 * A failed project creation: with an errors map, the first message of each field as a
 * "Validation Error" toast; otherwise "Error" with the message or the fallback sentence.
 */
export function createFailure(error: unknown): {
  toasts: ToastSpec[];
  fields: Record<string, string>;
} {
  if (isApiError(error)) {
    const fields = { ...error.fieldErrors, ...firstMessages(error.body) };
    if (Object.keys(fields).length > 0) {
      const toasts = Object.values(fields).map((message) => ({
        title: MSG.validationErrorTitle,
        message,
      }));
      return { toasts, fields };
    }
  }
  const message = error instanceof Error && error.message ? error.message : MSG.createProjectFailed;
  return { toasts: [{ title: MSG.errorTitle, message }], fields: {} };
}

const CALL_TYPES: Record<string, string> = {
  homepage: 'Homepage',
  main_page: 'Main page',
  service_page: 'Service page',
  city_page: 'City page',
};

const OUTPUT_MODE_LABELS: Record<TOutputMode, string> = {
  json_schema: 'Schema',
  json_object: 'JSON mode',
  offline: 'Offline',
};

/** How the call asked for its shape: a schema the model had to follow, or JSON mode. */
export function outputModeLabel(mode: TOutputMode | null): string {
  return mode ? OUTPUT_MODE_LABELS[mode] : '—';
}

/** Usage rows name their call type in snake case; people read "Service page (repair)". */
export function callTypeLabel(callType: string): string {
  const repair = callType.endsWith('_repair');
  const base = repair ? callType.slice(0, -'_repair'.length) : callType;
  const label = CALL_TYPES[base] ?? base.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
  return repair ? `${label} (repair)` : label;
}
