/**
 * When each line is on screen and in which row: the instrumental breaks between lines, then the
 * lines' show/hide times (see CONTEXT.md, "Which lines are on screen when").
 */

/** Where the lines start and end and which gaps between them are breaks. */
export interface BreakPlan {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** The latest end of the lines before each line. */
  readonly endBefore: readonly number[];
  /** Whether a break comes before each line. */
  readonly breakBefore: readonly boolean[];
}

export interface LineTimes {
  readonly show: readonly number[];
  readonly hide: readonly number[];
  readonly slot: readonly number[];
}

export interface ScheduleOptions {
  readonly rows: number;
  /** Seconds a line may show before its start (the style's anticipationBuffer). */
  readonly anticipation: number;
  /** No line shows before this (the end of an auto-hiding title card). */
  readonly lyricsFrom: number;
  /** Breaks clear the screen (instrumentalBreak.hideLyrics). */
  readonly hideLyrics: boolean;
  /** Seconds the lines stay after a run's last line ends. */
  readonly hold: number;
  readonly duration: number;
}

/** Breaks: gaps between consecutive lines of at least `minGap` seconds. */
export function planBreaks(
  lines: readonly { readonly items: readonly { start: number; end: number }[] }[],
  minGap: number,
): BreakPlan {
  const starts = lines.map((p) => p.items.reduce((m, i) => Math.min(m, i.start), Infinity));
  const ends = lines.map((p) => p.items.reduce((m, i) => Math.max(m, i.end), -Infinity));
  const endBefore: number[] = [];
  let runningEnd = -Infinity;
  const breakBefore = lines.map((_, k) => {
    endBefore.push(runningEnd);
    runningEnd = Math.max(runningEnd, ends[k] as number);
    return k > 0 && (starts[k] as number) - (endBefore[k] as number) >= minGap;
  });
  return { starts, ends, endBefore, breakBefore };
}

/**
 * Each run of lines between breaks fills the rows in turn from the top; a line takes its row when
 * the line that had it has been sung (but at most `anticipation` before its own start) and keeps
 * it until the next one takes it.
 */
export function scheduleLines(plan: BreakPlan, options: ScheduleOptions): LineTimes {
  const { starts, ends, breakBefore } = plan;
  const { rows, anticipation, lyricsFrom, hideLyrics } = options;
  const n = starts.length;
  const show = new Array<number>(n).fill(0);
  const slot = new Array<number>(n).fill(0);
  let runStart = 0;
  for (let k = 0; k < n; k++) {
    if (breakBefore[k] && hideLyrics) runStart = k;
    slot[k] = (k - runStart) % rows;
    const start = starts[k] as number;
    const prevInRow = k - rows >= runStart ? (ends[k - rows] as number) : -Infinity;
    let s = Math.max(start - anticipation, prevInRow, lyricsFrom);
    // Shows never go back in time (frame.ts finds the lines on screen by a binary search).
    if (k > 0) s = Math.max(s, show[k - 1] as number);
    show[k] = Math.max(0, Math.min(s, start), k > 0 ? (show[k - 1] as number) : 0);
  }
  return { show, slot, hide: hideTimes(plan, options, show, slot) };
}

function hideTimes(
  plan: BreakPlan,
  options: ScheduleOptions,
  show: readonly number[],
  slot: readonly number[],
): number[] {
  const { starts, ends, breakBefore } = plan;
  const { rows, anticipation, hideLyrics } = options;
  const n = starts.length;
  // The end of each run (the lines before a break, or the song's last lines).
  const runEnd = new Array<number>(n).fill(0);
  for (let k = n - 1, end = -Infinity; k >= 0; k--) {
    const nextBreak = k + 1 < n && breakBefore[k + 1] && hideLyrics;
    if (k === n - 1 || nextBreak) end = -Infinity;
    end = Math.max(end, ends[k] as number);
    runEnd[k] = end;
  }
  const hide = new Array<number>(n).fill(0);
  for (let k = 0; k < n; k++) {
    const next = k + rows;
    const sameRun =
      next < n && slot[next] === slot[k] && !breakBetween(breakBefore, k, next, hideLyrics);
    const h = sameRun
      ? (show[next] as number)
      : Math.min((runEnd[k] as number) + options.hold, options.duration);
    const nextStart = k + 1 < n ? (starts[k + 1] as number) : Infinity;
    // Before a hidden break, never into the next run's lines.
    hide[k] = Math.max(
      (show[k] as number) + 0.01,
      sameRun ? h : Math.min(h, Math.max(nextStart - anticipation, runEnd[k] as number)),
    );
  }
  return hide;
}

function breakBetween(
  breakBefore: readonly boolean[],
  a: number,
  b: number,
  hides: boolean,
): boolean {
  if (!hides) return false;
  for (let k = a + 1; k <= b; k++) if (breakBefore[k]) return true;
  return false;
}
