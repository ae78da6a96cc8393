import { readFileSync } from 'node:fs';
import {
  NORMAL_BEAMS,
  runSphinx,
  type SphinxResult,
  type SphinxTools,
  type SphinxWord,
  WIDE_BEAMS,
  garbage,
  type Beams,
  type GarbageLoop,
} from './sphinx';

/**
 * How a song is cut for the recogniser, and how much searching it may do. A search costs about
 * frames x (a fixed cost + the words in its grammar): the acoustic scores, then every frame visits
 * every state of the grammar. Measured here (pocketsphinx 0.8, one core of the shared machine):
 * 0.14 ms a frame plus 0.15 us a frame and word; see `searchSeconds`.
 */
export const windowing = {
  /**
   * A song up to `singlePassSeconds` whose whole search costs at most `singlePassCpuSeconds` is
   * aligned in one search: a grammar closed at both ends keeps a poorly matched voice (a loud band)
   * from being skipped, where an open-ended window may stretch a word to its end and fall behind the
   * song (7 minutes with up to about 1,500 words). Longer or denser songs go in windows, so time and
   * memory grow linearly: a search with the widest beams holds about 1 MB per second of audio.
   */
  singlePassSeconds: 420,
  singlePassCpuSeconds: 15,
  /** Estimated CPU seconds for all searches of a song in windows (retries included); then the fallback. */
  searchBudgetCpuSeconds: 45,
  /** The widest beams cost about this many times the normal ones (measured: 1.8-2.2). */
  wideCostFactor: 2,
  /** Longest window, and shortest (for dense lyrics: about `wordsPerWindow` words sung per window). */
  windowSeconds: 60,
  minWindowSeconds: 20,
  wordsPerWindow: 150,
  /** A window gets this many times its share of the remaining words, plus `extraWords`. */
  wordShare: 2,
  extraWords: 20,
  /** A window after the first starts this long before the words it hands on (aligned again, not kept). */
  contextSeconds: 8,
  /** A window that finds its first word after a break starts this long before that word next. */
  leadSeconds: 1,
  /** Shortest a phone can last in the model (3 states of 10 ms): no more words fit in a window. */
  minPhoneSeconds: 0.03,
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
  /** Words placed by `fallback` (a window no search could align, or words left over at the end). */
  placedByFallback: number;
  /** The estimated CPU seconds of the searches run (`searchSeconds`). */
  estimatedCpu: number;
  /** CPU seconds the recogniser really used for them (the estimate where /proc cannot tell). */
  cpuSeconds: number;
  /** Of those, the CPU seconds of the searches whose words were kept (what one more such search costs). */
  keptCpuSeconds: number;
}

/**
 * CPU seconds of the recogniser left for a sync, shared by all its searches: each search is stopped
 * when it would use more than what is left (a hard bound, unlike the estimates).
 */
export interface CpuBudget {
  left: number;
}

export interface WindowOptions {
  /** Each word's lyrics line: a window keeps words up to the end of a line when one is in reach. */
  lines?: readonly number[];
  /** The mix, loaded only when a window needs it. */
  loadMix?: () => Promise<Source | undefined>;
  onProgress?: (fraction: number) => void;
  /**
   * Places `count` words from `first` on [from, to) seconds when the recogniser cannot (every
   * attempt on a window failed, or the audio left is too short for the words left). Without it such a
   * song has no alignment (undefined).
   */
  fallback?: (first: number, count: number, from: number, to: number) => SphinxWord[];
  /** Tests: a stand-in for the recogniser. */
  run?: typeof runSphinx;
  /** The garbage loop between lines (see SphinxRun.lineStarts); false: none. */
  garbage?: GarbageLoop | false;
  /**
   * 'first': the normal beams, then the wide ones when they find no path, then the mix, and no
   * more (the consensus's searches: one that finds nothing is left out); 'plausible' (default): on through
   * the retries (from the song's cepstral mean, a word bonus, the mix) while the result is squeezed.
   */
  retries?: 'first' | 'plausible';
  /** Start with the wide beams (the normal ones found no path in an earlier search of this song). */
  skipNormal?: boolean;
  /** Estimated CPU seconds all searches may take (default `windowing.searchBudgetCpuSeconds`). */
  budgetCpuSeconds?: number;
  /** Real CPU seconds left for the recogniser (shared with other searches of the sync): spent here. */
  cpu?: CpuBudget;
  /**
   * With `cpu`: spend it, but bound the searches by it only once an attempt has found a path (the
   * first search of a sync may overrun the budget to find one at all, not to improve on it).
   */
  cpuOnceFound?: boolean;
}

