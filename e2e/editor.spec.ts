import type { Browser } from '@playwright/test';
import type { AlignmentItem, TaskStart } from '../src/contract';
import { getProject, isolatedProject, LYRICS } from './editor-fixtures';
import {
  activeItems,
  openEditor,
  openWords,
  save,
  seconds,
  startField,
  typeStart,
} from './editor-page';
import { api, expect, signIn, test } from './fixtures';
import { conflictKeysOf, grabWord, onsetsOf, pointOf } from './timeline-hook';

/**
 * A start the word does not have yet: halfway into the room before it (up to 0.2 s), or a third
 * into the word when it starts where the previous one ends (the forced aligner leaves no gap).
 * Typing a word's current start is no edit at all, so a test built on it would prove nothing.
 */
const newStartFor = (items: readonly AlignmentItem[], index: number) => {
  const word = items[index]!;
  const previousEnd = index > 0 ? items[index - 1]!.end : 0;
  const room = word.start - Math.max(previousEnd, word.start - 0.2);
  const value = room >= 0.01 ? word.start - room / 2 : word.start + (word.end - word.start) / 3;
  const rounded = Math.round(value * 1000) / 1000;
  if (Math.abs(rounded - word.start) < 0.001) throw new Error(`no new start for ${word.text}`);
  return rounded;
};

