import { AxeBuilder } from '@axe-core/playwright';
import type { Result, SerialFrameSelector } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Impacts that fail the suite; moderate and minor findings are left to review. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Generated site pages shown inside the app. Their markup is the customer's website, checked by
 * the Lighthouse audit of the generated site, not app UI: axe skips what is inside these frames,
 * while the <iframe> elements themselves (their titles) are still checked as part of the app.
 * (The frame's body, not its html: axe does not honour an exclusion of a frame's root.)
 */
const GENERATED_CONTENT: SerialFrameSelector[] = [
  // The sandboxed preview of a generated page (Preview screens).
  ['iframe[data-testid="preview-frame"]', 'body'],
  // The GrapesJS canvas of the visual editor: the page being edited plus the editor's overlays.
  ['iframe.gjs-frame', 'body'],
];

/** Finite animations (a dialog popping in) end first: mid-fade colours would skew contrast. */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** The serious and critical axe violations on the page as it is now. */
export async function blockingViolations(page: Page): Promise<Result[]> {
  await settle(page);
  // Legacy mode runs axe in the page and its same-origin frames only. The frames' contents are
  // excluded anyway, and the default mode's cross-origin support costs a blank tab per run
  // (about 2 s each, over some 60 runs).
  const builder = new AxeBuilder({ page }).setLegacyMode();
  for (const frame of GENERATED_CONTENT) builder.exclude(frame);
  const { violations, incomplete } = await builder.analyze();
  // A rule that threw (e.g. a colour it cannot parse) checked nothing: a pass it is not.
  const broken = incomplete.filter((r) => 'error' in r && BLOCKING.has(r.impact ?? ''));
  return [...violations.filter((v) => BLOCKING.has(v.impact ?? '')), ...broken];
}

/** One block per rule: id, impact, help, then each offending element's selector and markup. */
export function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const target = n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : t)).join(' ');
        const html = n.html.replace(/\s+/g, ' ').slice(0, 160);
        return `    ${target}\n      ${html}\n      ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`;
      });
      const error = 'error' in v ? ` - could not run: ${(v.error as Error).message}` : '';
      return `  [${v.impact}] ${v.id}: ${v.help}${error} (${v.nodes.length})\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/**
 * Checks the page and records any blocking violation under the screen's name without stopping
 * the test (expect.soft), so one run lists every screen that needs work.
 */
export async function expectAccessible(page: Page, screen: string) {
  const violations = await blockingViolations(page);
  const summary = violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length})`).join(', ');
  if (violations.length) console.log(`axe ${screen}: ${summary}\n${formatViolations(violations)}`);
  expect.soft(violations.length, `${screen}\n${formatViolations(violations)}`).toBe(0);
}
