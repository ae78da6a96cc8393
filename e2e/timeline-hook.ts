import type { Page } from '@playwright/test';
import type { TimelineTestHook } from '../src/features/editor/timeline/test-hook';
import { expect } from './fixtures';

/*
 * The timeline canvas's test hook (`window.__timeline`, in the KTS_TEST_HOOKS=1 build only; its
 * type and the Window declaration are the app's test-hook.ts) read from a spec: one
 * page.evaluate a read. A read throws while the canvas is not mounted.
 */

type Part = Parameters<TimelineTestHook['clientPointOf']>[1];

/** Client coordinates of a word's body centre or one of its edges; null when it is not drawn. */
export const pointOf = (page: Page, key: string, part: Part = 'body') =>
  page.evaluate(([k, p]) => window.__timeline!.clientPointOf(k, p), [key, part] as const);

/** Canvas px (from its left edge) of a time, at the current zoom and scroll. */
export const timeToX = (page: Page, time: number) =>
  page.evaluate((t) => window.__timeline!.timeToX(t), time);

/** The time at canvas px `x` (0: the left edge of the view). */
export const xToTime = (page: Page, x: number) =>
  page.evaluate((px) => window.__timeline!.xToTime(px), x);

/** The onsets drags snap to, in seconds; none while the canvas is not mounted. */
export const onsetsOf = (page: Page) => page.evaluate(() => window.__timeline?.onsets() ?? []);

/** Keys outlined as merge conflicts, sorted. */
export const conflictKeysOf = (page: Page) =>
  page.evaluate(() => window.__timeline!.conflictKeys());

/**
 * Presses the mouse on a word's body once it is drawn, and leaves it down: `moveBy(seconds)`
 * then drags it that far right of where it was grabbed (at the zoom of the grab).
 */
export async function grabWord(page: Page, key: string) {
  await expect.poll(() => pointOf(page, key)).not.toBeNull();
  const at = (await pointOf(page, key))!;
  const pxPerSecond = (await timeToX(page, 1)) - (await timeToX(page, 0));
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  return {
    moveBy: (seconds: number, steps = 5) =>
      page.mouse.move(at.x + seconds * pxPerSecond, at.y, { steps }),
  };
}
