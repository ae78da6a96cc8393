import type { Page } from '@playwright/test';
import type { Project } from '../src/contract';
import { api, expect, signIn, test } from './fixtures';

/** The focused element's accessible name, as far as the tests need it (label, text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const byLabel = labelled ? document.getElementById(labelled)?.textContent : null;
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    return el.getAttribute('aria-label') ?? byLabel ?? label ?? el.textContent?.trim() ?? '';
  });

/** Presses Tab until the focused element's name matches (the keyboard is the only input). */
async function tabTo(page: Page, name: RegExp, max = 80): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    if (name.test(await focusedName(page))) return presses;
    await page.keyboard.press('Tab');
  }
  throw new Error(`no focusable element named ${name} within ${max} Tab presses`);
}

const demoProject = async (page: Page) => {
  const list = await api<{ id: string; title: string }[]>(page, 'GET', '/projects');
  const demo = list.find((p) => /demo/i.test(p.title));
  if (!demo) throw new Error('no demo project');
  return api<Project>(page, 'GET', `/projects/${demo.id}`);
};

test('keyboard only: open the demo, select and retime a word, save, make another alignment active', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const before = await demoProject(page);
  const other = before.alignments.find((a) => !a.selected);
  const reference = before.alignments.find((a) => a.selected);
  if (!other || !reference) throw new Error('the demo needs two alignments');

  try {
    // Projects list -> the demo project.
    await tabTo(page, /demo/i);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('application', { name: /Timeline of words/ })).toBeVisible();

    // Open the other (not active) alignment with the picker.
    await tabTo(page, /^Alignment$/);
    const label = other.name ?? other.model ?? '';
    const options = await page.getByLabel('Alignment').locator('option').allTextContents();
    const at = options.findIndex((o) => o.includes(label));
    const now = options.findIndex((o) => o.includes('active'));
    for (let i = now; i < at; i++) await page.keyboard.press('ArrowDown');
    for (let i = now; i > at; i--) await page.keyboard.press('ArrowUp');
    await expect(page).toHaveURL(new RegExp(`alignment=${other.id}`));
    // Focus is back on the picker after the switch (the workspace of the other alignment mounts
    // with it focused: for a moment while it mounts, nothing is).
    await expect.poll(() => focusedName(page)).toBe('Alignment');

    // Into the timeline: one tab stop; arrows select words, Home the first.
    await tabTo(page, /Timeline of words/);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    const status = page.locator('[aria-live="polite"]', { hasText: /word 2 of \d+/ });
    await expect(status).toHaveCount(1);
    const word = other.alignment.items.slice().sort((a, b) => a.start - b.start)[1];
    if (!word) throw new Error('no second word');
    // Nudge it later (Alt+→), once.
    await page.keyboard.press('Alt+ArrowRight');
    await expect(page.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();

    // Tab leaves the timeline (no trap) and goes on to the word list's one tab stop.
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).not.toMatch(/Timeline of words/);
    const list = page.getByRole('list', { name: 'Lines and words' });
    const focusedRow = list.locator('[role="listitem"]:focus');
    for (let i = 0; i < 20 && (await focusedRow.count()) === 0; i++)
      await page.keyboard.press('Tab');
    await expect(focusedRow).toHaveCount(1);
    // Past the whole list in one press, and back.
    await page.keyboard.press('Tab');
    expect(await list.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await expect(focusedRow).toHaveCount(1);

    // Find the word's row with the arrows and type an exact start.
    const startLabel = `Start of ${word.text}`;
    await page.keyboard.press('Home');
    for (let i = 0; i < 10 && (await focusedRow.getByLabel(startLabel).count()) === 0; i++)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter'); // into the row: its text field
    await page.keyboard.press('Tab'); // its start
    expect(await focusedName(page)).toBe(startLabel);
    const typed = (word.start + 0.123).toFixed(3);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(typed);
    await page.keyboard.press('Enter');

    // Save with the keyboard.
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page.getByText('All changes saved')).toBeVisible();

    // Make this alignment active: Tab (backwards) to the button, Enter.
    // (The review bar's four controls sit between the word list and the toolbar.)
    for (let i = 0; i < 50 && (await focusedName(page)) !== 'Make active'; i++)
      await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Make active');
    await page.keyboard.press('Enter');
    await expect(page.locator('.active-badge')).toBeVisible();

    const after = await api<Project>(page, 'GET', `/projects/${before.id}`);
    const saved = after.alignments.find((a) => a.id === other.id);
    expect(saved?.selected).toBe(true);
    const item = saved?.alignment.items.find(
      (x) => x.line === word.line && x.word === word.word && x.subword === word.subword,
    );
    expect(item?.start).toBeCloseTo(Number(typed), 3);
    expect(saved?.revision).not.toBe(other.revision);
  } finally {
    // Leave the shared demo as it was found: its reference timing active again.
    const now = await api<Project>(page, 'GET', `/projects/${before.id}`);
    const active = now.alignments.find((a) => a.selected);
    const ref = now.alignments.find((a) => a.id === reference.id);
    if (active && ref && active.id !== ref.id)
      await api(page, 'PUT', `/projects/${before.id}/alignments/${ref.id}/selection`, {
        expectedRevision: ref.revision,
        expectedSelectionRevision: ref.selectionRevision,
      });
  }
});
