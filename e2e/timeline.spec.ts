import type { Page } from '@playwright/test';
import type { AlignmentItem, Project } from '../src/contract';
import { seconds, startField } from './editor-page';
import { api, expect, signIn, test } from './fixtures';
import { pointOf, xToTime } from './timeline-hook';

/** The time at the timeline canvas's left edge. */
const viewStart = (page: Page) => xToTime(page, 0);

/** The demo project, opened in the editor; its active alignment's words. */
async function openDemo(page: Page): Promise<AlignmentItem[]> {
  await signIn(page);
  await page.getByRole('link', { name: /demo/i }).first().click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  const id = /\/projects\/([^/?#]+)/.exec(page.url())?.[1] ?? '';
  const project = await api<Project>(page, 'GET', `/projects/${id}`);
  const alignment = project.alignments.find((a) => a.selected) ?? project.alignments[0];
  return [...(alignment?.alignment.items ?? [])].sort((a, b) => a.start - b.start);
}

test.describe('timeline overview and lanes', () => {
  test('a click near the end of the overview moves the view there; Home goes back', async ({
    page,
  }) => {
    await openDemo(page);
    const overview = page.getByRole('slider', { name: 'Song overview' });
    await expect(overview).toBeVisible();
    await expect(overview).toHaveAttribute('aria-valuetext', /^View from \d+:\d\d to \d+:\d\d$/);
    const duration = Number(await overview.getAttribute('aria-valuemax'));
    expect(duration).toBeGreaterThan(0);
    const before = await viewStart(page);

    const box = await overview.boundingBox();
    if (!box) throw new Error('the overview has no box');
    await overview.click({ position: { x: box.width * 0.95, y: box.height / 2 } });

    // The view moved towards the end: the clicked time (95 % of the song) is in view now.
    await expect.poll(() => viewStart(page)).toBeGreaterThan(before + 1);
    const start = await viewStart(page);
    expect(start).toBeLessThan(duration * 0.95);
    await expect(overview).toHaveAttribute('aria-valuenow', String(Math.round(start * 10) / 10));

    await overview.press('Home');
    await expect.poll(() => viewStart(page)).toBe(0);
    await expect(overview).toHaveAttribute('aria-valuetext', /^View from 0:00 to /);
  });

  test('lanes by singer: a song with one singer draws every line on one row', async ({ page }) => {
    const items = await openDemo(page);
    const first = items[0]!;
    const secondLine = items.find((i) => i.line !== first.line && i.start < first.start + 10)!;
    const keyOf = (i: AlignmentItem) => i.id ?? `${i.line}/${i.word}/${i.subword}`;
    await expect.poll(() => pointOf(page, keyOf(secondLine))).not.toBeNull();
    const rowOf = async (item: AlignmentItem) => (await pointOf(page, keyOf(item)))!.y;
    // by line: neighbouring lines on different rows
    expect(await rowOf(secondLine)).not.toBe(await rowOf(first));

    const lanes = page.getByLabel('Lanes');
    await expect(lanes).toHaveValue('line');
    await lanes.selectOption({ label: 'by singer' });
    await expect.poll(() => rowOf(secondLine)).toBe(await rowOf(first));

    await lanes.selectOption({ label: 'by line' });
    await expect.poll(async () => (await rowOf(secondLine)) !== (await rowOf(first))).toBe(true);
  });

  test('dragging a word to the edge scrolls the view; the word follows the pointer', async ({
    page,
  }) => {
    const items = await openDemo(page);
    const word = items[0]!;
    const key = word.id ?? `${word.line}/${word.word}/${word.subword}`;
    const canvas = page.getByRole('application', { name: /timeline/i });
    await expect.poll(() => pointOf(page, key)).not.toBeNull();
    const box = (await canvas.boundingBox())!;
    const viewEnd = await xToTime(page, box.width);
    const before = await viewStart(page);
    const at = (await pointOf(page, key))!;

    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 4, at.y, { steps: 10 });
    // Held still at the right edge: the view keeps scrolling.
    await expect.poll(() => viewStart(page)).toBeGreaterThan(before + 3);
    await page.mouse.up();

    // The word went past what was in view when the drag began: it followed the scroll.
    const field = startField(page, word);
    await expect.poll(async () => seconds(await field.inputValue())).toBeGreaterThan(viewEnd);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
  });
});
