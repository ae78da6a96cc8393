import type { Locator } from '@playwright/test';
import { api, expect, signIn, test } from './fixtures';

/** The preview canvas as laid out: its box, its panel's box, and its backing store's size. */
async function previewBox(canvas: Locator) {
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const box = el.getBoundingClientRect();
    const panel = el.closest('aside')?.getBoundingClientRect();
    return {
      width: box.width,
      height: box.height,
      right: box.right,
      panelRight: panel?.right ?? Infinity,
      pixels: el.width,
      ratio: window.devicePixelRatio,
      caption: el.parentElement?.querySelector('figcaption')?.textContent ?? '',
    };
  });
}

test('the karaoke preview keeps the video’s shape and fits its panel, from 360 px wide up', async ({
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
  // Select a word of the second line with the keyboard: the playhead goes there, lines show.
  await timeline.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
  const canvas = page.getByRole('img', { name: /Karaoke video preview/ });
  for (const width of [1440, 1100, 900, 700, 480, 360]) {
    await page.setViewportSize({ width, height: 800 });
    // Redrawn for the new size: the backing store follows the box (crisp text at any width).
    await expect
      .poll(async () => {
        const box = await previewBox(canvas);
        return Math.abs(box.pixels - Math.round(box.width * box.ratio));
      })
      .toBeLessThanOrEqual(1);
    const box = await previewBox(canvas);
    expect(box.width, `preview width at ${width} px`).toBeGreaterThan(150);
    // 16:9 like the video, inside its panel.
    expect(Math.abs(box.height - (box.width * 9) / 16), `shape at ${width} px`).toBeLessThan(2);
    expect(box.right, `inside its panel at ${width} px`).toBeLessThanOrEqual(box.panelRight + 0.5);
    // The lines on screen (the layout's; given to screen readers as text).
    expect(box.caption.split(' / ').length, `lines at ${width} px`).toBeGreaterThan(1);
    // The page itself fits the window: the timeline is drawn, not squeezed to nothing.
    const timelineBox = await timeline.boundingBox();
    expect(timelineBox?.width ?? 0, `timeline width at ${width} px`).toBeGreaterThan(200);
  }
});
