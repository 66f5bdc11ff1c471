import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { MSG, OFFLINE_MODEL_ID } from '@cityforge/shared';
import { REGENERATE_SYSTEM_PROMPT } from '../apps/server/src/modules/editor/regenerate-prompt.ts';
import { startFakeAi, type FakeAi, type FakeAiMessage } from '@cityforge/fakes/openai';
import { createProject, toastTitled, SHOTS, signIn, waitForEditor } from './helpers/app.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };
const SERVER_KEY = 'sk-or-e2e-editor';

const NEW_HEADING = 'Roof Repairs Done Right in Austin';
/** Typed into the HTML editor with its </span> missing; fixed before Apply. */
const NOTE_TEXT = 'Checked in the HTML editor';
const BROKEN_NOTE = `<div class="e2e-note"><span>${NOTE_TEXT}</div>`;
const PROMPT = 'Make this friendlier and mention same-day service';
const REGEN_HEADING = 'Friendly Roofers, Same-Day Service';
const REGEN_TEXT = 'Call before noon and we will be on your roof the same day.';
const REGEN_FRAGMENT =
  `<section id="about" class="section"><div class="wrap">` +
  `<h2>${REGEN_HEADING}</h2><p>${REGEN_TEXT}</p></div></section>`;

function textOf(message: FakeAiMessage | undefined): string {
  return typeof message?.content === 'string' ? message.content : JSON.stringify(message?.content);
}

/** A regenerate call is recognised by the product's fixed system prompt. */
function isRegenerate(messages: FakeAiMessage[]): boolean {
  return textOf(messages.find((m) => m.role === 'system')) === REGENERATE_SYSTEM_PROMPT;
}

