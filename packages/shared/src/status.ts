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
