import type { MediaItem, Preset } from '../src/contract';
import { api, expect, signIn, test } from './fixtures';

// Presets and media exist only in the demo account (new accounts start empty), so these tests
// change the demo account's library; nothing else in the suite relies on these items.

test('renames a preset, makes it the default and deletes another', async ({ page }) => {
  const presets = await api<Preset[]>(page, 'GET', '/presets');
  const other = presets.find((p) => !p.isDefault);
  const current = presets.find((p) => p.isDefault);
  if (!other || !current) throw new Error('the demo presets are missing');
  await signIn(page, undefined, '/presets');
  const table = page.getByRole('table', { name: 'Presets' });
  await expect(table.getByRole('row', { name: new RegExp(current.name) })).toContainText('Default');

  await page.getByRole('button', { name: `Rename ${other.name}` }).click();
  const name = page.getByRole('textbox', { name: `New name for ${other.name}` });
  await expect(name).toBeFocused();
  await name.fill('Neon renamed in e2e');
  await page.getByRole('button', { name: 'Save name' }).click();
  const renamed = table.getByRole('row', { name: /Neon renamed in e2e/ });
  await expect(renamed).toBeVisible();

  await page.getByRole('button', { name: 'Make default: Neon renamed in e2e' }).click();
  await expect(renamed).toContainText('Default');
  await expect(
    page.getByRole('button', { name: 'Make default: Neon renamed in e2e' }),
  ).toBeDisabled();
  await expect(table.getByRole('row', { name: new RegExp(current.name) })).not.toContainText(
    'Default',
  );

  await page.getByRole('button', { name: `Delete ${current.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete preset' });
  await expect(dialog).toContainText(current.name);
  await dialog.getByRole('button', { name: 'Delete preset' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(current.name) })).toHaveCount(0);

  const after = await api<Preset[]>(page, 'GET', '/presets');
  expect(after.map((p) => [p.name, p.isDefault])).toEqual([['Neon renamed in e2e', true]]);
});

test('opens a media item and deletes one after confirming', async ({ page }) => {
  const media = await api<MediaItem[]>(page, 'GET', '/media');
  expect(media.length).toBeGreaterThan(1);
  await signIn(page, undefined, '/media');
  const grid = page.getByRole('list', { name: 'Media items' });
  await expect(grid.getByRole('listitem')).toHaveCount(media.length);
  await expect(grid.getByRole('img', { name: /Preview of the logo/ })).toBeVisible();
  await expect(grid).toContainText('256×256');
  await expect(grid).toContainText('processing');

  await grid.getByRole('link', { name: /^Open Logo of/ }).click();
  await expect(page).toHaveURL(/\/media\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Logo of/ })).toBeVisible();
  await expect(page.getByText('256×256')).toBeVisible();
  await page.getByRole('link', { name: '← All media' }).click();

  const failed = media.find((item) => item.status === 'failed');
  if (!failed) throw new Error('the demo media has no failed item');
  await expect(grid).toContainText(failed.error ?? '');
  await grid.getByRole('button', { name: /^Delete Video of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete media' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(media.length);

  await grid.getByRole('button', { name: /^Delete Video of/ }).click();
  await dialog.getByRole('button', { name: 'Delete media' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(media.length - 1);
  await expect(grid).not.toContainText(failed.error ?? '');
  const after = await api<MediaItem[]>(page, 'GET', '/media');
  expect(after.map((item) => item.id)).not.toContain(failed.id);
});

test('an empty preset name is refused at the field with a sentence, and nothing is sent', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/presets');
  const rename = page.getByRole('button', { name: /^Rename / }).first();
  await rename.click();
  const field = page.getByRole('textbox', { name: /^New name for / });
  await field.fill('   ');
  let sent = 0;
  await page.route('**/api/v1/presets/**', async (route) => {
    if (route.request().method() === 'PATCH') sent++;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('alert')).toHaveText('Give the preset a name.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveValue('   ');
  expect(sent).toBe(0);
  await expect(page.getByText(/too small|expected string/i)).toHaveCount(0);
});

test('a media item stuck in processing is said to be, and the page stops polling', async ({
  page,
}) => {
  await signIn(page);
  let polls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/media') polls++;
  });
  await page.goto('/media');
  await expect(page.getByText(/shown no progress for over 30\s+minutes/)).toBeVisible();
  await expect(page.getByText(/still processing: this page refreshes/)).toHaveCount(0);
  const after = polls;
  await page.waitForTimeout(7000); // more than two polls at the first interval (3 s)
  expect(polls).toBe(after);
});
