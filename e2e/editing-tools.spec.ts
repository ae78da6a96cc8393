import type { Locator, Page } from '@playwright/test';
import type { Alignment, Project } from '../src/contract';
import { getProject, isolatedProject } from './editor-fixtures';
import { byStart, openEditor, save, seconds } from './editor-page';
import { api, expect, test } from './fixtures';
import { timeToX } from './timeline-hook';

/** Whether a canvas has a pixel of about this colour (text is anti-aliased: its cores are exact). */
function canvasHas(canvas: Locator, rgb: readonly [number, number, number]): Promise<boolean> {
  return canvas.evaluate((el: HTMLCanvasElement, [r, g, b]) => {
    const data = el.getContext('2d')?.getImageData(0, 0, el.width, el.height).data;
    if (!data) return false;
    for (let i = 0; i < data.length; i += 4)
      if (
        Math.abs(data[i]! - r) < 12 &&
        Math.abs(data[i + 1]! - g) < 12 &&
        Math.abs(data[i + 2]! - b) < 12
      )
        return true;
    return false;
  }, rgb);
}

// Each editing tool of issue 13 by its accessible name, in real Chromium against the real local
// service: the words and times after it, and after undo. Screenshots go to test-results/.

const active = (project: Project) => project.alignments.find((a) => a.selected) as Alignment;

const tools = (page: Page) => page.getByRole('group', { name: 'Editing tools' });
const textField = (page: Page, text: string) =>
  page.getByLabel(`Text of ${text}`, { exact: true }).first();
const startOf = async (page: Page, text: string) =>
  seconds(await page.getByLabel(`Start of ${text}`, { exact: true }).first().inputValue());
const endOf = async (page: Page, text: string) =>
  seconds(await page.getByLabel(`End of ${text}`, { exact: true }).first().inputValue());
const span = async (page: Page, text: string) => [
  await startOf(page, text),
  await endOf(page, text),
];

/** Selects a word the way a person does in the word list: focusing its text field. */
async function selectWord(page: Page, text: string) {
  await textField(page, text).focus();
  await expect(
    textField(page, text).locator('xpath=ancestor::*[@role="listitem"][1]'),
  ).toContainText('selected');
}

/** Puts the playhead at `time` by pressing the timeline's ruler, as a person does. */
async function seekOnRuler(page: Page, time: number) {
  const canvas = page.getByRole('application', { name: /timeline/i });
  const box = (await canvas.boundingBox())!;
  const x = await timeToX(page, time);
  await page.mouse.click(box.x + x, box.y + 8);
}

async function undo(page: Page) {
  await page.getByRole('button', { name: 'Undo' }).click();
}

const storedItems = async (page: Page, key: string, project: Project, alignmentId: string) =>
  byStart(
    (await getProject(page, key, project.id)).alignments.find((a) => a.id === alignmentId)!
      .alignment.items,
  );

