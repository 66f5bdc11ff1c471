/**
 * How long the browser suite waits. Every wait is for something that must happen (a screen, a
 * toast, a background job's result), so a limit is a guard against a hang, never a speed check:
 * the same run takes three to four times longer on a loaded CI machine than on an idle one, and
 * a limit near a fast machine's figure turns that into a red build. Speed is `npm run bench`'s.
 */

/** Any single wait: a locator, a navigation, a poll, a mail, a project settling. */
export const SETTLE_MS = 120_000;

/** A whole case or hook: several waits in a row, each bounded by SETTLE_MS. */
export const CASE_MS = 600_000;