test.describe('timing editor', () => {
  test('opens the demo project and plays: the playhead moves', async ({ page }) => {
    await signIn(page);
    await page.getByRole('link', { name: /demo/i }).first().click();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    const clock = page.getByRole('timer', { name: 'Playback position' });
    const before = await clock.textContent();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(clock).not.toHaveText(before ?? '');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
  });

  test('type an exact start, save, reload: stored and the revision changed', async ({ page }) => {
    const { key, project } = await isolatedProject(page);
    const items = activeItems(project);
    const revision = project.alignments[0]!.revision;
    await openEditor(page, key, project.id);
    const value = newStartFor(items, 3);
    await typeStart(page, items[3]!, value);
    await save(page);

    const stored = await getProject(page, key, project.id);
    const word = stored.alignments[0]!.alignment.items.find((i) => i.id === items[3]!.id);
    expect(word?.start).toBeCloseTo(value, 3);
    expect(stored.alignments[0]!.revision).not.toBe(revision);

    await page.reload();
    await expect
      .poll(async () => seconds(await startField(page, items[3]!).inputValue()))
      .toBeCloseTo(value, 3);
    await expect(page.getByText('All changes saved')).toBeVisible();
  });

  test('editing options: push neighbours applies, and the options survive a reload', async ({
    page,
    sharedProject,
  }) => {
    const items = await openWords(page, sharedProject);
    const options = page.getByRole('group', { name: 'Editing options' });
    const policy = options.getByRole('combobox', { name: 'Words' });
    // Snapping is toggled beside the timeline, where it acts.
    const snap = page
      .getByRole('region', { name: 'Timeline' })
      .getByRole('checkbox', { name: 'Snap' });
    await expect(policy).toHaveValue('allow');
    await policy.selectOption({ label: 'push neighbours' });
    await snap.uncheck();

    // A start typed before the previous word's end pushes that word back, keeping its length.
    const [prev, word] = [items[5]!, items[6]!];
    const prevStart = startField(page, prev);
    const value = Math.round((prev.start + (prev.end - prev.start) / 2) * 1000) / 1000;
    await typeStart(page, word, value);
    await expect
      .poll(async () => seconds(await prevStart.inputValue()))
      .toBeCloseTo(value - (prev.end - prev.start), 2);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    await expect(policy).toHaveValue('push');
    await expect(snap).not.toBeChecked();

    // A drag previews what the commit will do: under "stop at the neighbour" the word stops there.
    await policy.selectOption({ label: 'stop at the neighbour' });
    const [dragged, next] = [items[1]!, items[2]!];
    const field = startField(page, dragged);
    const stopAt = next.start - (dragged.end - dragged.start);
    await (await grabWord(page, dragged.id ?? '')).moveBy(1.5, 8);
    await expect.poll(async () => seconds(await field.inputValue())).toBeCloseTo(stopAt, 2);
    await page.mouse.up();
    await expect.poll(async () => seconds(await field.inputValue())).toBeCloseTo(stopAt, 2);
  });

  test('undo and redo', async ({ page, sharedProject }) => {
    const items = await openWords(page, sharedProject);
    const field = startField(page, items[2]!);
    const original = await field.inputValue();
    const value = newStartFor(items, 2);
    await typeStart(page, items[2]!, value);
    await expect(field).not.toHaveValue(original);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(field).toHaveValue(original);
    await expect(page.getByText('All changes saved')).toBeVisible();
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect(field).not.toHaveValue(original);
    // The keyboard does the same.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect(field).toHaveValue(original);
    await page.keyboard.press('Control+Shift+z');
    await expect(field).not.toHaveValue(original);
  });

  test('unsaved edits survive a reload', async ({ page, sharedProject }) => {
    const items = await openWords(page, sharedProject);
    const value = newStartFor(items, 4);
    await typeStart(page, items[4]!, value);
    const typed = await startField(page, items[4]!).inputValue();
    await page.waitForTimeout(1200); // the draft is written a few hundred ms after the last change
    await page.reload();
    await expect(page.getByText(/Restored 1 unsaved edit/)).toBeVisible();
    await expect(startField(page, items[4]!)).toHaveValue(typed);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
  });

  test('drag a word on the canvas: its start changes in the word list', async ({
    page,
    sharedProject,
  }) => {
    const items = await openWords(page, sharedProject);
    const word = items[1]!;
    const field = startField(page, word);
    const before = seconds(await field.inputValue());
    const canvas = page.getByRole('application', { name: /timeline/i });
    await expect(canvas).toBeVisible();
    const grabbed = await grabWord(page, word.id ?? '');
    await grabbed.moveBy(0.25);
    await grabbed.moveBy(0.5);
    // Before the drop the word list already shows the dragged time, and nothing is committed.
    await expect.poll(async () => seconds(await field.inputValue())).toBeGreaterThan(before + 0.2);
    await expect(page.getByText('All changes saved')).toBeVisible();
    await page.mouse.up();
    await expect.poll(async () => seconds(await field.inputValue())).toBeGreaterThan(before + 0.2);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
  });

  test('arrows on the focused timeline select words; Tab always moves focus', async ({
    page,
    sharedProject,
  }) => {
    const items = await openWords(page, sharedProject);
    const canvas = page.getByRole('application', { name: /timeline/i });
    const point = () => pointOf(page, items[1]!.id ?? '');
    await expect.poll(point).not.toBeNull();
    const at = (await point())!;
    await page.mouse.click(at.x, at.y);
    const row = (word: AlignmentItem) =>
      startField(page, word).locator('xpath=ancestor::*[@role="listitem"][1]');
    await expect(row(items[1]!)).toContainText('selected');
    await expect(canvas).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(row(items[2]!)).toContainText('selected');
    await expect(row(items[1]!)).not.toContainText('selected');
    await expect(canvas).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(row(items[1]!)).toContainText('selected');
    // Tab leaves the timeline (no keyboard trap); the selection stays.
    await page.keyboard.press('Tab');
    await expect(canvas).not.toBeFocused();
    await expect(row(items[1]!)).toContainText('selected');
    // In a row's text field Tab moves focus to the row's next field, the selection stays.
    await page.getByLabel(`Text of ${items[1]!.text}`, { exact: true }).first().focus();
    await page.keyboard.press('Tab');
    await expect(startField(page, items[1]!)).toBeFocused();
  });

  test('vocal onsets are found in the browser for snapping', async ({ page, sharedProject }) => {
    const { key, project } = sharedProject;
    await openEditor(page, key, project.id);
    const onsets = () => onsetsOf(page);
    await expect.poll(async () => (await onsets()).length, { timeout: 30_000 }).toBeGreaterThan(5);
    const found = await onsets();
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    expect(found[0]).toBeGreaterThanOrEqual(0);
    expect(found.at(-1)).toBeLessThanOrEqual(project.duration ?? Infinity);
    for (let i = 1; i < found.length; i++)
      expect(found[i]! - found[i - 1]!).toBeGreaterThanOrEqual(0.049);
  });

  test('a save that fails on the network keeps the edits and succeeds on retry with the same key', async ({
    page,
  }) => {
    const { key, project } = await isolatedProject(page);
    const items = activeItems(project);
    await openEditor(page, key, project.id);
    const value = newStartFor(items, 5);
    await typeStart(page, items[5]!, value);

    const keys: string[] = [];
    await page.route('**/api/v1/projects/*/alignments/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) return route.abort('connectionreset');
      return route.continue();
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Retry save' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    const stored = await getProject(page, key, project.id);
    expect(
      stored.alignments[0]!.alignment.items.find((i) => i.id === items[5]!.id)?.start,
    ).toBeCloseTo(value, 3);
  });

  test('a lyrics sync that ends while the page is open adds its alignment; edits stay', async ({
    page,
  }) => {
    test.setTimeout(300_000); // two syncs: the fixture's and the one started here
    const { key, project } = await isolatedProject(page);
    const items = activeItems(project);
    await openEditor(page, key, project.id);
    const value = newStartFor(items, 3);
    await typeStart(page, items[3]!, value);
    const typed = await startField(page, items[3]!).inputValue();
    const picker = page.getByLabel('Alignment');
    await expect(picker.locator('option')).toHaveCount(1);
    // Started elsewhere (through the API, as another tab or tool would).
    await api<TaskStart>(
      page,
      'POST',
      `/projects/${project.id}/tasks/lyrics-sync`,
      { lyricsSource: { type: 'transcribe', lyrics: LYRICS } },
      key,
    );
    await expect(picker.locator('option')).toHaveCount(2, { timeout: 120_000 });
    await expect(startField(page, items[3]!)).toHaveValue(typed);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
  });

  test('make another alignment active', async ({ page }) => {
    const { key, project } = await isolatedProject(page, 2);
    const other = project.alignments.find((a) => !a.selected)!;
    await openEditor(page, key, project.id);
    await page.getByLabel('Alignment').selectOption(other.id);
    await expect(page).toHaveURL(new RegExp(`alignment=${other.id}`));
    await page.getByRole('button', { name: 'Make active', exact: true }).click();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    const stored = await getProject(page, key, project.id);
    expect(stored.alignments.find((a) => a.id === other.id)?.selected).toBe(true);
    expect(stored.alignments.filter((a) => a.selected)).toHaveLength(1);
  });
});

async function twoEditors(browser: Browser, key: string, projectId: string) {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await openEditor(a, key, projectId);
  await openEditor(b, key, projectId);
  return { a, b };
}

test.describe('two people edit the same alignment', () => {
  test('edits of different words merge without a question; the same word asks', async ({
    browser,
    page,
  }) => {
    const { key, project } = await isolatedProject(page);
    const items = activeItems(project);
    const { a, b } = await twoEditors(browser, key, project.id);

    // Different words: B's save merges A's without asking, and both are stored.
    const first = newStartFor(items, 1);
    const second = newStartFor(items, 6);
    await typeStart(a, items[1]!, first);
    await save(a);
    await typeStart(b, items[6]!, second);
    await b.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(b.getByText(/Merged 1 change from another save/)).toBeVisible();
    await expect(b.getByText('All changes saved')).toBeVisible();
    await expect(b.getByRole('dialog', { name: 'Resolve conflicts' })).toHaveCount(0);
    let stored = activeItems(await getProject(page, key, project.id));
    expect(stored.find((i) => i.id === items[1]!.id)?.start).toBeCloseTo(first, 3);
    expect(stored.find((i) => i.id === items[6]!.id)?.start).toBeCloseTo(second, 3);

    // The same word on both sides: a true conflict, resolved by choosing theirs.
    await a.reload();
    const word = items[3]!;
    const mine = newStartFor(items, 3);
    const theirs = Math.round((mine + 0.05) * 1000) / 1000;
    await typeStart(a, word, theirs);
    await save(a);
    await typeStart(b, word, mine);
    // Zoomed in at the song's start: the word is off screen until Show brings it.
    const onScreen = () =>
      b.evaluate((t) => {
        const width = document.querySelector('canvas[role="application"]')?.clientWidth ?? 0;
        const x = window.__timeline!.timeToX(t);
        return x >= 0 && x <= width;
      }, mine);
    await b.getByRole('application', { name: /timeline/i }).focus();
    for (let i = 0; i < 5; i++) await b.keyboard.press('+');
    await expect.poll(onScreen).toBe(false);
    await b.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = b.getByRole('dialog', { name: 'Resolve conflicts' });
    await expect(dialog).toBeVisible();
    // The conflicted word is outlined on the timeline; Show closes the dialog and selects it.
    expect(await conflictKeysOf(b)).toEqual([word.id]);
    await dialog.getByLabel(`Theirs for ${word.text}`).check();
    await dialog.getByRole('button', { name: `Show ${word.text} on the timeline` }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(onScreen).toBe(true);
    await expect(
      startField(b, word).locator('xpath=ancestor::*[@role="listitem"][1]'),
    ).toContainText('selected');
    expect(await conflictKeysOf(b)).toEqual([word.id]);
    // Reopened, the dialog still has the choice made before.
    await b.getByRole('button', { name: 'Resolve conflicts' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(`Theirs for ${word.text}`)).toBeChecked();
    await dialog.getByRole('button', { name: 'Save merged result' }).click();
    await expect(b.getByText('All changes saved')).toBeVisible();
    expect(await conflictKeysOf(b)).toEqual([]);
    stored = activeItems(await getProject(page, key, project.id));
    expect(stored.find((i) => i.id === word.id)?.start).toBeCloseTo(theirs, 3);
  });
});