test.describe('editing tools', () => {
  // Each test makes its own project through the real service (upload, sync): slow on a busy machine.
  test.describe.configure({ timeout: 180_000 });
  // A desktop window: the timeline, the word list's first two lines and the preview all in view.
  test.use({ viewport: { width: 1440, height: 1000 } });
  test('Split word (at a letter and at the playhead) and Merge with next word, with undo', async ({
    page,
  }) => {
    const { key, project } = await isolatedProject(page);
    const items = byStart(active(project).alignment.items);
    const word = items.find((x) => x.text === 'morning')!;
    await openEditor(page, key, project.id);
    const [start, end] = await span(page, 'morning');
    expect(start).toBeCloseTo(word.start, 3);

    // At a letter: the playhead (0:00) is not inside the word, so the time follows the letters.
    await selectWord(page, 'morning');
    await tools(page).getByRole('button', { name: 'Split word' }).click();
    const dialog = page.getByRole('dialog', { name: 'Split “morning”' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /At the playhead/ })).toBeDisabled();
    const letters = dialog.getByLabel('Split after letter');
    await letters.fill('9');
    await letters.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText(
      'Type a number from 1 to 6: the letters before the split.',
    );
    await expect(letters).toHaveAttribute('aria-invalid', 'true');
    await letters.fill('4');
    await expect(dialog.getByText('morn | ing')).toBeVisible();
    await letters.press('Enter');
    await expect(dialog).toBeHidden();
    const cut = start! + ((end! - start!) * 4) / 7;
    expect(await span(page, 'morn')).toEqual([start, expect.closeTo(cut, 2)]);
    expect(await span(page, 'ing')).toEqual([expect.closeTo(cut, 2), end]);
    await expect(textField(page, 'morning')).toHaveCount(0);

    await undo(page);
    await expect(textField(page, 'morning')).toBeVisible();
    expect(await span(page, 'morning')).toEqual([start, end]);
    await expect(textField(page, 'morn')).toHaveCount(0);

    // At the playhead, into two sub-words, from the keyboard (the `s` key on the timeline).
    const playhead = Math.round((start! + (end! - start!) * 0.3) * 1000) / 1000;
    await selectWord(page, 'morning');
    await seekOnRuler(page, playhead);
    await page.keyboard.press('s');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /At the playhead/ })).toBeChecked();
    await dialog.getByRole('radio', { name: /sub-word of the same word/ }).check();
    await dialog.getByRole('button', { name: 'Split' }).click();
    await expect(dialog).toBeHidden();
    const first = await span(page, 'mo');
    expect(first[0]).toBe(start);
    expect(first[1]).toBeCloseTo(playhead, 1); // the stems' clock, within a frame
    expect(await endOf(page, 'rning')).toBe(end);
    await save(page);
    const saved = await storedItems(page, key, project, active(project).id);
    const parts = saved.filter((x) => x.line === word.line && x.word === word.word);
    expect(parts.map((x) => [x.subword, x.text])).toEqual([
      [0, 'mo'],
      [1, 'rning'],
    ]);

    // Merge with next word gives the word back with its span; undo splits it again.
    await selectWord(page, 'mo');
    await tools(page).getByRole('button', { name: 'Merge with next word' }).click();
    expect(await span(page, 'morning')).toEqual([start, end]);
    await undo(page);
    await expect(textField(page, 'mo')).toBeVisible();
    await expect(textField(page, 'morning')).toHaveCount(0);

    // Merging two words: "The" + "morning" from the keyboard (m), one step.
    await undo(page);
    const the = await span(page, 'The');
    await selectWord(page, 'The');
    await page.getByRole('application', { name: /timeline/i }).focus();
    await page.keyboard.press('m');
    expect(await span(page, 'Themorning')).toEqual([the[0], end]);
    await undo(page);
    expect(await span(page, 'The')).toEqual(the);
    // The last word of a line has no next word: said, nothing changes.
    const lastOfLine = byStart(items.filter((x) => x.line === 0)).at(-1)!;
    await selectWord(page, lastOfLine.text);
    await tools(page).getByRole('button', { name: 'Merge with next word' }).click();
    await expect(tools(page).getByRole('status')).toHaveText(
      `“${lastOfLine.text}” is the last word of its line: there is no next word.`,
    );
  });

  test('Singer for words and whole lines, coloured with a legend; one undo step', async ({
    page,
  }, info) => {
    const { key, project } = await isolatedProject(page);
    const alignment = active(project);
    const items = byStart(alignment.alignment.items);
    const line0 = items.filter((x) => x.line === 0);
    const line1 = items.filter((x) => x.line === 1);
    await openEditor(page, key, project.id);
    const singer = tools(page).getByLabel('Singer', { exact: true });

    await selectWord(page, line0[1]!.text);
    await expect(singer).toHaveValue('none');
    await singer.selectOption({ label: 'Singer 2' });
    await expect(page.getByRole('list', { name: 'Singers' })).toContainText('Singer 2');
    await selectWord(page, line0[2]!.text);
    await expect(singer).toHaveValue('none'); // one word only
    await undo(page);
    await selectWord(page, line0[1]!.text);
    await expect(singer).toHaveValue('none');
    await expect(page.getByRole('list', { name: 'Singers' })).toHaveCount(0);

    // Whole lines: line 1 to singer 1 and line 2 to singer 2 (a duet).
    await tools(page).getByLabel('Whole lines').check();
    await selectWord(page, line0[0]!.text);
    await singer.selectOption({ label: 'Singer 1' });
    await selectWord(page, line1[0]!.text);
    await singer.selectOption({ label: 'Singer 2' });
    await selectWord(page, line0[3]!.text);
    await expect(singer).toHaveValue('1');
    await expect(page.getByRole('list', { name: 'Singers' })).toHaveText(/Singer 1\s*Singer 2/);
    await save(page);
    const saved = await storedItems(page, key, project, alignment.id);
    expect(saved.filter((x) => x.line === 0).map((x) => x.singer)).toEqual(line0.map(() => 1));
    expect(saved.filter((x) => x.line === 1).map((x) => x.singer)).toEqual(line1.map(() => 2));
    expect(saved.filter((x) => x.line > 1).every((x) => x.singer === undefined)).toBe(true);
    // The preview (a canvas, as the video) colours the lines by singer: the duet's palette.
    // Played from the start: singer 1's line shows in its colour, then singer 2's (together or one
    // after the other: whether the two lines share a page depends on the synced pause between them).
    const preview = page.getByRole('img', { name: /Karaoke video preview/ });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => canvasHas(preview, [0xff, 0x5f, 0xa2]), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => canvasHas(preview, [0x3d, 0xdc, 0x84]), { timeout: 20_000 }).toBe(true);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByLabel('Lanes').selectOption('singer');
    await page.screenshot({ path: info.outputPath('duet-singers.png') });
  });

  test('Shift selection: typed offset checked at the field, exact, undoable', async ({ page }) => {
    const { key, project } = await isolatedProject(page);
    const items = byStart(active(project).alignment.items);
    const line0 = items.filter((x) => x.line === 0);
    await openEditor(page, key, project.id);
    const word = items[2]!;
    const before = await span(page, word.text);

    // Nothing selected: said, no dialog.
    await tools(page).getByRole('button', { name: 'Shift selection' }).click();
    await expect(tools(page).getByRole('status')).toHaveText('Select a word first.');
    await selectWord(page, word.text);
    await tools(page).getByRole('button', { name: 'Shift selection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shift selection' });
    const offset = dialog.getByLabel('Offset in seconds');
    await expect(offset).toBeFocused();
    await offset.fill('abc');
    await offset.press('Enter');
    await expect(dialog.getByRole('alert').first()).toHaveText(
      '“abc” is not a number of seconds. Type for example -0.25 or 1.5.',
    );
    await expect(offset).toHaveAttribute('aria-invalid', 'true');
    await offset.fill('-100');
    await offset.press('Enter');
    await expect(dialog.getByRole('alert').first()).toContainText('the earliest shift is');
    await expect(offset).toHaveValue('-100'); // the typed value stays until fixed
    await offset.fill('-0,25');
    await offset.press('Enter');
    await expect(dialog).toBeHidden();
    expect(await span(page, word.text)).toEqual([
      expect.closeTo(before[0]! - 0.25, 3),
      expect.closeTo(before[1]! - 0.25, 3),
    ]);
    await undo(page);
    expect(await span(page, word.text)).toEqual(before);

    // The whole line of the selected word, from the keyboard (o), later by 0.5 s. The word list
    // is virtualised: its first rows are read there, the whole line from the service after a save.
    const shown = line0.slice(0, 3);
    const lineBefore = await Promise.all(shown.map((x) => span(page, x.text)));
    await selectWord(page, line0[1]!.text);
    await page.getByRole('application', { name: /timeline/i }).focus();
    await page.keyboard.press('o');
    await dialog.getByRole('radio', { name: /Their whole lines/ }).check();
    await offset.fill('0.5');
    await offset.press('Enter');
    await expect(dialog).toBeHidden();
    const lineAfter = await Promise.all(shown.map((x) => span(page, x.text)));
    lineAfter.forEach(([s, e], i) => {
      expect(s).toBeCloseTo(lineBefore[i]![0]! + 0.5, 3);
      expect(e).toBeCloseTo(lineBefore[i]![1]! + 0.5, 3);
    });
    await undo(page);
    expect(await Promise.all(shown.map((x) => span(page, x.text)))).toEqual(lineBefore);
    await page.getByRole('button', { name: 'Redo' }).click();
    await save(page);
    const saved = await storedItems(page, key, project, active(project).id);
    const byKey = new Map(items.map((x) => [x.id, x]));
    for (const x of saved) {
      const was = byKey.get(x.id)!;
      expect(x.start).toBeCloseTo(was.start + (x.line === 0 ? 0.5 : 0), 6);
      expect(x.end).toBeCloseTo(was.end + (x.line === 0 ? 0.5 : 0), 6);
    }
  });

  test('Stretch selection between two times keeps proportions; undo restores', async ({ page }) => {
    const { key, project } = await isolatedProject(page);
    const items = byStart(active(project).alignment.items);
    const line0 = items.filter((x) => x.line === 0);
    await openEditor(page, key, project.id);
    const shown = line0.slice(0, 3); // rows in view (the list is virtualised)
    const before = await Promise.all(shown.map((x) => span(page, x.text)));
    const s0 = line0[0]!.start;
    const e0 = Math.max(...line0.map((x) => x.end));

    await selectWord(page, line0[1]!.text);
    await tools(page).getByRole('button', { name: 'Stretch selection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stretch selection' });
    await dialog.getByRole('radio', { name: /Their whole lines/ }).check();
    await expect(dialog.getByLabel('New start')).toHaveValue(
      await page.getByLabel(`Start of ${line0[0]!.text}`, { exact: true }).first().inputValue(),
    );
    const newStart = Math.round((s0 + 0.5) * 1000) / 1000;
    const newEnd = Math.round((s0 + 0.5 + (e0 - s0) * 1.5) * 1000) / 1000;
    await dialog.getByLabel('New start').fill(String(newStart));
    await dialog.getByLabel('New end').fill(String(newStart - 1));
    await dialog.getByLabel('New end').press('Enter');
    await expect(dialog.getByText('The new end must be after the new start.')).toBeVisible();
    await dialog.getByLabel('New end').fill(String(newEnd));
    await dialog.getByRole('button', { name: 'Stretch' }).click();
    await expect(dialog).toBeHidden();
    const scale = (newEnd - newStart) / (e0 - s0);
    const after = await Promise.all(shown.map((x) => span(page, x.text)));
    after.forEach(([s, e], i) => {
      expect(s).toBeCloseTo(newStart + (before[i]![0]! - s0) * scale, 2);
      expect(e).toBeCloseTo(newStart + (before[i]![1]! - s0) * scale, 2);
    });
    await undo(page);
    expect(await Promise.all(shown.map((x) => span(page, x.text)))).toEqual(before);
    await page.getByRole('button', { name: 'Redo' }).click();
    await save(page);
    const saved = (await storedItems(page, key, project, active(project).id)).filter(
      (x) => x.line === 0,
    );
    expect(Math.min(...saved.map((x) => x.start))).toBeCloseTo(newStart, 6);
    expect(Math.max(...saved.map((x) => x.end))).toBeCloseTo(newEnd, 6);
  });

  test('Compare with another alignment: ghost lane, Take from comparison for a word and a line', async ({
    page,
  }, info) => {
    const { key, project } = await isolatedProject(page, 2);
    const mine = active(project);
    const other = project.alignments.find((a) => !a.selected)!;
    // The other alignment differs: its first line is 0.3 s later.
    const theirs = other.alignment.items.map((x) =>
      x.line === 0 ? { ...x, start: x.start + 0.3, end: x.end + 0.3 } : x,
    );
    await api(
      page,
      'PUT',
      `/projects/${project.id}/alignments/${other.id}`,
      { alignment: { items: theirs }, expectedRevision: other.revision },
      key,
    );
    const items = byStart(mine.alignment.items);
    const line0 = items.filter((x) => x.line === 0);
    const target = line0[1]!;
    const theirTarget = theirs.find((x) => x.line === 0 && x.word === target.word)!;
    await openEditor(page, key, project.id, mine.id);
    const before = await span(page, target.text);

    const compare = tools(page).getByLabel('Compare with');
    await expect(compare).toHaveValue('');
    await selectWord(page, target.text);
    await tools(page).getByRole('button', { name: 'Take from comparison' }).click();
    await expect(tools(page).getByRole('status')).toHaveText(
      'Choose an alignment in “Compare with” first.',
    );
    await expect(compare.getByRole('option')).toHaveCount(2); // None + the other one
    await compare.selectOption({ index: 1 });
    const lane = page.getByRole('img', { name: /Comparison lane, read-only/ });
    await expect(lane).toBeVisible();
    await page.screenshot({ path: info.outputPath('comparison-ghost-lane.png') });

    await selectWord(page, target.text);
    await tools(page).getByRole('button', { name: 'Take from comparison' }).click();
    expect(await span(page, target.text)).toEqual([
      expect.closeTo(theirTarget.start, 3),
      expect.closeTo(theirTarget.end, 3),
    ]);
    // Only that word: its neighbour keeps its times.
    expect(await startOf(page, line0[2]!.text)).toBeCloseTo(line0[2]!.start, 3);
    await undo(page);
    expect(await span(page, target.text)).toEqual(before);

    // The whole line, from the keyboard (c).
    await tools(page).getByLabel('Whole lines').check();
    await selectWord(page, target.text);
    await page.getByRole('application', { name: /timeline/i }).focus();
    await page.keyboard.press('c');
    for (const x of line0.slice(0, 3))
      expect(await startOf(page, x.text)).toBeCloseTo(x.start + 0.3, 2);
    await save(page);
    const saved = await storedItems(page, key, project, mine.id);
    expect(saved.filter((x) => x.line === 0).map((x) => x.start)).toEqual(
      line0.map((x) => expect.closeTo(x.start + 0.3, 6)),
    );
    // Ids of this alignment are kept (the comparison's belong to the other one).
    expect(saved.filter((x) => x.line === 0).map((x) => x.id)).toEqual(line0.map((x) => x.id));
  });

  test('the waveform of the vocals is drawn from the analysis: the stem is downloaded once', async ({
    page,
    sharedProject,
  }) => {
    const { key, project } = sharedProject;
    const vocals = project.stems.find((s) => s.type === 'vocals');
    expect(vocals).toBeTruthy();
    const fileOf = (url: string) => new URL(url, 'http://x').pathname;
    const downloads: string[] = [];
    // fetches of the stem (the page's or its workers'), not the <audio> elements' media requests
    page.on('request', (req) => {
      if (req.resourceType() !== 'media' && fileOf(req.url()) === fileOf(vocals?.url ?? '')) {
        downloads.push(req.resourceType());
      }
    });
    await openEditor(page, key, project.id);
    const wave = page.getByRole('img', { name: /Waveform of vocals/ });
    /** Painted pixels of wavesurfer's canvases (in its shadow root). */
    const painted = () =>
      wave.locator('canvas').evaluateAll((canvases) =>
        canvases.reduce((sum, c) => {
          const canvas = c as HTMLCanvasElement;
          const ctx = canvas.getContext('2d');
          if (!ctx || !canvas.width || !canvas.height) return sum;
          const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
          let lit = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) lit++;
          return sum + lit;
        }, 0),
      );
    await expect.poll(painted, { timeout: 30_000 }).toBeGreaterThan(200);
    expect(downloads.length).toBeLessThanOrEqual(1);
  });

  test('Spectrogram toggle draws the vocals and follows the zoom', async ({
    page,
    sharedProject,
  }, info) => {
    const { key, project } = sharedProject;
    await openEditor(page, key, project.id);
    const toggle = tools(page).getByRole('button', { name: 'Spectrogram' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const image = page.getByRole('img', { name: /Spectrogram of vocals/ });
    await expect(image).toBeVisible();
    await expect(page.locator('.spectrogram')).toHaveAttribute('data-state', 'ready', {
      timeout: 30_000,
    });
    /** Share of the strip's pixels brighter than the quiet background. */
    const lit = () =>
      image.evaluate((canvas: HTMLCanvasElement) => {
        const ctx = canvas.getContext('2d')!;
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        let bright = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! > 120) bright++;
        return bright / (data.length / 4);
      });
    await expect.poll(lit).toBeGreaterThan(0.02);
    await page.screenshot({ path: info.outputPath('spectrogram.png') });
    // Zooming out redraws it for the new view (still lit), from the keyboard.
    await page.getByRole('application', { name: /timeline/i }).focus();
    await page.keyboard.press('0');
    await expect.poll(lit).toBeGreaterThan(0.02);
    await page.screenshot({ path: info.outputPath('spectrogram-zoomed-out.png') });
    await page.keyboard.press('f');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(image).toHaveCount(0);
    // The choice is remembered in this browser.
    await toggle.click();
    await page.reload();
    await expect(tools(page).getByRole('button', { name: 'Spectrogram' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
