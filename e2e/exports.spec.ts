import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { Export, TaskStart } from '../src/contract';
import { isolatedProject, waitForTask } from './editor-fixtures';
import { api, expect, signIn, test } from './fixtures';

// Renders are real (ffmpeg + libass on the 50-second demo song): the small, fast settings keep
// each under a few seconds of CPU; the waits allow for a busy machine.
test.setTimeout(180_000);
const RENDER_MS = 120_000;

const exportsList = (page: Page) => page.getByRole('list', { name: 'Exports' });
const storedExports = (page: Page, key: string, projectId: string) =>
  api<Export[]>(page, 'GET', `/projects/${projectId}/exports`, undefined, key);

/** Picks the cheapest render in the open dialog: 360p, 24 fps, draft, fast. */
async function cheapOptions(dialog: Locator) {
  await dialog.getByRole('combobox', { name: 'Resolution' }).selectOption('360p');
  await dialog.getByRole('combobox', { name: 'Frame rate' }).selectOption('24');
  await dialog.getByRole('combobox', { name: 'Quality' }).selectOption('draft');
  await dialog.getByRole('checkbox', { name: /Fast mode/ }).check();
}

/** The video element reached HAVE_CURRENT_DATA and knows its duration. */
async function expectPlayable(video: Locator, seconds: number) {
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(2);
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(Math.abs(duration - seconds)).toBeLessThan(0.5);
  // It plays: time moves on.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(0.2);
}