interface Attempt {
  source: () => Promise<Source | undefined>;
  beams: Beams;
  kind: 'normal' | 'wide' | 'bonus' | 'mix';
  wordBonus?: boolean;
  /**
   * Start from the cepstral mean the window's first search ended with: the model's own start value
   * is far from a song's, and on a loud band it can lead the search astray from the first seconds
   * on. (Only for retries: carried from one window to the next, the mean where a window ended is
   * that of other music and led the next window astray.)
   */
  songCmn?: boolean;
  /** The garbage loop's price per phone times this (`wordBonusLoopFactor`). */
  loopFactor?: number;
}

/**
 * The word-bonus retry prices the garbage loop at this times its price (the bonus, `-wip 100`, is
 * also given to every loop phone, so the loop's net price is 100 times this times its own): at the
 * loop's own price the bonus search put a repeated chorus of the chiptune song into a 37 s
 * instrumental (lines 29-31 s early; 3.37 s mean line-head error), at a tenth of it the chorus is in
 * place (1.12 s) but a passage was crammed beside 9 s of loop (L24-27, 2-7 s early), at 0.03 that
 * passage is in place too (the raw search's mean word error 0.80 s, 51% within 0.3 s), at 0.01 the
 * search falls behind the song (1.42 s); at ten times the price it finds no path.
 */
export const wordBonusLoopFactor = 0.03;

/** A search result is taken as it is unless more than this share of its words is squeezed. */
export const plausibility = {
  /** Shorter than this, a sung word is squeezed (a search gone astray crams words together). */
  squeezedSeconds: 0.1,
  maxSqueezedShare: 0.15,
  /** Fewer words than this are not judged. */
  minWords: 10,
};

/** The share of words shorter than `plausibility.squeezedSeconds` (0 for too few words to judge). */
export function squeezedShare(words: readonly SphinxWord[]): number {
  if (words.length < plausibility.minWords) return 0;
  const squeezed = words.filter((w) => w.end - w.start < plausibility.squeezedSeconds).length;
  return squeezed / words.length;
}

/** Estimated CPU seconds of one search over `seconds` of audio with `words` in its grammar. */
export function searchSeconds(seconds: number, words: number): number {
  return seconds * 100 * (1.4e-4 + words * 1.5e-7);
}

/** A song aligned in one search (else in windows): see `windowing.singlePassSeconds`. */
export function singlePass(seconds: number, words: number): boolean {
  return (
    seconds <= windowing.singlePassSeconds &&
    searchSeconds(seconds, words) <= windowing.singlePassCpuSeconds
  );
}

/** Seconds the words take at the least: every phone of their shortest pronunciation at its minimum. */
export function minimumSeconds(words: readonly string[][][]): number[] {
  return words.map(
    (variants) =>
      windowing.minPhoneSeconds * Math.min(...variants.map((phones) => phones.length), 99),
  );
}

/**
 * Forced alignment of `words` on `vocals`, in one search for a song of normal length, else in
 * windows from the words kept so far: each window holds at most the words that can fit in it, keeps
 * the words before its last quarter (up to a line's end when one is in reach) and hands the rest on.
 * A window whose search finds nothing is retried with wider beams, then on the mix, then placed by
 * `fallback`. Returns undefined when some words could not be placed.
 */
