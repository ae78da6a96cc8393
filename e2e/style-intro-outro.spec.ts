import type { ProjectSettings } from '../src/contract';
import { settingsOnlyProject } from './editor-fixtures';
import { api, expect, signIn, test } from './fixtures';

/**
 * The branding intro/outro controls of the style editor: the switch, which media item (the
 * newest of its type when none is named), length and effect; saved with the style.
 */
test('intro video: keyboard switch, media, effect and fade saved with the style', async ({
  page,
}, testInfo) => {
  const { key, project } = await settingsOnlyProject(page);
  await signIn(page, key, `/projects/${project.id}/settings`);
  await expect(page.getByRole('heading', { name: 'Video style' })).toBeVisible();
  const toggle = page.getByLabel('Intro video', { exact: true });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  const media = page.getByLabel('Intro media', { exact: true });
  await expect(media).toBeEnabled();
  await expect(media.locator('option').first()).toHaveText(
    /No intro video yet|The newest intro video/,
  );
  await page.getByLabel('Intro effect', { exact: true }).selectOption('none');
  await page.getByLabel(/^Intro length/).fill('2.5');
  await media.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('intro-controls.png'), fullPage: false });
  await page.getByRole('button', { name: 'Save style' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const settings = await api<ProjectSettings>(
    page,
    'GET',
    `/projects/${project.id}/settings`,
    undefined,
    key,
  );
  const intro = settings.settings.style.overlays.branding.intro;
  expect([intro.enabled, intro.effect, intro.durationSeconds]).toEqual([true, 'none', 2.5]);
});
