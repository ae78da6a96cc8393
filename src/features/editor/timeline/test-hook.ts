import { hitTest } from './hit-test';
import { laneBand, laneLayout, laneOf } from './layout';
import type { TimelineScene } from './types';
import { timeToX, xToTime } from './viewport';

/**
 * For Playwright: converts between time and canvas px so e2e can drag words precisely.
 * x and y are CSS px relative to the canvas; `clientPointOf` returns page (client) coordinates.
 */
export interface TimelineTestHook {
  timeToX(t: number): number;
  xToTime(x: number): number;
  keyAt(x: number, y: number): string | null;
  /** Client coordinates of a word's body centre or one of its edges (null when not drawn). */
  clientPointOf(key: string, part?: 'body' | 'start' | 'end'): { x: number; y: number } | null;
  /** Keys outlined as merge conflicts, sorted. */
  conflictKeys(): string[];
  /** The onset times drags snap to (getOnsets), in seconds. */
  onsets(): number[];
  /** Per onset its strength (getOnsetStrengths; 1 = strongest). */
  onsetStrengths(): number[];
}

declare global {
  interface Window {
    __timeline?: TimelineTestHook;
  }
  /**
   * Build-time flag (vite.config.ts `define`): true in dev, unit tests and the e2e build
   * (`KTS_TEST_HOOKS=1`), false in the production build, where the hook's code is dropped.
   */
  var __TEST_HOOKS__: boolean;
}

export function createTestHook(
  getScene: () => TimelineScene,
  getRect: () => { left: number; top: number },
  getOnsets: () => readonly number[] = () => [],
  getOnsetStrengths: () => readonly number[] = () => [],
): TimelineTestHook {
  return {
    timeToX: (t) => timeToX(t, getScene().view),
    xToTime: (x) => xToTime(x, getScene().view),
    keyAt: (x, y) => hitTest(getScene(), x, y)?.key ?? null,
    conflictKeys: () => [...(getScene().conflictKeys ?? [])].sort(),
    onsets: () => [...getOnsets()],
    onsetStrengths: () => [...getOnsetStrengths()],
    clientPointOf(key, part = 'body') {
      const scene = getScene();
      for (let i = 0; i < scene.items.count; i++) {
        const item = scene.items.itemAt(i);
        if (item.key !== key) continue;
        const layout = laneLayout(scene.view, scene.laneCount);
        const band = laneBand(
          laneOf(item, scene.laneMode, layout.laneCount, scene.singerLanes),
          layout,
        );
        const t =
          part === 'start' ? item.start : part === 'end' ? item.end : (item.start + item.end) / 2;
        const rect = getRect();
        return { x: rect.left + timeToX(t, scene.view), y: rect.top + band.y + band.height / 2 };
      }
      return null;
    },
  };
}

/** Sets window.__timeline while the canvas is mounted; returns the removal. */
export function installTestHook(...args: Parameters<typeof createTestHook>): () => void {
  const hook = createTestHook(...args);
  window.__timeline = hook;
  return () => {
    if (window.__timeline === hook) delete window.__timeline;
  };
}
