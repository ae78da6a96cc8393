import type { Page } from '@playwright/test';
import { api, expect, signIn, test } from './fixtures';

/** The karaoke preview's lines: none overlaps another, none is narrower than its text. */
async function previewLinesOk(page: Page) {
  return page.evaluate(() => {
    const lines = [...document.querySelectorAll<HTMLElement>('.karaoke-preview .karaoke-line')];
    const rects = lines.map((el) => el.getBoundingClientRect());
    const problems: string[] = [];
    for (let i = 1; i < rects.length; i++)
      if (rects[i]!.top < rects[i - 1]!.bottom - 0.5)
        problems.push(`line ${i} overlaps line ${i - 1}`);
    lines.forEach((el, i) => {
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`line ${i} is narrower than its text`);
      if (el.scrollHeight > el.clientHeight + 1)
        problems.push(`line ${i} is shorter than its text`);
    });
    return { count: lines.length, problems };
  });
}

test('the karaoke preview never draws a line over another, from 360 px wide up', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const projects = await api<{ id: string; title: string }[]>(page, 'GET', '/projects');
  const demo = projects.find((p) => /demo/i.test(p.title));
  if (!demo) throw new Error('no demo project');
  await page.goto(`/projects/${demo.id}`);
  const timeline = page.getByRole('application', { name: /Timeline of words/ });
  await expect(timeline).toBeAttached({ timeout: 60_000 });
  // Select a word of the second line with the keyboard: the playhead goes there, two long lines show.
  await timeline.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  for (const width of [1440, 1100, 900, 700, 480, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(async () => (await previewLinesOk(page)).count).toBeGreaterThan(1);
    expect((await previewLinesOk(page)).problems, `at ${width} px`).toEqual([]);
    // The page itself fits the window: the timeline is drawn, not squeezed to nothing.
    const box = await timeline.boundingBox();
    expect(box?.width ?? 0, `timeline width at ${width} px`).toBeGreaterThan(200);
  }
});
