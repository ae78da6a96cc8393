import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { AlignmentItem } from '../src/contract';
import { getProject, isolatedProject } from './editor-fixtures';
import { activeItems, save, seconds, startField, typeStart } from './editor-page';
import { expect, signIn, test } from './fixtures';

// Issue 13, item 7: a second tab of the same alignment learns that a newer version was saved (on
// focus, on visibility, or from the revision poll), loads it in one click, and keeps its own
// unsaved edits by merging them in. The service is the real local one; nothing is mocked.

/** A start the word does not have: a third into the word (always room there). */
const laterStart = (word: AlignmentItem) =>
  Math.round((word.start + (word.end - word.start) / 3) * 1000) / 1000;

const expectStart = (page: Page, word: AlignmentItem, value: number) =>
  expect.poll(async () => seconds(await startField(page, word).inputValue())).toBeCloseTo(value, 3);

/** Where the timeline draws a word's start, in seconds (from the e2e build's canvas hook). */
const drawnStart = (page: Page, key: string) =>
  page.evaluate((k) => {
    const hook = window.__timeline!;
    const canvas = document.querySelector('canvas[role="application"]');
    const point = hook.clientPointOf(k, 'start');
    return point && canvas ? hook.xToTime(point.x - canvas.getBoundingClientRect().left) : null;
  }, key);

interface Editor {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

/** One browser context per person (no shared storage), each with the editor open. */
async function openEditor(browser: Browser, key: string, projectId: string): Promise<Editor> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, key, `/projects/${projectId}`);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  return { page, context, errors };
}

/** A project of its own, open in two tabs (two people); `items` are its words by start. */
async function twoTabs(browser: Browser, page: Page) {
  const { key, project } = await isolatedProject(page);
  const first = await openEditor(browser, key, project.id);
  const second = await openEditor(browser, key, project.id);
  return { key, project, items: activeItems(project), first, second };
}

async function close(...editors: Editor[]) {
  for (const editor of editors) {
    expect(editor.errors, 'uncaught errors in the page').toEqual([]);
    await editor.context.close();
  }
}

/** What the browser does when the tab comes back into view (the event bubbles to window). */
const becomeVisible = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
/** What the browser does when the user clicks back into this window. */
const focusWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

const notice = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'A newer version was saved' });
const loadButton = (page: Page) =>
  page.getByRole('button', { name: 'Load newer version', exact: true });

test.describe('a second tab of the same alignment', () => {
  test('without edits: says a newer version was saved, and loads it in one click', async ({
    browser,
    page,
  }) => {
    const { items, first, second } = await twoTabs(browser, page);
    const word = items[2]!;
    await expect(notice(second.page)).toHaveCount(0);

    const value = laterStart(word);
    await typeStart(first.page, word, value);
    await save(first.page);

    await becomeVisible(second.page);
    await expect(notice(second.page)).toBeVisible();
    // Not "All changes saved" while a newer version is known.
    await expect(second.page.getByText('All changes saved')).toHaveCount(0);
    await expect(second.page.getByText('Not the latest version')).toBeVisible();
    await expect(startField(second.page, word)).not.toHaveValue(
      await startField(first.page, word).inputValue(),
    );

    // Keyboard reachable: focus the button and press Enter.
    await loadButton(second.page).focus();
    await second.page.keyboard.press('Enter');
    await expectStart(second.page, word, value);
    await expect(notice(second.page)).toHaveCount(0);
    await expect(second.page.getByText('All changes saved')).toBeVisible();
    await expect(
      second.page.getByText(/Loaded the newer version \(1 word changed\)\./),
    ).toBeVisible();
    await expect.poll(() => drawnStart(second.page, word.id!)).toBeCloseTo(value, 2);
    await close(first, second);
  });

  test('with its own unsaved edit: the load merges it in, both edits survive', async ({
    browser,
    page,
  }) => {
    const { key, project, items, first, second } = await twoTabs(browser, page);
    const [theirsWord, mineWord] = [items[2]!, items[5]!];

    const mine = laterStart(mineWord);
    await typeStart(second.page, mineWord, mine);
    const theirs = laterStart(theirsWord);
    await typeStart(first.page, theirsWord, theirs);
    await save(first.page);

    await focusWindow(second.page);
    await expect(notice(second.page)).toContainText('merges your unsaved edits');
    await expect(second.page.getByText('Unsaved changes')).toBeVisible();
    await loadButton(second.page).click();
    await expectStart(second.page, theirsWord, theirs);
    await expectStart(second.page, mineWord, mine);
    await expect(notice(second.page)).toHaveCount(0);
    await expect(second.page.getByText(/with your unsaved edits merged in/)).toBeVisible();
    await expect(second.page.getByText('Unsaved changes')).toBeVisible();
    await expect(second.page.getByRole('dialog', { name: 'Resolve conflicts' })).toHaveCount(0);

    // The merged draft is on the newer revision: it saves without a conflict, both edits stored.
    await save(second.page);
    await expect(second.page.getByText(/Merged \d+ change/)).toHaveCount(0);
    const stored = activeItems(await getProject(page, key, project.id));
    expect(stored.find((i) => i.id === theirsWord.id)?.start).toBeCloseTo(theirs, 3);
    expect(stored.find((i) => i.id === mineWord.id)?.start).toBeCloseTo(mine, 3);
    await close(first, second);
  });

  test('the same word on both sides: asked once, and every view shows the merged state', async ({
    browser,
    page,
  }) => {
    const { key, project, items, first, second } = await twoTabs(browser, page);
    const [word, other] = [items[3]!, items[6]!];

    const mine = laterStart(word);
    const theirs = Math.round((mine + (word.end - mine) / 2) * 1000) / 1000;
    const otherValue = laterStart(other);
    await typeStart(second.page, word, mine);
    await typeStart(first.page, word, theirs);
    await typeStart(first.page, other, otherValue);
    await save(first.page);

    await becomeVisible(second.page);
    await loadButton(second.page).click();
    const dialog = second.page.getByRole('dialog', { name: 'Resolve conflicts' });
    await expect(dialog).toBeVisible();
    // Behind the dialog the word list already has their change of the other word.
    await expectStart(second.page, other, otherValue);
    await expect(notice(second.page)).toHaveCount(0);
    await dialog.getByLabel(`Theirs for ${word.text}`).check();
    await dialog.getByRole('button', { name: 'Use merged result' }).click();
    await expect(dialog).toBeHidden();
    await expectStart(second.page, word, theirs);
    await expectStart(second.page, other, otherValue);
    await expect.poll(() => drawnStart(second.page, word.id!)).toBeCloseTo(theirs, 2);
    await expect(notice(second.page)).toHaveCount(0);
    await expect(second.page.getByText('Unsaved changes')).toBeVisible();
    await save(second.page);
    const stored = activeItems(await getProject(page, key, project.id));
    expect(stored.find((i) => i.id === word.id)?.start).toBeCloseTo(theirs, 3);
    expect(stored.find((i) => i.id === other.id)?.start).toBeCloseTo(otherValue, 3);
    await close(first, second);
  });
});