test('renders from the exports page: progress, download, play', async ({ page }) => {
  const { key, project } = await isolatedProject(page);
  await signIn(page, key, `/projects/${project.id}/exports`);
  await expect(page.getByRole('heading', { name: 'No exports yet' })).toBeVisible();

  await page.getByRole('button', { name: 'Render video…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Render video' });
  await expect(dialog).toBeVisible();
  // The open project's timing is offered; the service's defaults are preselected.
  await expect(dialog.getByRole('combobox', { name: 'Timing' })).toHaveValue(
    project.alignments.find((a) => a.selected)?.id ?? '',
  );
  await expect(dialog.getByRole('combobox', { name: 'Resolution' })).toHaveValue('720p');
  await cheapOptions(dialog);
  await dialog.getByRole('button', { name: 'Start render' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'The render was started' }),
  ).toBeVisible();

  const item = exportsList(page).getByRole('listitem').first();
  await expect(item).toContainText('360p · 24 fps · draft · fast');
  // Live status: a progress bar while queued or rendering, then completed with a size.
  await expect(item.getByRole('progressbar', { name: /Render progress/ })).toBeVisible();
  await expect(item.getByText('completed', { exact: true })).toBeVisible({ timeout: RENDER_MS });
  await expect(item.getByRole('progressbar')).toHaveCount(0);
  await expect(item).toContainText(/\d+(\.\d)? (KB|MB)/);
  // The render's end is announced, linking to the export.
  const notices = page.getByRole('region', { name: 'Task notices' });
  await expect(notices).toContainText('Video render for “Editor test song”: completed');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: /^Download/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Editor test song (360p).mp4');
  const file = await download.path();
  expect(statSync(file).size).toBeGreaterThan(10_000);
  const probe = execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name,width,height',
      '-of',
      'csv=p=0',
      file,
    ],
    { encoding: 'utf8' },
  ).trim();
  expect(probe).toBe('h264,640,360');

  await item.getByRole('button', { name: /^Play/ }).click();
  await expectPlayable(item.locator('video'), project.duration ?? 50.4);
  await expect(item.getByRole('button', { name: /^Hide the player/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});

test('cancels a running render, then retries it', async ({ page }) => {
  const { key, project } = await isolatedProject(page);
  await signIn(page, key, `/projects/${project.id}/exports`);
  // Keyboard only: the button, the dialog's fields, the submit.
  const render = page.getByRole('button', { name: 'Render video…' });
  // It is enabled once the project (its style) has arrived.
  await expect(render).toBeEnabled();
  await render.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Render video' });
  await expect(dialog).toBeVisible();
  // A slow render, so it is still running when cancelled.
  await dialog.getByRole('combobox', { name: 'Resolution' }).selectOption('1080p');
  await dialog.getByRole('combobox', { name: 'Quality' }).selectOption('high');
  await dialog.getByRole('button', { name: 'Start render' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const item = exportsList(page).getByRole('listitem').first();
  const cancel = item.getByRole('button', { name: /^Cancel the render/ });
  await expect(cancel).toBeVisible();
  await cancel.click();
  await expect(item.getByText('cancelled', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(item).toContainText('Cancelled by the user');
  await expect(item.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  const stored = await storedExports(page, key, project.id);
  expect(stored[0]?.status).toBe('cancelled');
  expect(stored[0]?.fileKey ?? null).toBeNull();

  // Retry renders the same settings again (then it is cancelled too, to free the machine).
  await item.getByRole('button', { name: /^Retry/ }).click();
  const again = exportsList(page).getByRole('listitem').first();
  await expect(exportsList(page).getByRole('listitem')).toHaveCount(2);
  await expect(again).toContainText('1080p · 30 fps · high');
  const next = await storedExports(page, key, project.id);
  const running = next.find((e) => e.status !== 'cancelled');
  if (running?.taskId) await api(page, 'POST', `/tasks/${running.taskId}/cancel`, {}, key);
});

test('renders from the editor: unsaved edits are saved first; the notice leads to the video', async ({
  page,
}) => {
  const { key, project } = await isolatedProject(page);
  await signIn(page, key, `/projects/${project.id}`);
  await expect(page.getByRole('application', { name: /Timeline of words/ })).toBeVisible();
  // An edit: nudge the first word later.
  await page.getByRole('application', { name: /Timeline of words/ }).focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

  await page.getByRole('button', { name: 'Render video…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Render video' });
  await expect(dialog).toContainText('This timing has unsaved edits');
  await cheapOptions(dialog);
  await dialog.getByRole('button', { name: 'Save and render' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Rendering the video' })).toBeVisible();

  // The render used the saved revision: the alignment's stored revision moved on before it.
  const exports = await storedExports(page, key, project.id);
  expect(exports).toHaveLength(1);
  expect(exports[0]?.alignmentId).toBe(project.alignments[0]?.id);

  const notices = page.getByRole('region', { name: 'Task notices' });
  await expect(notices).toContainText('Video render for “Editor test song”: completed', {
    timeout: RENDER_MS,
  });
  await notices.getByRole('link', { name: 'Watch the video' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/exports\\?task=`));
  const item = exportsList(page).getByRole('listitem').first();
  await expect(item).toBeFocused();
  await expectPlayable(item.locator('video'), project.duration ?? 50.4);
});

test('a render that cannot start says why in the dialog, nothing is listed', async ({ page }) => {
  const { key, project } = await isolatedProject(page);
  await signIn(page, key, `/projects/${project.id}/exports`);
  // A fault on top of the real service: the first start answers 402 (out of credits).
  await page.route(`**/api/v1/projects/${project.id}/exports`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 402,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: 'about:blank',
            title: 'Not enough credits',
            status: 402,
            detail: 'A render costs 1 credit; you have 0.',
          }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Render video…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Render video' });
  await dialog.getByRole('button', { name: 'Start render' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'The render did not start: Not enough credits',
  );
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No exports yet' })).toBeVisible();
  const stored = await storedExports(page, key, project.id);
  expect(stored).toEqual([]);
});

test('pages through exports, keeping the page in the address', async ({ page }) => {
  // Five real one-second renders of a project of its own, one cancelled.
  const { key, project } = await isolatedProject(page);
  const starts: TaskStart[] = [];
  for (let n = 0; n < 5; n++) {
    starts.push(
      await api<TaskStart>(
        page,
        'POST',
        `/projects/${project.id}/exports`,
        { resolution: '360p', quality: 'draft', renderMode: 'fast', range: { start: 0, end: 1 } },
        key,
      ),
    );
  }
  const cancelled = starts[2]?.taskId ?? '';
  await api(page, 'POST', `/tasks/${cancelled}/cancel`, {}, key);
  for (const start of starts)
    if (start.taskId !== cancelled) await waitForTask(page, key, start.taskId);
  await signIn(page, key, `/projects/${project.id}/exports?limit=2`);
  const items = exportsList(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Page 2')).toBeVisible();
  await expect(items).toHaveCount(2);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(items).toHaveCount(1); // the fifth export alone
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.reload();
  await expect(page.getByText('Page 3')).toBeVisible();
  await expect(items).toHaveCount(1);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/page=2/);

  await page.getByLabel('Per page').selectOption('10');
  await expect(page).not.toHaveURL(/page=/);
  await expect(items).toHaveCount(5);
  const list = exportsList(page);
  await expect(list.getByText('completed', { exact: true })).toHaveCount(4);
  await expect(list.getByText('cancelled', { exact: true })).toHaveCount(1);
  await expect(list).toContainText(/\d+(\.\d+)? KB/);
  await expect(list).toContainText('Part: 0:00–0:01');
});
