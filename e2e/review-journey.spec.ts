import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Alignment, AlignmentItem, Project, Task } from '../src/contract';
import { createProjectFrom, getProject } from './editor-fixtures';
import { api, createAccount, expect, signIn, test } from './fixtures';

// Issue 22's review journey in real Chromium against the real local service, keyboard only once
// the editor is open: sync, jump to the next uncertain word, fix two words, sync again around the
// fixes, compare, take, save. Screenshots go to test-results/.

async function waitForTask(page: Page, key: string, taskId: string): Promise<Task> {
  for (let i = 0; i < 480; i++) {
    const task = await api<Task>(page, 'GET', `/tasks/${taskId}`, undefined, key);
    if (task.status === 'completed') return task;
    if (['failed', 'cancelled', 'timed-out'].includes(task.status))
      throw new Error(`task ${task.status}: ${task.error}`);
    await page.waitForTimeout(250);
  }
  throw new Error(`task ${taskId} did not finish`);
}

const wordOf = (x: AlignmentItem) => `${x.line}/${x.word}`;
const byWord = (items: readonly AlignmentItem[], word: string) =>
  items.filter((x) => wordOf(x) === word).sort((a, b) => a.subword - b.subword);
const spans = (items: readonly AlignmentItem[]) => items.map((x) => [x.start, x.end]);

const timeline = (page: Page) => page.getByRole('application', { name: /Timeline of words/ });
const reviewBar = (page: Page) => page.getByRole('group', { name: 'Review' });

/** The words selected now, as `line/word`, read from the store through the selected rows. */
async function selectedWord(page: Page, items: readonly AlignmentItem[]): Promise<string> {
  const status = await reviewBar(page).getByRole('status').last().textContent();
  const match = /Uncertain word “(.+?)” at line (\d+)/.exec(status ?? '');
  if (!match) throw new Error(`no uncertain word announced: ${status}`);
  const [, text, line] = match;
  const found = [...new Set(items.map(wordOf))].find(
    (w) =>
      w.startsWith(`${Number(line) - 1}/`) &&
      byWord(items, w)
        .map((x) => x.text)
        .join('') === text,
  );
  if (!found) throw new Error(`no word “${text}” on line ${line}`);
  return found;
}

