import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What has the focus, and how it shows. */
export type FocusInfo = {
  /** Tag, role and a short name, for messages: `button "Create Project"`. */
  label: string;
  /** An outline, or a box-shadow ring, is drawn for it. */
  visible: boolean;
  indicator: string;
};

/**
 * Describes document.activeElement. A focus indicator is an outline (not none, at least 1 px,
 * not transparent) or a ring (a box-shadow with zero offsets and a spread) on the element; or
 * an outline on an ancestor that draws the ring for it (:focus-within, e.g. the code editor's
 * frame around its contenteditable). Ancestor rings are not counted: cards and badges use them.
 */
export async function focusInfo(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { label: 'body', visible: false, indicator: 'none' };
    const outline = (cs: CSSStyleDeclaration) =>
      cs.outlineStyle !== 'none' &&
      parseFloat(cs.outlineWidth) >= 1 &&
      !/^transparent$|rgba\([^)]*,\s*0\)$|\/\s*0\)$/.test(cs.outlineColor)
        ? `outline ${cs.outlineWidth} ${cs.outlineStyle} ${cs.outlineColor}`
        : null;
    const ring = (cs: CSSStyleDeclaration) =>
      /0px 0px 0px [1-9]/.test(cs.boxShadow) ? `ring ${cs.boxShadow}` : null;
    const own = getComputedStyle(el);
    let indicator = outline(own) ?? ring(own);
    for (let up = el.parentElement, i = 0; !indicator && up && i < 4; up = up.parentElement, i++) {
      const found = outline(getComputedStyle(up));
      if (found) indicator = `${found} on ${up.tagName.toLowerCase()}`;
    }
    const name = (
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      ''
    )
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40);
    const role = el.getAttribute('role');
    const label = `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name}"`;
    return { label, visible: !!indicator, indicator: indicator ?? 'none' };
  });
}

/** The focused element is the one the locator finds. */
export async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/** The focus is on the target, and shows. */
export async function expectFocusOn(target: Locator, what: string) {
  await expect.poll(() => hasFocus(target), { message: `focus on ${what}` }).toBe(true);
  const info = await focusInfo(target.page());
  expect(info.visible, `no focus indicator on ${info.label}`).toBe(true);
}

/**
 * Presses Tab (Shift+Tab with back) until the target has the focus (none if it has already), checking that every element
 * passed on the way shows a focus indicator. Answers the labels of the stops, for messages.
 */
export async function tabTo(
  target: Locator,
  { back = false, max = 80 }: { back?: boolean; max?: number } = {},
): Promise<string[]> {
  const page = target.page();
  const stops: string[] = [];
  if (await hasFocus(target)) return stops;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const info = await focusInfo(page);
    stops.push(info.label);
    expect(info.visible, `no focus indicator on ${info.label} (after ${stops.length} tabs)`).toBe(
      true,
    );
    if (await hasFocus(target)) return stops;
  }
  throw new Error(`not reached in ${max} tabs; passed ${stops.join(' → ')}`);
}

/** Selects all of the focused field's text and types over it. */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * Tabs forwards, then backwards, more times than the dialog has controls: the focus must stay
 * inside it (a modal traps the focus) and show on every stop.
 */
export async function expectFocusTrapped(dialog: Locator, presses = 12) {
  const page = dialog.page();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((d) => d.contains(document.activeElement));
      const info = await focusInfo(page);
      expect(inside, `${key} #${i + 1} left the dialog for ${info.label}`).toBe(true);
      expect(info.visible, `no focus indicator on ${info.label} in the dialog`).toBe(true);
    }
  }
}