export async function alignInWindows(
  tools: SphinxTools,
  words: string[][][],
  vocals: Source,
  options: WindowOptions = {},
): Promise<WindowedResult | undefined> {
  const song = planSong(tools, words, vocals, options);
  const at: Cursor = {
    t: 0,
    next: 0,
    context: 0,
    budget: options.budgetCpuSeconds ?? windowing.searchBudgetCpuSeconds,
  };
  while (at.next < words.length) {
    const window = nextWindow(song, at);
    // Behind (the words left cannot fit in the audio left, even at their shortest), or out of budget.
    if ((song.shortestFrom[at.next] ?? 0) > song.duration - at.t || at.budget < window.cost) {
      if (!placeByFallback(song, at.next, window.left, at.t, song.duration)) return undefined;
      break;
    }
    const best = await searchWindow(song, at, window);
    const step = keepWindowWords(song, at, window, best);
    if (step === 'failed') return undefined;
    if (step === 'done') break;
  }
  song.onProgress(1);
  return song.result;
}

/** What stays the same for every window of a song's search, and the result it fills. */
interface SongSearch {
  tools: SphinxTools;
  words: string[][][];
  vocals: Source;
  options: WindowOptions;
  duration: number;
  onProgress: (fraction: number) => void;
  /** The retry ladder each window climbs (`retryLadder`). */
  attempts: Attempt[];
  /** shortestFrom[i]: the least time words i.. can take. */
  shortestFrom: Float64Array;
  /** One search for the whole song (`singlePass`). */
  single: boolean;
  windowSeconds: number;
  /** A window keeps the words that end before its last `marginSeconds`. */
  marginSeconds: number;
  /** The garbage loop between lines, when there is one. */
  loop: GarbageLoop | undefined;
  result: WindowedResult;
}

/** Where the search is: the window's start, the next word to keep, and what it may still spend. */
interface Cursor {
  /** Seconds where the next window starts. */
  t: number;
  /** The first word not kept yet. */
  next: number;
  /**
   * Each window after the first starts at the words kept in its last `contextSeconds` and aligns
   * them again (not kept twice): the search settles on the song before the words it hands on, and
   * what the last word holds on to (a held note, its reverb) is not taken for the next line's head.
   */
  context: number;
  /** Hard bound on the work: the estimated CPU time of all searches left, retries included. */
  budget: number;
}

/** One window: [t, end) seconds with words `first` (context words included) .. `next + count - 1`. */
interface Window {
  end: number;
  final: boolean;
  first: number;
  count: number;
  /** Words not kept yet, and this window's share of them by its length. */
  left: number;
  share: number;
  /** The estimated CPU seconds of one search with the normal beams. */
  cost: number;
}

interface BestAttempt {
  words: SphinxWord[];
  squeezed: number;
  kind: Attempt['kind'];
  cpu: number;
}

/** The song's constants: its retry ladder, window length and the least time its words take. */
function planSong(
  tools: SphinxTools,
  words: string[][][],
  vocals: Source,
  options: WindowOptions,
): SongSearch {
  const w = windowing;
  const duration = vocals.samples.length / vocals.rate;
  const minimum = minimumSeconds(words);
  const shortestFrom = new Float64Array(words.length + 1);
  for (let i = words.length - 1; i >= 0; i--) {
    shortestFrom[i] = (shortestFrom[i + 1] ?? 0) + (minimum[i] ?? 0);
  }
  // Dense lyrics get shorter windows.
  const density = words.length / Math.max(1, duration);
  const windowSeconds = Math.max(
    w.minWindowSeconds,
    Math.min(w.windowSeconds, w.wordsPerWindow / Math.max(1e-6, density)),
  );
  return {
    tools,
    words,
    vocals,
    options,
    duration,
    onProgress: options.onProgress ?? (() => {}),
    attempts: retryLadder(vocals, options),
    shortestFrom,
    single: singlePass(duration, words.length),
    windowSeconds,
    marginSeconds: windowSeconds / 4,
    loop: options.lines && options.garbage !== false ? (options.garbage ?? garbage) : undefined,
    result: {
      words: [],
      widened: 0,
      onMix: 0,
      windows: 0,
      placedByFallback: 0,
      estimatedCpu: 0,
      cpuSeconds: 0,
      keptCpuSeconds: 0,
    },
  };
}

