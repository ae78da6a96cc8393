import { DARK_TIMELINE_COLORS } from './colors';
import { arrayItems, createCullIndex, createSkipIndex } from './cull-index';
import { blocksOfArray } from './lod';
import type { TimelineItem, TimelineScene } from './types';

/** A scene over a plain array, for tests, the bench page and storybook-like demos. */
export function sceneFromArray(
  list: readonly TimelineItem[],
  overrides: Partial<TimelineScene> = {},
): TimelineScene {
  // a word read plain (`wordAt`) is the item itself: nothing made per read
  const items = { ...arrayItems(list), wordAt: (i: number) => list[i] as TimelineItem };
  const index = createCullIndex(items);
  let skip: ReturnType<typeof createSkipIndex> | undefined;
  let keys: Map<string, number> | undefined;
  return {
    items,
    firstVisibleIndex: (t) => index.firstVisibleIndex(t),
    skipTo: (from, time, pps) => (skip ??= createSkipIndex(items)).skipTo(from, time, pps),
    blocks: blocksOfArray(list),
    indexOfKey: (key) => (keys ??= new Map(list.map((item, i) => [item.key, i]))).get(key) ?? -1,
    view: { startTime: 0, pxPerSecond: 100, width: 1000, height: 224, devicePixelRatio: 1 },
    laneMode: 'line',
    laneCount: 2,
    selection: new Set(),
    hoverKey: null,
    preview: null,
    problemKeys: new Set(),
    estimatedKeys: new Set(),
    colors: DARK_TIMELINE_COLORS,
    ...overrides,
  };
}

/** `n` words of `dur` seconds every `step` seconds, 5 words per line. */
export function regularItems(n: number, step = 1, dur = 0.8): TimelineItem[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `w${i}`,
    start: i * step,
    end: i * step + dur,
    text: `word${i}`,
    line: Math.floor(i / 5),
  }));
}
