/**
 * Spending caps count by calendar month in UTC, whatever the owner's time zone: one rule for
 * every worker, and the month's start is the same instant for the cap check, the spend shown
 * and the monthly resume.
 */
export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** YYYY-MM (UTC): the month a cap mail was sent for (projects/users.cap_mailed_month). */
export function monthKeyUtc(now: Date): string {
  return now.toISOString().slice(0, 7);
}
