// Project and page status values. The spec spells "In progress" two ways; both are accepted
// on input and "In progress" is the one the server answers (docs/decisions.md).
export const PROJECT_STATUS = {
  created: 'Created',
  inProgress: 'In progress',
  error: 'Error',
  published: 'Published',
} as const;
export type TProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];

export function normaliseStatus(value: string): string {
  return value.toLowerCase() === 'in progress' ? PROJECT_STATUS.inProgress : value;
}

export function isInProgress(value: string | null | undefined): boolean {
  return (value ?? '').toLowerCase() === 'in progress';
}

/** A page's (or city's) life: queued → In progress → Completed, or Failed with a reason. */
export const PAGE_STATUS = {
  queued: 'queued',
  inProgress: 'In progress',
  completed: 'Completed',
  failed: 'Failed',
} as const;
export type TPageStatus = (typeof PAGE_STATUS)[keyof typeof PAGE_STATUS];
