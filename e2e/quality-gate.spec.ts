import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, QUALITY_GATE_DEFAULTS } from '@cityforge/shared';
import { expectAccessible } from './helpers/a11y.ts';
import { SHOTS, signIn } from './helpers/app.ts';
import {
  apiCreateProject,
  apiSignIn,
  apiUpdateSettings,
  apiUploadCities,
  apiWaitForProject,
} from './helpers/api.ts';
import { startStack, type Stack } from './helpers/stack.ts';

const ADMIN = { email: 'owner@example.com', password: 'owner-pass-1' };

const CITIES_CSV = [
  'City,State,County,ZIP',
  'Austin,TX,Travis,78701',
  'Pflugerville,TX,Travis,78660',
  'Round Rock,TX,Williamson,78664',
];

describe('the quality gate on the detail screen', () => {
  let stack: Stack;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    stack = await startStack({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  });
  afterAll(() => stack?.stop());

  it('shows each city’s verdict and the held-back count, approves one, warns before deploying', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const id = await apiCreateProject(stack, token, { name: `Gatekeeper Plumbing ${Date.now()}` });
    await apiUploadCities(stack, token, id, CITIES_CSV.join('\n'));
    await apiWaitForProject(stack, token, id);
    // The offline draft writes ~700 words a page: a project asking for 5,000 holds them all.
    await apiUpdateSettings(stack, token, id, { qualityGate: { minWords: 5000 } });

    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/project/${encodeURIComponent(id)}/detail`);
    // Scores land a moment after the pages are written; the screen looks again until they do.
    await page.getByTestId('held-back-cities').getByText('Held back: 3').waitFor();

    const tree = page.getByRole('list', { name: 'States' });
    await tree.getByRole('button', { name: /Texas \(TX\)/ }).click();
    await tree.getByRole('button', { name: /Travis County\s*2 cities · 2 held back/ }).click();
    const austin = page.getByTestId('city-row').filter({ hasText: 'Austin' });
    await austin.getByTestId('city-verdict').getByText('Held back').waitFor();
    expect(await austin.getByTestId('city-quality').innerText()).toMatch(
      /[\d,]+ words \(needs 5,000\)/,
    );
    await page.screenshot({ path: `${SHOTS}/quality-gate-held.png`, fullPage: true });
    await expectAccessible(page, 'project detail, pages held back');

    await austin.getByRole('button', { name: 'Approve Austin' }).click();
    await page.getByText(MSG.cityApproved).waitFor();
    await austin.getByTestId('city-verdict').getByText('Approved by you').waitFor();
    await page.getByTestId('held-back-cities').getByText('Held back: 2').waitFor();
    const pflugerville = page.getByTestId('city-row').filter({ hasText: 'Pflugerville' });
    expect(await pflugerville.getByTestId('city-verdict').innerText()).toBe('Held back');

    // Deploy says how many pages stay held back before anything runs.
    await page
      .getByRole('group', { name: 'Project actions' })
      .getByRole('button', { name: 'Deploy', exact: true })
      .click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('2 city pages are held back by the quality gate').waitFor();
    await page.screenshot({ path: `${SHOTS}/quality-gate-deploy.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The project card's Deploy says the same.
    await page.goto('/projects');
    const card = page.getByTestId('project-card').filter({ hasText: 'Gatekeeper Plumbing' });
    // (The progress steps above name the same step; the action is the footer's button.)
    await card.getByRole('button', { name: 'Deploy to Netlify' }).last().click();
    await page.getByRole('alertdialog').getByText('2 city pages are held back').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });

  it('edits the gate’s thresholds and the IndexNow switch on the settings screen', async () => {
    const token = await apiSignIn(stack, ADMIN.email, ADMIN.password);
    const id = await apiCreateProject(stack, token, { name: `Gate Settings ${Date.now()}` });
    const { page, context } = await stack.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/projects/${encodeURIComponent(id)}/settings`);
    const words = page.getByLabel('Least words');
    await words.waitFor();
    expect(await words.inputValue()).toBe('300');
    expect(await page.getByLabel('Least local sentences').inputValue()).toBe(
      String(Math.round(QUALITY_GATE_DEFAULTS.minLocalShare * 100)),
    );
    await words.fill('450');
    await page.getByLabel('Most alike a sibling').fill('40');
    await page.getByRole('switch', { name: 'Tell IndexNow what changed' }).click();
    await page.screenshot({ path: `${SHOTS}/quality-gate-settings.png`, fullPage: true });
    await expectAccessible(page, 'project settings, search engines');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText(MSG.settingsUpdated).waitFor();

    const res = await fetch(`${stack.baseURL}/api/projects/${id}/settings/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await res.json()) as {
      data: { qualityGate: { minWords: number; maxSimilarity: number }; indexNow: boolean };
    };
    expect(data.qualityGate.minWords).toBe(450);
    expect(data.qualityGate.maxSimilarity).toBeCloseTo(0.4);
    expect(data.indexNow).toBe(false);
    await context.close();
  });
});
