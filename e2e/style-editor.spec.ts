import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { Preset, ProjectSettings } from '../src/contract';
import { createProjectFrom, isolatedProject, settingsOnlyProject } from './editor-fixtures';
import { api, expect, signIn, test } from './fixtures';
import { readFileSync } from 'node:fs';

/**
 * The style editor on a project's Settings page, against the real service: keyboard-only edits
 * change the preview, save, survive a reload; presets saved and applied to another project; a
 * second tab's stale save gets the merge-or-reload choice; axe clean.
 */
test.describe.configure({ timeout: 240_000 });

const settingsOf = (page: Page, key: string, projectId: string) =>
  api<ProjectSettings>(page, 'GET', `/projects/${projectId}/settings`, undefined, key);

/** The preview canvas's pixels as a data URL: changes when what it draws changes. */
const previewPixels = (page: Page) =>
  page
    .locator('.style-preview canvas')
    .evaluate((c) => (c as HTMLCanvasElement).toDataURL('image/png'));

/** Moves keyboard focus forward with Tab only until `target` has it. */
async function tabTo(page: Page, target: Locator, max = 300) {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((el) => el === document.activeElement, handle)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}
const field = (page: Page, name: string) => page.getByLabel(name, { exact: true });

test('keyboard only: colours and lines per screen change the preview, save, and stay after a reload', async ({
  page,
}) => {
  const { key, project } = await isolatedProject(page);
  await signIn(page, key, `/projects/${project.id}/settings`);
  await expect(page.getByRole('heading', { name: 'Video style' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

  // Jump to a moment with lyrics on screen (keyboard: the "First line" button).
  await tabTo(page, page.getByRole('button', { name: 'First line' }));
  await page.keyboard.press('Enter');
  // The lines on screen are the canvas's caption: the real lyrics at that moment.
  const caption = page.locator('.style-preview figcaption');
  await expect(caption).toHaveText(/\w/);
  await expect(caption).not.toHaveText('No lyrics on screen');
  const before = await previewPixels(page);

  // Lines per screen: 2 -> 3 with the arrow key.
  await tabTo(page, field(page, 'Lines per screen'));
  await page.keyboard.press('ArrowUp');
  await expect(page.getByLabel('Lines per screen', { exact: true })).toHaveValue('3');

  // Lyrics colour typed in its text field.
  await tabTo(page, field(page, 'Lyrics colour'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('#00FF88');
  // A bad colour is refused at the field, in words, and nothing is lost.
  await tabTo(page, field(page, 'Sung words colour'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('blue-ish');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Sung words colour is not a colour' }),
  ).toBeVisible();
  await expect(page.getByLabel('Sung words colour', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('#FF2200');
  await expect(page.getByLabel('Sung words colour', { exact: true })).not.toHaveAttribute(
    'aria-invalid',
  );

  await expect.poll(() => previewPixels(page)).not.toBe(before);
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

  // Undo and redo from the keyboard (focus outside a text field).
  await page.getByRole('button', { name: 'Save style' }).focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(page.getByLabel('Sung words colour', { exact: true })).not.toHaveValue('#FF2200');
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(page.getByLabel('Sung words colour', { exact: true })).toHaveValue('#FF2200');

  // The draft survives a reload before saving.
  await page.reload();
  await expect(page.getByLabel('Lines per screen', { exact: true })).toHaveValue('3');
  await expect(page.getByLabel('Lyrics colour', { exact: true })).toHaveValue('#00FF88');
  await expect(page.getByText('Your unsaved style changes were restored.')).toBeVisible();

  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const stored = await settingsOf(page, key, project.id);
  expect(stored.settings.style.layout.linesPerScreen).toBe(3);
  expect(stored.settings.style.chordTextStyle.textColor).toBe('#00FF88');
  expect(stored.settings.style.chordTextStyle.effectColor).toBe('#FF2200');

  await page.reload();
  await expect(page.getByLabel('Lines per screen', { exact: true })).toHaveValue('3');
  await expect(page.getByLabel('Lyrics colour', { exact: true })).toHaveValue('#00FF88');
  await expect(page.getByText('Your unsaved style changes were restored.')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/style-settings-page.png', fullPage: true });
});

test('a style that makes lines overflow the frame is flagged before rendering', async ({
  page,
  sharedProject,
}) => {
  const { key, project } = sharedProject;
  await signIn(page, key, `/projects/${project.id}/settings`);
  const size = page.getByLabel(/^Lyrics size/);
  await size.fill('400');
  await page.getByLabel('Split lines too long for the frame').uncheck();
  const warning = page.getByRole('region', { name: 'Before you render' });
  await expect(warning).toContainText('wider than the frame');
  await warning.getByRole('button', { name: 'Go to the field' }).first().click();
  await expect(size).toBeFocused();
  await size.fill('-3');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Lyrics size must be at least 8.' }),
  ).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: '1 style field needs fixing' }),
  ).toBeVisible();
});

test('save as preset, apply it to another project', async ({ page }) => {
  const { key, project } = await isolatedProject(page);
  const other = await createProjectFrom(
    page,
    key,
    {
      bytes: readFileSync('server/seed/assets/demo-song.flac'),
      filename: 'other.flac',
      contentType: 'audio/flac',
    },
    'Another song',
    null, // a preset applies to any project: no lyrics, no sync needed
  );
  await signIn(page, key, `/projects/${project.id}/settings`);
  await page.getByLabel('Aspect ratio').selectOption('9:16');
  await page.getByLabel('Lyrics colour', { exact: true }).fill('#123456');
  await page.getByRole('button', { name: 'Save as preset…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this style as a preset' });
  await dialog.getByRole('button', { name: 'Save preset' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the preset a name.');
  await dialog.getByLabel('Preset name').fill('Portrait teal');
  await dialog.getByRole('button', { name: 'Save preset' }).click();
  await expect(page.getByText('Saved the preset “Portrait teal”.')).toBeVisible();
  const presets = await api<Preset[]>(page, 'GET', '/presets', undefined, key);
  const made = presets.find((p) => p.name === 'Portrait teal');
  expect(made?.preset.aspectRatio).toBe('9:16');
  expect(made?.preset.chordTextStyle.textColor).toBe('#123456');

  await page.goto(`/projects/${other.projectId}/settings`);
  await expect(page.getByLabel('Aspect ratio')).toHaveValue('16:9');
  await page.getByLabel('Preset to apply').selectOption({ label: 'Portrait teal' });
  await page.getByRole('button', { name: 'Apply preset' }).click();
  await expect(page.getByText('Applied the preset “Portrait teal”.')).toBeVisible();
  await expect(page.getByLabel('Aspect ratio')).toHaveValue('9:16');
  await expect(page.getByRole('img', { name: /Preview of the video \(9:16\)/ })).toBeVisible();
  const applied = await settingsOf(page, key, other.projectId);
  expect(applied.presetId).toBe(made?.id);
  expect(applied.settings.style.chordTextStyle.textColor).toBe('#123456');
  await expect(page.getByText('Based on preset:')).toContainText('Portrait teal');

  // Reset to preset brings the preset's look back after a change; undo takes it back.
  await page.getByLabel('Lines per screen', { exact: true }).fill('4');
  await page.getByRole('button', { name: 'Reset to preset' }).click();
  await expect(page.getByLabel('Lines per screen', { exact: true })).toHaveValue('2');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByLabel('Lines per screen', { exact: true })).toHaveValue('4');
});

test("a second tab's stale save gets the merge or reload choice", async ({ page, context }) => {
  const { key, project } = await settingsOnlyProject(page);
  await signIn(page, key, `/projects/${project.id}/settings`);
  const second = await context.newPage();
  await second.goto(`/projects/${project.id}/settings`);
  await expect(second.getByLabel('Lines per screen', { exact: true })).toHaveValue('2');

  // The first tab saves a change.
  await page.getByLabel('Lines per screen', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Save style' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

  // The second tab, still on the old version, changes another field and saves: 409.
  await second.getByLabel('Lyrics colour', { exact: true }).fill('#AA00AA');
  await second.getByRole('button', { name: 'Save style' }).click();
  const dialog = second.getByRole('dialog', { name: 'These settings were changed elsewhere' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Merge my changes' }).click();
  await expect(second.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await expect(second.getByLabel('Lines per screen', { exact: true })).toHaveValue('3');
  const merged = await settingsOf(page, key, project.id);
  expect(merged.settings.style.layout.linesPerScreen).toBe(3);
  expect(merged.settings.style.chordTextStyle.textColor).toBe('#AA00AA');

  // Now the first tab is stale: its save offers the same choice; Reload takes theirs.
  await page.getByLabel('Lines per screen', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Save style' }).click();
  const again = page.getByRole('dialog', { name: 'These settings were changed elsewhere' });
  await again.getByRole('button', { name: 'Reload theirs' }).click();
  await expect(page.getByLabel('Lines per screen', { exact: true })).toHaveValue('3');
  await expect(page.getByLabel('Lyrics colour', { exact: true })).toHaveValue('#AA00AA');
  await second.close();
});

test('the settings page is axe clean', async ({ page, sharedProject }) => {
  const { key, project } = sharedProject;
  await signIn(page, key, `/projects/${project.id}/settings`);
  await expect(page.getByRole('heading', { name: 'Video style' })).toBeVisible();
  await page.getByLabel(/^Lyrics size/).fill('-1');
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} — ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect(bad).toEqual([]);
});

test('render a 10-second sample of the moment through the real renderer and play it', async ({
  page,
}) => {
  const { key, project } = await isolatedProject(page);
  await signIn(page, key, `/projects/${project.id}/settings`);
  await page.getByRole('button', { name: 'First line' }).click();
  // An unsaved change is saved first: the service renders the saved style.
  await page.getByLabel('Lyrics colour', { exact: true }).fill('#00FFFF');
  await page.getByRole('button', { name: /^Render a 10-second sample from / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const video = page.getByTestId('style-sample-video');
  await expect(video).toBeVisible({ timeout: 180_000 });
  const seconds = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        if (v.readyState >= 1) resolve(v.duration);
        else v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true });
      }),
  );
  expect(seconds).toBeGreaterThan(8);
  expect(seconds).toBeLessThan(11.5);
  const exports = await api<{ range?: { start: number; end: number } | null }[]>(
    page,
    'GET',
    `/projects/${project.id}/exports`,
    undefined,
    key,
  );
  const range = exports[0]?.range;
  expect(range && range.end - range.start).toBeCloseTo(10, 1);
  // Playing the sample moves the preview with it.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect(page.getByRole('img', { name: /Preview of the video/ })).not.toHaveAttribute(
    'aria-label',
    new RegExp(
      `at ${Math.floor((range?.start ?? 0) / 60)}:${String(Math.floor((range?.start ?? 0) % 60)).padStart(2, '0')}$`,
    ),
  );
});

test("the editor's preview shows the style draft; its Video style panel saves it", async ({
  page,
}) => {
  const { key, project } = await isolatedProject(page);
  await signIn(page, key, `/projects/${project.id}`);
  const preview = page.getByRole('img', { name: 'Karaoke video preview at the playhead' });
  await expect(preview).toBeVisible();
  const pixels = () => preview.evaluate((c) => (c as HTMLCanvasElement).toDataURL('image/png'));
  const before = await pixels();
  await page.getByText('Video style', { exact: true }).click();
  const panel = page.locator('.editor-style-panel');
  await panel.getByLabel('Aspect ratio').selectOption('1:1');
  await expect.poll(pixels).not.toBe(before);
  await page.screenshot({ path: 'test-results/style-editor-panel.png' });
  await panel.getByRole('button', { name: 'Save style' }).click();
  await expect(panel.getByText('Style saved', { exact: true })).toBeVisible();
  expect((await settingsOf(page, key, project.id)).settings.style.aspectRatio).toBe('1:1');
});

test('keyboard only: show one translation under the lines, save, reload, the preview shows only it', async ({
  page,
}, info) => {
  const { key, project } = await isolatedProject(page);
  // Every line carries a German translation and a romanization (on its first item, ADR 0017).
  const alignment = project.alignments.find((a) => a.selected) ?? project.alignments[0];
  if (!alignment) throw new Error('no alignment');
  const heads = new Set<number>();
  const items = alignment.alignment.items.map((item) => {
    if (heads.has(item.line)) return item;
    heads.add(item.line);
    return {
      ...item,
      translations: {
        de: { text: `Zeile ${item.line + 1}` },
        'ja-Latn': { text: `roma ${item.line + 1}` },
      },
    };
  });
  await api(
    page,
    'PUT',
    `/projects/${project.id}/alignments/${alignment.id}`,
    { alignment: { items }, expectedRevision: alignment.revision },
    key,
  );
  await signIn(page, key, `/projects/${project.id}/settings`);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const caption = page.locator('.style-preview figcaption');

  // "All" (an empty list): both languages are offered, shown, and drawn under the lines.
  await tabTo(page, page.getByRole('button', { name: 'First line' }));
  await page.keyboard.press('Enter');
  await expect(caption).toContainText('(de: Zeile');
  await expect(caption).toContainText('(ja-Latn: roma');
  const group = page.locator('fieldset[data-group="translations"]');
  await expect(group.getByLabel('Show every language the lyrics carry')).toBeChecked();

  // A malformed tag is refused at the field, in plain words.
  await tabTo(page, field(page, 'Add a language (BCP 47 tag)'));
  await page.keyboard.type('not a tag');
  await page.keyboard.press('Enter');
  await expect(group.getByRole('alert')).toContainText('is not a language tag');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');

  // Only German: Space on "Show ja-Latn" hides the romanization.
  await page.keyboard.press('Shift+Tab');
  for (let i = 0; i < 10; i++) {
    if (await group.getByLabel('Show ja-Latn').evaluate((el) => el === document.activeElement))
      break;
    await page.keyboard.press('Shift+Tab');
  }
  await expect(group.getByLabel('Show ja-Latn')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(group.getByLabel('Show ja-Latn')).not.toBeChecked();
  await expect(group.getByLabel('Show de')).toBeChecked();
  await expect(group.getByLabel('Show every language the lyrics carry')).not.toBeChecked();
  await expect(caption).toContainText('(de: Zeile');
  await expect(caption).not.toContainText('ja-Latn');
  // German's own size, typed.
  await tabTo(page, field(page, 'de size (px at 1080p)'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('40');
  const path = info.outputPath('settings-translations.png');
  await group.locator('fieldset').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path });
  await info.attach('settings-translations', { path, contentType: 'image/png' });

  // Undo brings both back, redo hides it again.
  await page.keyboard.press('Tab');
  await page.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(group.getByLabel('Show ja-Latn')).toBeChecked();
  await page.getByRole('button', { name: 'Redo' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(group.getByLabel('Show ja-Latn')).not.toBeChecked();
  await expect(field(page, 'de size (px at 1080p)')).toHaveValue('40');

  // Save with the keyboard; the service holds the list and the style.
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const stored = await settingsOf(page, key, project.id);
  expect(stored.settings.displayLanguages).toEqual(['de']);
  expect(stored.settings.style.languageTextStyles).toEqual({ de: { fontSize: 40 } });

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await expect(group.getByLabel('Show de')).toBeChecked();
  await expect(group.getByLabel('Show ja-Latn')).not.toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'First line' }));
  await page.keyboard.press('Enter');
  await expect(caption).toContainText('(de: Zeile');
  await expect(caption).not.toContainText('ja-Latn');
});
