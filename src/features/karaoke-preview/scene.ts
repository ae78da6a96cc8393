import type { StyleObject } from '../../contract';
import {
  frameAt,
  layoutKaraoke,
  type KaraokeFrame,
  type KaraokeLayout,
} from '../../karaoke-layout';
import { cutsOf, rowsOf, windowAt, type KaraokeSource } from './window';

/** Up to this many items the whole song is laid out at once (a few ms); above it, by windows. */
export const WHOLE_SONG_ITEMS = 5000;

/** The frame sizes the layout is made for: the video's proportions, a 1080-pixel short side. */
export function referenceSize(aspectRatio: string): { width: number; height: number } {
  switch (aspectRatio) {
    case '9:16':
      return { width: 1080, height: 1920 };
    case '1:1':
      return { width: 1080, height: 1080 };
    default:
      return { width: 1920, height: 1080 };
  }
}

export interface SceneInput {
  source: KaraokeSource;
  style: StyleObject;
  title?: string | undefined;
  artists?: readonly string[] | undefined;
  duration?: number | undefined;
}

export interface KaraokeScene {
  readonly width: number;
  readonly height: number;
  /** The layout in use at `t` and what it shows then. */
  at(t: number): { layout: KaraokeLayout; frame: KaraokeFrame };
  /** Layouts made so far (tests and benches count them). */
  readonly layouts: number;
}

/**
 * The preview's frames, from the same layout module and the same measure as the video's ASS
 * writer (so the same lines are on screen at the same times), laid out at the video's reference
 * size. A long song is laid out a window at a time, cut at hidden instrumental breaks where the
 * layout of the part equals the whole song's (window.ts); moving through the song lays out the
 * next window once, and a frame is a binary search in it (`frameAt`).
 */
export function createScene(
  input: SceneInput,
  { wholeSongItems = WHOLE_SONG_ITEMS }: { wholeSongItems?: number } = {},
): KaraokeScene {
  const { width, height } = referenceSize(input.style.aspectRatio);
  const whole = input.source.size <= wholeSongItems;
  const lines = input.source.lines;
  // Read on the first frame, not here: a style the layout cannot read fails at drawing time,
  // where the canvas says so, not while the page renders.
  let cuts: number[] | null = null;
  const made = new Map<string, KaraokeLayout>();
  let layouts = 0;

  const layoutOf = (from: number, to: number): KaraokeLayout => {
    const key = `${from}:${to}`;
    const cached = made.get(key);
    if (cached) return cached;
    layouts++;
    const layout = layoutKaraoke({
      items: input.source.itemsOf(from, to),
      style: input.style,
      width,
      height,
      // The title card is at the song's start: only the first window has it.
      title: from === 0 ? input.title : undefined,
      artists: from === 0 ? input.artists : undefined,
      duration: input.duration,
    });
    // Keep the last few windows: scrubbing back and forth does not lay them out again.
    if (made.size >= 4) made.delete(made.keys().next().value as string);
    made.set(key, layout);
    return layout;
  };

  return {
    width,
    height,
    get layouts() {
      return layouts;
    },
    at(t) {
      cuts ??= whole ? [0] : cutsOf(lines, input.style);
      const { from, to } = whole
        ? { from: 0, to: lines.length }
        : windowAt(lines, cuts, t, rowsOf(input.style));
      const layout = layoutOf(from, to);
      return { layout, frame: frameAt(layout, t) };
    },
  };
}