/** The attempts a window's search makes in turn (the mix loaded once, when first needed). */
function retryLadder(vocals: Source, options: WindowOptions): Attempt[] {
  let mix: Promise<Source | undefined> | undefined;
  const loadMix = options.loadMix;
  const voice = () => Promise.resolve(vocals);
  return [
    ...(options.skipNormal
      ? []
      : [{ source: voice, beams: NORMAL_BEAMS, kind: 'normal' as const }]),
    { source: voice, beams: WIDE_BEAMS, kind: 'wide' },
    ...(options.retries === 'first'
      ? loadMix
        ? [{ source: () => (mix ??= loadMix()), beams: WIDE_BEAMS, kind: 'mix' as const }]
        : []
      : [
          // The mix before the costlier retries on the stem: a stem that lost the voice (several
          // voices, panned) finds no path at any setting, and the mix often does (issue 22).
          ...(loadMix
            ? [{ source: () => (mix ??= loadMix()), beams: WIDE_BEAMS, kind: 'mix' as const }]
            : []),
          // A voice the model matches badly (the synthetic demo song, the chiptune song) loses to
          // the silence model and the loop: the bonus is what finds a path at all there. Before
          // the retry from the song's cepstral mean, which is for a path found but implausible
          // (once a path is in hand, the sync's CPU bound holds: `cpuOnceFound`).
          {
            source: voice,
            beams: WIDE_BEAMS,
            kind: 'bonus' as const,
            wordBonus: true,
            loopFactor: wordBonusLoopFactor,
          },
          { source: voice, beams: WIDE_BEAMS, kind: 'wide' as const, songCmn: true },
        ]),
  ];
}

/** The window from `at.t`: its end, its words (no more than can fit in it) and its cost. */
function nextWindow(song: SongSearch, at: Cursor): Window {
  const { duration, options, loop, shortestFrom } = song;
  const { t, next } = at;
  const left = song.words.length - next;
  let end = song.single ? duration : Math.min(duration, t + song.windowSeconds);
  // No sliver of a last window: the final one takes it.
  if (duration - end < song.marginSeconds) end = duration;
  const final = end >= duration - 1e-6;
  const share = (left * (end - t)) / Math.max(1e-6, duration - t);
  let count = final
    ? left
    : Math.min(left, Math.ceil(share * windowing.wordShare + windowing.extraWords));
  // No more words than can fit in the window (this bounds the search's cost).
  const first = next - at.context;
  while (count > 1 && (shortestFrom[first] ?? 0) - (shortestFrom[next + count] ?? 0) > end - t) {
    count--;
  }
  // The garbage loop's phones count as a quarter of a word each (a word has about four phones).
  const lineHeads = options.lines
    ? Array.from({ length: next + count - first }, (_, k) => k).filter(
        (k) => k === 0 || options.lines?.[first + k] !== options.lines?.[first + k - 1],
      ).length + 1
    : 0;
  const grammarWords = next + count - first + (loop ? (lineHeads * loop.phones.length) / 4 : 0);
  return { end, final, first, count, left, share, cost: searchSeconds(end - t, grammarWords) };
}

/**
 * Climbs the retry ladder on one window until an attempt finds a plausible alignment; else the
 * least squeezed one found (undefined: none found a path). Spends the budgets as it goes.
 */