test('review journey: next uncertain word, fix two, sync again around the fixes, compare, take, save', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  // Sync: a new project from the demo song with its lyrics (the create task syncs them).
  const key = createAccount(`review-${Date.now()}@test.local`);
  const start = await createProjectFrom(
    page,
    key,
    {
      bytes: readFileSync('server/seed/assets/demo-song.flac'),
      filename: 'demo-song.flac',
      contentType: 'audio/flac',
    },
    'Review journey',
  );
  const created = await waitForTask(page, key, start.taskId);
  // The sync's review rides in its task output: a confidence per item, some of them low.
  const review = (created.output as { review?: { confidence: Record<string, number> } }).review;
  const low = Object.values(review?.confidence ?? {}).filter((c) => c < 0.5);
  expect(low.length).toBeGreaterThan(0);
  const project: Project = await getProject(page, key, start.projectId);
  const synced = project.alignments[0] as Alignment;

  await signIn(page, key, `/projects/${project.id}`);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible({
    timeout: 45_000,
  });
  const count = reviewBar(page).locator('.review-count');
  await expect(count).toHaveText(/^\d+ uncertain words?$/);
  const before = Number((await count.textContent())?.split(' ')[0]);
  expect(before).toBeGreaterThan(1);
  // The word list marks them too.
  await expect(page.locator('.word-row .row-uncertain').first()).toBeAttached();

  // Keyboard only from here: the timeline has focus; `u` jumps to the next uncertain word.
  await timeline(page).focus();
  await page.keyboard.press('u');
  await expect(reviewBar(page).getByRole('status').last()).toHaveText(/^Uncertain word “/);
  const first = await selectedWord(page, synced.alignment.items);
  await page.screenshot({ path: info.outputPath('review-uncertain-marked.png') });

  // Fix it (nudge later), then the next uncertain word (nudge earlier).
  await page.keyboard.press('Alt+ArrowRight');
  await expect(count).toHaveText(`${before - 1} uncertain word${before - 1 === 1 ? '' : 's'}`);
  await page.keyboard.press('u');
  await expect(reviewBar(page).getByRole('status').last()).toHaveText(/^Uncertain word “/);
  const second = await selectedWord(page, synced.alignment.items);
  expect(second).not.toBe(first);
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(count).toHaveText(`${before - 2} uncertain word${before - 2 === 1 ? '' : 's'}`);
  // Shift+U goes back to an earlier one (wrapping), never to a fixed word.
  await page.keyboard.press('Shift+U');
  await expect(reviewBar(page).getByRole('status').last()).toHaveText(/^Uncertain word “/);
  const back = await selectedWord(page, synced.alignment.items);
  expect([first, second]).not.toContain(back);

  // Sync again around my fixes (whole song): unsaved edits are saved first. The first try is
  // refused by the service (a fault injected on top of it): the reason is said, nothing is lost.
  const syncAgain = reviewBar(page).getByRole('button', { name: 'Sync again around my fixes' });
  const route = '**/api/v1/projects/*/tasks/lyrics-sync';
  await page.route(route, (r) =>
    r.fulfill({
      status: 402,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Payment Required',
        status: 402,
        detail: 'This task needs 1 credits; the balance is too low.',
      }),
    }),
  );
  await syncAgain.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
  const refused = reviewBar(page).getByRole('alert');
  await expect(refused).toHaveText(
    /^Could not start the sync: This task needs 1 credits; the balance is too low\./,
  );
  await page.unroute(route);
  await refused.getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Enter');
  await expect(refused).toBeHidden();
  await syncAgain.focus();
  await page.keyboard.press('Enter');
  const done = reviewBar(page).getByRole('status').filter({ hasText: 'Synced around your fixes' });
  await expect(done).toBeVisible({ timeout: 180_000 });
  await expect(done).toContainText('“Synced around fixes”');
  // Compare with shows it, as the ghost lane.
  const compare = page.getByRole('group', { name: 'Editing tools' }).getByLabel('Compare with');
  await expect(compare.locator('option:checked')).toContainText('Synced around fixes');
  await expect(
    page.getByRole('img', { name: /Comparison lane, read-only: Synced around fixes/ }),
  ).toBeVisible();
  await page.screenshot({ path: info.outputPath('review-compare.png') });

  // The service kept the two fixed words exactly where they were saved.
  const after = await getProject(page, key, project.id);
  const mine = after.alignments.find((a) => a.id === synced.id)!;
  const made = after.alignments.find((a) => a.name === 'Synced around fixes')!;
  for (const word of [first, second]) {
    expect(spans(byWord(made.alignment.items, word))).toEqual(
      spans(byWord(mine.alignment.items, word)),
    );
    // …and they were moved by the fix (not the sync's times any more).
    expect(spans(byWord(mine.alignment.items, word))).not.toEqual(
      spans(byWord(synced.alignment.items, word)),
    );
  }

  // Take: the uncertain word selected by Shift+U gets the new alignment's timing (c), then save.
  await timeline(page).focus();
  await page.keyboard.press('c');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
  const saved = (await getProject(page, key, project.id)).alignments.find(
    (a) => a.id === synced.id,
  )!;
  expect(spans(byWord(saved.alignment.items, back))).toEqual(
    spans(byWord(made.alignment.items, back)),
  );
  for (const word of [first, second]) {
    expect(spans(byWord(saved.alignment.items, word))).toEqual(
      spans(byWord(mine.alignment.items, word)),
    );
  }
  // The active alignment keeps its ids (taking copies times, not items).
  expect(saved.alignment.items.map((x) => x.id).sort()).toEqual(
    mine.alignment.items.map((x) => x.id).sort(),
  );
});