/** Text as GrapesJS escapes it in HTML (apostrophes become &#039;, and so on), read back. */
function unescapeText(html: string): string {
  return html
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&#96;/g, '`')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

/** The GrapesJS canvas: an iframe holding the page's body. */
function canvas(page: Page): FrameLocator {
  return page.frameLocator('iframe.gjs-frame');
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/editor-${name}.png` });
}

describe('the page editor', () => {
  let stack: Stack;
  let fake: FakeAi;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    fake = await startFakeAi({
      // Only regenerate calls are expected: the project is written by the offline model.
      respond: (call) =>
        isRegenerate(call.messages)
          ? JSON.stringify({ html: REGEN_FRAGMENT })
          : JSON.stringify({ error: 'unexpected call' }),
    });
    stack = await startStack({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // A superuser falls back to the server's keys, so the regenerate box offers OpenRouter.
      OPENROUTER_API_KEY: SERVER_KEY,
      OPENROUTER_BASE_URL: fake.openRouterUrl,
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await fake?.close();
  });

  it('edits, saves, loads a version, applies HTML and regenerates a block', async () => {
    const { page: list, context } = await stack.newPage();
    const name = `Capitol Roofing ${Date.now()}`;
    await signIn(list, ADMIN.email, ADMIN.password);
    const card = await createProject(list, name, OFFLINE_MODEL_ID);
    // "Created" once every page is written; the card's links are enabled from then on.
    await card.getByText('Created', { exact: true }).waitFor();

    // The card's Edit opens the homepage editor in a new tab.
    const edit = card.getByRole('link', { name: 'Edit', exact: true });
    await edit.waitFor();
    const editHref = (await edit.getAttribute('href'))!;
    expect(editHref).toMatch(/^\/projects\/[^/]+\/edit$/);
    const tab = context.waitForEvent('page');
    await edit.click();
    const page = await tab;
    await page.waitForURL(`**${editHref}`);
    await waitForEditor(page);
    const frame = canvas(page);
    const h1 = frame.locator('main#main h1');
    const saveState = page.getByTestId('editor-save-state');
    expect(await page.getByTestId('editor-title').innerText()).toBe('Homepage');
    await saveState.filter({ hasText: 'All changes saved' }).waitFor();
    const original = (await h1.innerText()).trim();
    expect(original.length).toBeGreaterThan(0);
    expect(original).not.toBe(NEW_HEADING);
    expect(await frame.locator('script').count()).toBe(0);
    await shot(page, 'loaded');

    // Change the heading in the canvas: double-click opens the text editor on it.
    await h1.dblclick();
    await frame.locator('main#main h1[contenteditable="true"]').waitFor();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(NEW_HEADING);
    await expect.poll(async () => (await h1.innerText()).trim()).toBe(NEW_HEADING);
    // Typing is an unsaved change already, before the text editor closes.
    await saveState.filter({ hasText: 'Unsaved changes' }).waitFor();
    await shot(page, 'heading-edited');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toastTitled(page, MSG.savedSuccessfully).waitFor();
    expect(await toastTitled(page, MSG.saveFailed).count()).toBe(0);
    await saveState.filter({ hasText: 'All changes saved' }).waitFor();

    // Saved on the server: a reload builds the canvas from the stored page.
    await page.reload();
    await waitForEditor(page);
    expect((await h1.innerText()).trim()).toBe(NEW_HEADING);
    expect(await frame.locator('main#main h1').count()).toBe(1);
    await shot(page, 'after-reload');

    // Additional Settings › Versions: the save kept the generated page as "Original".
    await page.getByRole('button', { name: 'Additional Settings' }).click();
    const settings = page.getByRole('complementary', { name: 'Additional Settings' });
    await settings.waitFor();
    const versions = settings.getByTestId('versions').getByRole('listitem');
    await versions.first().waitFor();
    const names = (await versions.allInnerTexts()).map((t) => t.split('\n')[0]!.trim());
    expect(names).toEqual(['Version 2', 'Original']);
    await settings.getByRole('button', { name: 'Load version Original' }).click();
    await toastTitled(page, MSG.versionLoaded).waitFor();
    await expect.poll(async () => (await h1.innerText()).trim()).toBe(original);
    await saveState.filter({ hasText: 'Unsaved changes' }).waitFor();
    await shot(page, 'version-loaded');
    await settings.getByRole('button', { name: 'Close settings' }).click();
    await settings.waitFor({ state: 'detached' });

    // HTML Editor: a mismatched tag is listed, Format refuses it, the fix formats and applies.
    await page.getByRole('button', { name: 'HTML Editor' }).click();
    const dialog = page.getByRole('dialog', { name: 'HTML Editor' });
    await dialog.waitFor();
    const source = dialog.getByRole('textbox', { name: 'HTML source' });
    await source.waitFor();
    await source.click();
    await page.keyboard.press('ControlOrMeta+End');
    // insertText arrives as one input, so CodeMirror's auto-closing of tags stays out of it.
    await page.keyboard.insertText(BROKEN_NOTE);
    const tagErrors = dialog.getByRole('region', { name: /Tag errors/ });
    const problem = tagErrors
      .getByRole('listitem')
      .filter({ hasText: 'Mismatched tag </div>: expected </span> first.' });
    await problem.waitFor();
    expect(await tagErrors.getByRole('listitem').count()).toBe(1);
    expect(await dialog.getByText('1 tag error', { exact: true }).count()).toBe(1);
    await shot(page, 'html-tag-error');

    const lines = dialog.getByLabel('Document counts').locator('span').first();
    const linesBefore = await lines.innerText();
    await dialog.getByRole('button', { name: 'Format' }).click();
    await toastTitled(page, MSG.formatFailed).waitFor();
    expect(await lines.innerText()).toBe(linesBefore);

    // Fix it: the cursor goes back to the end, before "</div>", and the </span> goes in.
    await source.focus();
    await page.keyboard.press('ControlOrMeta+End');
    for (let i = 0; i < '</div>'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.insertText('</span>');
    await tagErrors.getByText('No tag errors').waitFor();
    expect(await dialog.getByText(/\d+ tag errors?$/).count()).toBe(0);

    await dialog.getByRole('button', { name: 'Format' }).click();
    await expect.poll(() => lines.innerText()).not.toBe(linesBefore);
    expect(await source.innerText()).toContain(NOTE_TEXT);
    await tagErrors.getByText('No tag errors').waitFor();
    await shot(page, 'html-formatted');

    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    const note = frame.locator('main#main div.e2e-note > span');
    await note.waitFor();
    await note.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    expect((await note.innerText()).trim()).toBe(NOTE_TEXT);
    // The applied HTML is the loaded version plus the note: the heading stayed.
    expect((await h1.innerText()).trim()).toBe(original);
    expect(await toastTitled(page, MSG.updateHtmlFailed).count()).toBe(0);
    await shot(page, 'html-applied');

    // The shared header is locked: clicking it selects nothing and shows no toolbar, also
    // with the canvas scrolled, when the sticky header sits over the page's content.
    await page.getByRole('button', { name: 'Unselect' }).click();
    const header = frame.locator('header.site-header');
    const regenerate = page.getByRole('region', { name: MSG.regenerateSelected });
    for (const scrollY of [0, 900]) {
      await frame
        .locator('body')
        .evaluate((body, y) => body.ownerDocument.defaultView?.scrollTo(0, y), scrollY);
      await header.click({ position: { x: 4, y: 4 } });
      await header.locator('.brand').click();
      // A selection would show at once; a short settle lets React draw the box if one came.
      await page.waitForTimeout(300);
      expect(await frame.locator('.gjs-selected').count()).toBe(0);
      expect(await page.locator('.gjs-toolbar:visible').count()).toBe(0);
      expect(await regenerate.count()).toBe(0);
      expect(await page.getByTestId('trait-panel').count()).toBe(0);
      // Still the editor: the brand link did not navigate the canvas.
      await frame.locator('main#main h1').waitFor({ state: 'attached' });
    }
    await shot(page, 'header-locked');

    // Select a block inside main: the top padding of the About section is the section itself.
    const about = frame.locator('main#main section#about');
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
    // textContent: the text as written, whatever the theme's CSS does to how it shows.
    const aboutHeading = squash((await about.locator('h2').textContent()) ?? '');
    const aboutParagraphs = (await about.locator('p').allTextContents()).map(squash);
    expect(aboutParagraphs.length).toBeGreaterThan(0);
    await about.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await about.click({ position: { x: 8, y: 8 } });
    await regenerate.waitFor();
    expect(await regenerate.getByRole('heading').innerText()).toBe(MSG.regenerateSelected);
    expect(await regenerate.getByText('Selected:').innerText()).toBe('Selected: Section');
    await frame.locator('main#main section#about.gjs-selected').waitFor();
    await page.locator('.gjs-toolbar:visible').first().waitFor();
    const model = regenerate.getByLabel('Model');
    await expect.poll(() => model.inputValue()).not.toBe('');
    const modelId = await model.inputValue();

    // An empty prompt is refused in the box; nothing reaches the model.
    const submit = regenerate.getByRole('button', { name: 'Regenerate', exact: true });
    await submit.click();
    await regenerate.getByRole('alert').filter({ hasText: 'Enter a prompt.' }).waitFor();
    await page.waitForTimeout(300);
    expect(fake.requests.length).toBe(0);
    await shot(page, 'regenerate-empty-prompt');

    await regenerate.getByLabel('Prompt').fill(PROMPT);
    expect(await regenerate.getByRole('alert').count()).toBe(0);
    await submit.click();
    await toastTitled(page, MSG.componentRegenerated).waitFor();
    expect(await toastTitled(page, MSG.regenerateFailed).count()).toBe(0);
    const rewritten = frame.locator('main#main section#about');
    await rewritten.locator('h2').filter({ hasText: REGEN_HEADING }).waitFor();
    expect((await rewritten.locator('p').innerText()).trim()).toBe(REGEN_TEXT);
    expect(await frame.getByText(aboutHeading, { exact: true }).count()).toBe(0);
    // The rest of the page is untouched.
    expect((await h1.innerText()).trim()).toBe(original);
    expect((await note.innerText()).trim()).toBe(NOTE_TEXT);
    await saveState.filter({ hasText: 'Unsaved changes' }).waitFor();
    await shot(page, 'regenerated');

    // The fake got exactly one call: the regenerate prompt with the fragment and the wish.
    expect(fake.requests.length).toBe(1);
    const [call] = fake.requests;
    expect(isRegenerate(call!.messages)).toBe(true);
    expect(call!.model).toBe(modelId);
    expect(call!.key).toBe(SERVER_KEY);
    const user = textOf(call!.messages.find((m) => m.role === 'user'));
    expect(user).toContain(`Business: ${name}`);
    expect(user).toContain(`Instruction: ${PROMPT}`);
    const fragment = /HTML fragment to rewrite:\n([\s\S]*)\n\nInstruction:/.exec(user)?.[1] ?? '';
    expect(fragment).toMatch(/^<section\b[^>]*\bid="about"/);
    expect(fragment).toMatch(/<\/section>$/);
    // Format (above) indented the paragraphs: their text is compared with spaces collapsed.
    const flat = squash(unescapeText(fragment));
    expect(flat).toContain(`<h2>${aboutHeading}</h2>`);
    for (const paragraph of aboutParagraphs) expect(flat).toContain(paragraph);
    expect(fragment).not.toContain('gjs-');
    expect(fragment).not.toContain(NOTE_TEXT);

    // Nothing that runs ever reaches the same-origin canvas.
    expect(await frame.locator('script').count()).toBe(0);
    await context.close();
  });
});