async function searchWindow(
  song: SongSearch,
  at: Cursor,
  window: Window,
): Promise<BestAttempt | undefined> {
  const { options, result } = song;
  let best: BestAttempt | undefined;
  let songCmn: number[] | undefined;
  for (const attempt of song.attempts) {
    const attemptCost =
      attempt.beams === WIDE_BEAMS ? window.cost * windowing.wideCostFactor : window.cost;
    if (at.budget < attemptCost) break;
    const bounded = !!options.cpu && (!options.cpuOnceFound || !!best);
    // Less real CPU left than a quarter of this search's estimate: it could not finish.
    if (bounded && options.cpu && options.cpu.left < attemptCost / 4) break;
    const start = attempt.songCmn ? songCmn : undefined;
    if (attempt.songCmn && !start) continue;
    const source = await attempt.source();
    if (!source) continue;
    at.budget -= attemptCost;
    result.estimatedCpu += attemptCost;
    const cpuBefore = process.env.SYNC_DEBUG ? childCpu() : 0;
    const run = await runAttempt(song, at, window, attempt, source, start, bounded);
    const used = run.cpuSeconds || attemptCost;
    result.cpuSeconds += used;
    if (options.cpu) options.cpu.left -= used;
    songCmn ??= run.cmn;
    const squeezed = squeezedShare(run.words);
    if (process.env.SYNC_DEBUG) {
      console.error(
        `[sync] window ${at.t.toFixed(1)}-${window.end.toFixed(1)} s ${attempt.kind}${attempt.songCmn ? '+cmn' : ''}: ${run.words.length} words${run.stopped ? ' (stopped: out of CPU)' : ''}, squeezed ${squeezed.toFixed(2)}, estimated ${attemptCost.toFixed(1)} s, used ${(childCpu() - cpuBefore).toFixed(1)} s (read ${used.toFixed(1)} s)`,
      );
    }
    if (run.words.length === 0) continue;
    if (!best || squeezed < best.squeezed)
      best = { words: run.words, squeezed, kind: attempt.kind, cpu: used };
    if (squeezed <= plausibility.maxSqueezedShare || options.retries === 'first') break;
  }
  return best;
}

/** One attempt of the ladder: the recogniser on the window's slice of `source`. */
function runAttempt(
  song: SongSearch,
  at: Cursor,
  window: Window,
  attempt: Attempt,
  source: Source,
  cmn: number[] | undefined,
  bounded: boolean,
): Promise<SphinxResult> {
  const { options, duration } = song;
  const { t, next } = at;
  const { end, first, count } = window;
  const rate = song.vocals.rate;
  return (options.run ?? runSphinx)(
    song.tools,
    {
      samples: source.samples.subarray(Math.floor(t * rate), Math.ceil(end * rate)),
      rate,
      words: song.words.slice(first, next + count),
      openEnd: !window.final,
      ...(options.lines && options.garbage !== false
        ? {
            ...(song.loop && (options.garbage || attempt.loopFactor)
              ? {
                  garbageLoop: {
                    phones: song.loop.phones,
                    probability: song.loop.probability * (attempt.loopFactor ?? 1),
                  },
                }
              : {}),
            lineStarts: Array.from(
              { length: next + count - first },
              (_, k) => k === 0 || options.lines?.[first + k] !== options.lines?.[first + k - 1],
            ),
          }
        : {}),
      beams: attempt.beams,
      wordBonus: attempt.wordBonus ?? false,
      ...(cmn ? { cmn } : {}),
      ...(options.cpu && bounded ? { maxCpuSeconds: Math.max(0, options.cpu.left) } : {}),
    },
    (f: number) => song.onProgress(Math.min(1, (t + f * (end - t)) / Math.max(1e-6, duration))),
  );
}

/**
 * Keeps the words of a searched window and moves the cursor on to the next one: 'done' after the
 * final window, 'failed' when words are left that nothing could place.
 */
