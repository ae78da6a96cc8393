import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Project, ProjectListEntry } from '../src/contract';
import { api, createAccount, expect, signIn, test } from './fixtures';

const SONG = 'server/seed/assets/demo-song.flac';
const LYRICS = readFileSync('server/seed/assets/demo-song.lyrics.txt', 'utf8').trim();
const SONG_BYTES = readFileSync(SONG).length;
const DEMO_TITLE = 'Morning Light (demo)';

async function demoProjectId(page: Page): Promise<string> {
  const projects = await api<ProjectListEntry[]>(page, 'GET', '/projects');
  const demo = projects.find((p) => p.title === DEMO_TITLE);
  if (!demo) throw new Error('the demo project is missing');
  return demo.id;
}

/** Chromium's own network emulation: a real, slow upload whose progress the page reports. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

test('creates a project from the demo audio, follows the upload and the task, opens its editor', async ({
  page,
}) => {
  const key = createAccount(`projects-${Date.now()}@test.local`);
  await signIn(page, key);
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await page.getByRole('link', { name: 'New project' }).first().click();
  await expect(page).toHaveURL(/\/projects\/new$/);

  await page.getByLabel('Audio or video file').setInputFiles(SONG);
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveValue('demo-song');
  await title.fill('My first song');
  await page.getByRole('textbox', { name: 'Artists' }).fill('Me, My Band');
  await page.getByRole('textbox', { name: 'Lyrics' }).fill(LYRICS);
  const model = page.getByRole('combobox', { name: 'Stem model' });
  await expect(model.getByRole('option')).toHaveCount(13);
  await model.selectOption({ label: 'BS-RoFormer — vocals and instrumental' });

  const restore = await throttleUploads(page, Math.ceil(SONG_BYTES / 4));
  await page.getByRole('button', { name: 'Create project' }).click();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(page.getByText(/MB of 2\.5 MB · \d+ %/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel upload' })).toBeEnabled();
  // Mid-upload: the bar moves past 0 and below 100.
  await expect
    .poll(async () => Number(await bar.getAttribute('value')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(bar).toBeHidden({ timeout: 30_000 });
  await restore();

  // The create task runs to completed; the page then opens the new project's editor.
  // (/projects/new itself matches [^/]+: wait for a project id, not the form.)
  await expect(page).toHaveURL(/\/projects\/(?!new$)[^/]+$/, { timeout: 90_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'My first song' })).toBeVisible();
  // The editor of the new project, with the timing the lyrics sync made.
  await expect(page.getByRole('application', { name: /timeline/i })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  const notice = page.getByRole('region', { name: 'Task notices' });
  await expect(notice).toContainText('Create karaoke project for “My first song”: completed');
  await page
    .getByRole('navigation', { name: 'Project' })
    .getByRole('link', { name: 'Tasks' })
    .click();
  const row = page.getByRole('row', { name: /Create karaoke project/ });
  await expect(row).toContainText('completed');
  const projectId = /\/projects\/([^/]+)\/tasks$/.exec(page.url())?.[1] ?? '';
  const project = await api<Project>(page, 'GET', `/projects/${projectId}`, undefined, key);
  expect(project.title).toBe('My first song');
  expect(project.artists).toEqual(['Me', 'My Band']);
  expect(project.alignments.length).toBeGreaterThan(0);
});

test('starts a lyrics sync from the tasks panel and sees it complete with a new alignment', async ({
  page,
}) => {
  // A real pocketsphinx sync, beside the other worker's tests on two cores.
  test.setTimeout(240_000);
  const projectId = await demoProjectId(page);
  const before = await api<Project>(page, 'GET', `/projects/${projectId}`);
  await signIn(page, undefined, `/projects/${projectId}/tasks`);
  const alignments = page.getByRole('heading', { name: /^Alignments \(\d+\)$/ });
  await expect(alignments).toHaveText(`Alignments (${before.alignments.length})`);

  // Closing the form starts nothing, and says nothing was started.
  await page.getByRole('button', { name: 'Sync lyrics…' }).click();
  await page
    .getByRole('form', { name: 'Lyrics sync' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(page.getByRole('form', { name: 'Lyrics sync' })).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'was started' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sync lyrics…' }).click();
  const lyrics = page.getByRole('textbox', { name: 'Lyrics to sync' });
  await expect(lyrics).toHaveValue(before.lyrics ?? '');
  expect(before.lyrics ?? '').toContain(LYRICS.split('\n')[0] ?? '');
  await page.getByRole('button', { name: 'Start lyrics sync' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'A lyrics sync was started' }),
  ).toBeVisible();

  const row = page.getByRole('row', { name: /Lyrics sync/ }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('completed', { timeout: 180_000 });
  await expect(alignments).toHaveText(`Alignments (${before.alignments.length + 1})`);
  const notice = page.getByRole('region', { name: 'Task notices' });
  await expect(notice).toContainText(`Lyrics sync for “${DEMO_TITLE}”: completed`);
  await expect(notice.getByRole('link', { name: 'Open the editor' })).toHaveAttribute(
    'href',
    `/projects/${projectId}`,
  );
});

test('an upload over the limit and a rejected title show clear messages', async ({ page }) => {
  const projectId = await demoProjectId(page);
  await signIn(page, undefined, `/projects/${projectId}`);
  await page.getByRole('button', { name: 'Edit title and artists' }).click();
  // The header's form (the editor below has a Save of its own).
  const header = page.getByRole('form', { name: 'Title and artists' });
  const title = header.getByRole('textbox', { name: 'Title' });
  await title.fill('A');
  await header.getByRole('button', { name: 'Save' }).click();
  // The service's field error, shown at the field; the entry is kept.
  await expect(header.getByRole('alert')).toHaveText('A title has at least 2 characters.');
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveValue('A');
  await header.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: DEMO_TITLE })).toBeVisible();

  await page.goto('/projects/new');
  await page.getByLabel('Audio or video file').setInputFiles(SONG);
  await page.getByRole('textbox', { name: 'Title' }).fill('B');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('A title has at least 2 characters.')).toBeVisible();

  // The real service checks the declared size: claim 2 GiB for this file.
  await page.route('**/api/v1/uploads', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, contentLength: 2 * 1024 ** 3 }) });
  });
  await page.getByRole('textbox', { name: 'Title' }).fill('Big song');
  await page.getByRole('textbox', { name: 'Lyrics' }).fill('la la la');
  await page.getByRole('button', { name: 'Create project' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This file is too large to upload');
  await expect(alert).toContainText('at most 1073741824 bytes');
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Big song');
  await expect(page.getByRole('textbox', { name: 'Lyrics' })).toHaveValue('la la la');
  await expect(page.getByRole('button', { name: 'Create project' })).toBeEnabled();
});
