import {
  NORMAL_BEAMS,
  runSphinx,
  type SphinxTools,
  type SphinxWord,
  WIDE_BEAMS,
  type Beams,
} from './sphinx';

/** How a long song is cut: windows of audio, each with a generous share of the words left. */
export const windowing = {
  /** Songs up to this long are aligned in one search. */
  singlePassSeconds: 240,
  /** Longest window, and shortest (for dense lyrics: about `wordsPerWindow` words sung per window). */
  windowSeconds: 60,
  minWindowSeconds: 20,
  wordsPerWindow: 150,
  /** Words that end in the last quarter of a window are aligned again in the next one. */
  /** A window gets this many times its share of the remaining words, plus `extraWords`. */
  wordShare: 2,
  extraWords: 20,
};

export interface Source {
  samples: Int16Array;
  rate: number;
}

export interface WindowedResult {
  /** Absolute times by word index. */
  words: SphinxWord[];
  /** What it took: retries with wider beams or on the mix, windows used. */
  widened: number;
  onMix: number;
  windows: number;
}

interface Attempt {
  source: () => Promise<Source | undefined>;
  beams: Beams;
  kind: 'normal' | 'wide' | 'bonus' | 'mix';
  wordBonus?: boolean;
}

/**
 * Forced alignment of `words` on `vocals`, in one search for a song of normal length, else in
 * windows between anchors (the words committed so far), so time and memory grow linearly with the
 * song. A window whose search finds nothing is retried with wider beams, then on the mix. Returns
 * undefined when every attempt of some window failed.
 */
export async function alignInWindows(
  tools: SphinxTools,
  words: string[][][],
  vocals: Source,
  /** Loaded only when a window needs it. */
  loadMix: (() => Promise<Source | undefined>) | undefined,
  onProgress: (fraction: number) => void = () => {},
): Promise<WindowedResult | undefined> {
  const w = windowing;
  const rate = vocals.rate;
  const duration = vocals.samples.length / rate;
  let mix: Promise<Source | undefined> | undefined;
  const voice = () => Promise.resolve(vocals);
  const attempts: Attempt[] = [
    { source: voice, beams: NORMAL_BEAMS, kind: 'normal' },
    { source: voice, beams: WIDE_BEAMS, kind: 'wide' },
    // A voice the model matches badly (the synthetic demo song) loses to the silence model.
    { source: voice, beams: WIDE_BEAMS, kind: 'bonus', wordBonus: true },
    ...(loadMix
      ? [{ source: () => (mix ??= loadMix()), beams: WIDE_BEAMS, kind: 'mix' as const }]
      : []),
  ];
  const result: WindowedResult = { words: [], widened: 0, onMix: 0, windows: 0 };
  const single = duration <= w.singlePassSeconds;
  // Dense lyrics get shorter windows (the search costs about frames x words per window).
  const density = words.length / Math.max(1, duration);
  const windowSeconds = Math.max(
    w.minWindowSeconds,
    Math.min(w.windowSeconds, w.wordsPerWindow / Math.max(1e-6, density)),
  );
  const marginSeconds = windowSeconds / 4;
  let t = 0;
  let next = 0;
  while (next < words.length) {
    const end = single ? duration : Math.min(duration, t + windowSeconds);
    const final = end >= duration - 1e-6;
    const left = words.length - next;
    const share = (left * (end - t)) / Math.max(1e-6, duration - t);
    const count = final ? left : Math.min(left, Math.ceil(share * w.wordShare + w.extraWords));
    const slice = words.slice(next, next + count);
    const from = Math.floor(t * rate);
    const to = Math.ceil(end * rate);
    let found: SphinxWord[] = [];
    for (const attempt of attempts) {
      const source = await attempt.source();
      if (!source) continue;
      found = await runSphinx(tools, {
        samples: source.samples.subarray(from, to),
        rate,
        words: slice,
        openEnd: !final,
        beams: attempt.beams,
        wordBonus: attempt.wordBonus ?? false,
      });
      if (found.length > 0) {
        if (attempt.kind !== 'normal') result.widened++;
        if (attempt.kind === 'mix') result.onMix++;
        break;
      }
    }
    result.windows++;
    if (found.length === 0) return undefined;
    const offset = from / rate;
    const keepUntil = end - t - marginSeconds;
    let kept = found.length;
    if (!final) {
      kept = found.findIndex((word) => word.end > keepUntil);
      if (kept < 0) kept = found.length;
      kept = Math.max(1, kept);
    }
    for (const word of found.slice(0, kept)) {
      result.words.push({
        index: next + word.index,
        start: word.start + offset,
        end: word.end + offset,
      });
    }
    const last = result.words[result.words.length - 1];
    next += kept;
    t = last ? last.end : end;
    onProgress(Math.min(1, t / duration));
    if (final) break;
  }
  return result;
}