function keepWindowWords(
  song: SongSearch,
  at: Cursor,
  window: Window,
  best: BestAttempt | undefined,
): 'next' | 'done' | 'failed' {
  const { result, duration } = song;
  const { end, final, first, left } = window;
  if (best) {
    result.keptCpuSeconds += best.cpu;
    if (best.kind !== 'normal') result.widened++;
    if (best.kind === 'mix') result.onMix++;
  }
  // Times from the window's start, indices from `next` (context words dropped: kept already).
  const found = (best?.words ?? [])
    .map((word) => ({ ...word, index: first + word.index - at.next }))
    .filter((word) => word.index >= 0);
  result.windows++;
  if (found.length === 0) {
    // Nothing found here: this window's share of the words goes to the fallback.
    const count = final ? left : Math.max(1, Math.min(left, Math.round(window.share)));
    if (!placeByFallback(song, at.next, count, at.t, end)) return 'failed';
    at.next += count;
    [at.context, at.t] = [0, end];
    song.onProgress(Math.min(1, at.t / duration));
    return 'next';
  }
  const length = end - at.t;
  let kept = final
    ? found.length
    : keptWords(found, at.next, length, song.marginSeconds, song.options.lines);
  const head = found[0];
  if (kept === 0 && head) {
    // The first word ends in the last quarter: when it starts late (after a break), the next
    // window starts just before it; else it is kept alone.
    if (head.start > length / 2) {
      [at.context, at.t] = [0, at.t + head.start - windowing.leadSeconds];
      song.onProgress(Math.min(1, at.t / duration));
      return 'next';
    }
    kept = 1;
  }
  for (const word of found.slice(0, kept)) {
    result.words.push({
      index: at.next + word.index,
      start: word.start + at.t,
      end: word.end + at.t,
    });
  }
  at.next += kept;
  if (final) {
    // A closed grammar places every word; anything short of that goes to the fallback.
    const rest = song.words.length - at.next;
    if (at.next < song.words.length && !placeByFallback(song, at.next, rest, at.t, duration)) {
      return 'failed';
    }
    return 'done';
  }
  startAtContext(song, at, kept, end);
  return 'next';
}

/**
 * The next window starts at its context: the words kept here that start in the last
 * `contextSeconds` before the last one and after the middle of this window (so it moves on).
 */
function startAtContext(song: SongSearch, at: Cursor, kept: number, end: number): void {
  const placed = song.result.words;
  const length = end - at.t;
  const lastStart = placed[placed.length - 1]?.start ?? end;
  const notBefore = Math.max(at.t + length / 2, lastStart - windowing.contextSeconds);
  at.context = 1;
  while (at.context < kept && (placed[placed.length - 1 - at.context]?.start ?? -1) >= notBefore) {
    at.context++;
  }
  at.t = Math.max(at.t, placed[placed.length - at.context]?.start ?? end);
  song.onProgress(Math.min(1, at.t / song.duration));
}

/**
 * Words `first`.. `first + count - 1` placed by `options.fallback` on [from, to) seconds, after the
 * last word placed (a window starts inside its context words); false without a fallback.
 */
function placeByFallback(
  song: SongSearch,
  first: number,
  count: number,
  from: number,
  to: number,
): boolean {
  const { options, result } = song;
  if (!options.fallback || count <= 0) return count <= 0;
  const after = Math.min(to, Math.max(from, result.words[result.words.length - 1]?.end ?? 0));
  for (const word of options.fallback(first, count, after, to)) result.words.push(word);
  result.placedByFallback += count;
  return true;
}

/**
 * How many of a window's words to keep: those that end before its last `margin` seconds (the search
 * squeezes or stretches words near the open end), cut back to the end of a line when one ends after
 * the window's first quarter (the next window then starts in the pause before a line, where the
 * recogniser does best). None when even the first word ends in the last `margin` seconds.
 */
export function keptWords(
  found: readonly SphinxWord[],
  first: number,
  length: number,
  margin: number,
  lines?: readonly number[],
): number {
  let kept = found.findIndex((word) => word.end > length - margin);
  if (kept < 0) kept = found.length;
  if (lines) {
    for (let k = kept - 1; k >= 0; k--) {
      const word = found[k];
      if (!word || word.end < length / 4) break;
      const index = first + word.index;
      if (lines[index] !== lines[index + 1]) {
        kept = k + 1;
        break;
      }
    }
  }
  return kept;
}

/** Debugging: CPU seconds of the finished child processes (Linux). */
function childCpu(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}
