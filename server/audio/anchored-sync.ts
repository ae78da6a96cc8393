/**
 * "Sync again around my fixes" (issue 22): the words a person placed stay exactly where they are
 * and the other words are aligned between them. A wrapper around a whole-song sync
 * (`syncLyricsToAudio`): each run of words between two kept words is synced on its own slice of
 * the vocals, with those two kept words (their audio and text) as context at its ends, and its
 * times are offset back onto the song and held between the kept words. The source alignment's structure is kept: every item keeps
 * its line, word, subword, text, singer and translations; only the times of words not kept change
 * (a word's sub-words share the word's new span in proportion to their old lengths).
 */
import type { AlignmentItem } from '../../src/contract';
import type { SyncOptions, SyncOutcome } from './forced-align';
import { syncLyricsToAudio } from './forced-align';
import { normalizeLanguage, recogniseLanguage, SYNC_LANGUAGES } from './language';
import type { PcmAudio } from './pcm';
import { pcmDuration, pcmLength } from './pcm';

/** A gap narrower than this per word is not searched: its words share it evenly. */
const MIN_SECONDS_PER_WORD = 0.08;
/** Nor a gap shorter than this in all (too little audio for any aligner). */
const MIN_GAP_SECONDS = 0.25;

export type SyncFn = (
  vocals: PcmAudio,
  lyrics: string,
  options: SyncOptions,
) => Promise<SyncOutcome>;

export interface AnchoredOptions {
  /** The project's language, handed to each gap's sync. */
  language?: string | null;
  onProgress?: (fraction: number) => void;
  /** The sync run per gap (tests, the energy-only demo path); default `syncLyricsToAudio`. */
  sync?: SyncFn;
  /** Passed to `syncLyricsToAudio` (tests: null pretends the recogniser is missing). */
  tools?: SyncOptions['tools'];
}

export interface AnchoredOutcome {
  /** The source items in the source order, without ids (the result is a new alignment). */
  items: AlignmentItem[];
  /** Per item (same index): its word's confidence, 1 for kept words; undefined when unknown. */
  confidence: (number | undefined)[];
  /** The engine that placed most words; undefined when no gap was searched. */
  engine: string | undefined;
  notes: string[];
  keptWords: number;
  alignedWords: number;
}

interface Word {
  /** Indices into the source items, in subword order. */
  items: number[];
  kept: boolean;
  start: number;
  end: number;
}

const round = (s: number) => Math.round(s * 1000) / 1000;

/** The source items grouped into words, in lyric order (line, then word). */
function wordsOf(items: readonly AlignmentItem[], keep: ReadonlySet<string>): Word[] {
  const byWord = new Map<string, number[]>();
  items.forEach((item, index) => {
    const key = `${item.line}/${item.word}`;
    const list = byWord.get(key);
    if (list) list.push(index);
    else byWord.set(key, [index]);
  });
  const words: Word[] = [];
  for (const indices of byWord.values()) {
    indices.sort((a, b) => (items[a]?.subword ?? 0) - (items[b]?.subword ?? 0));
    let start = Infinity;
    let end = -Infinity;
    let kept = false;
    for (const i of indices) {
      const item = items[i];
      if (!item) continue;
      start = Math.min(start, item.start);
      end = Math.max(end, item.end);
      if (item.id !== undefined && keep.has(item.id)) kept = true;
    }
    words.push({ items: indices, kept, start, end });
  }
  const first = (w: Word) => items[w.items[0] ?? 0];
  words.sort((a, b) => {
    const x = first(a);
    const y = first(b);
    return (x?.line ?? 0) - (y?.line ?? 0) || (x?.word ?? 0) - (y?.word ?? 0);
  });
  return words;
}

/** A run of words to sync between two kept ones (or the song's start / end). */
interface Gap {
  words: Word[];
  from: number;
  to: number;
  before: Word | undefined;
  after: Word | undefined;
}

/** The audio from `from` to `to` seconds (views, no copy). */
function slice(vocals: PcmAudio, from: number, to: number): PcmAudio {
  const rate = vocals.sampleRate;
  const a = Math.max(0, Math.min(pcmLength(vocals), Math.floor(from * rate)));
  const b = Math.max(a, Math.min(pcmLength(vocals), Math.ceil(to * rate)));
  return { sampleRate: rate, channels: vocals.channels.map((c) => c.subarray(a, b)) };
}

/** A word's text as one lyric token: its sub-words joined, never empty, never split. */
function token(items: readonly AlignmentItem[], word: Word): string {
  const text = word.items
    .map((i) => items[i]?.text ?? '')
    .join('')
    .replace(/\s+/g, '');
  return text || '…';
}

/** Lyrics of a gap: its words with a line break where the source line changes. */
function gapLyrics(items: readonly AlignmentItem[], gap: readonly Word[]): string {
  let text = '';
  gap.forEach((word, k) => {
    if (k > 0) {
      const line = items[word.items[0] ?? 0]?.line;
      const before = items[gap[k - 1]?.items[0] ?? 0]?.line;
      text += line === before ? ' ' : '\n';
    }
    text += token(items, word);
  });
  return text;
}

/** The words of a sync's items, in order: each one's span (offset) and its items. */
function spansOf(outcome: SyncOutcome, offset: number): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let last = '';
  for (const item of outcome.items) {
    const key = `${item.line}/${item.word}`;
    const span = spans.at(-1);
    if (span && key === last) {
      span.start = Math.min(span.start, item.start + offset);
      span.end = Math.max(span.end, item.end + offset);
    } else {
      spans.push({ start: item.start + offset, end: item.end + offset });
      last = key;
    }
  }
  return spans;
}

/** Words share [from, to] by the length of their text (no audio worth searching). */
function evenSpans(
  items: readonly AlignmentItem[],
  gap: readonly Word[],
  from: number,
  to: number,
) {
  const weights = gap.map((w) => Math.max(1, token(items, w).length));
  const total = weights.reduce((s, w) => s + w, 0);
  let at = from;
  return weights.map((w) => {
    const start = at;
    at += ((to - from) * w) / total;
    return { start, end: at };
  });
}

/**
 * Writes a word's new span onto its items: the sub-words share it in proportion to their old
 * lengths (their text lengths when all were zero long), in subword order, end to end.
 */
function place(out: AlignmentItem[], word: Word, start: number, end: number): void {
  const parts = word.items.map((i) => out[i]).filter((x): x is AlignmentItem => x !== undefined);
  const lengths = parts.map((p) => Math.max(0, p.end - p.start));
  let total = lengths.reduce((s, x) => s + x, 0);
  const weights = total > 0 ? lengths : parts.map((p) => Math.max(1, p.text.length));
  total = weights.reduce((s, x) => s + x, 0);
  let at = start;
  parts.forEach((part, k) => {
    const next = k === parts.length - 1 ? end : at + ((end - start) * (weights[k] ?? 0)) / total;
    part.start = round(at);
    part.end = round(Math.max(at, next));
    at = next;
  });
}

/** The language of the whole text when the detector knows it and there is a model for it. */
function wholeLanguage(text: string): string | undefined {
  const found = recogniseLanguage(text).language;
  return found && SYNC_LANGUAGES[found] ? found : undefined;
}

/** Runs of words between kept ones, each with the time between those kept words. */
function gapsBetweenKept(words: readonly Word[], duration: number): Gap[] {
  const gaps: Gap[] = [];
  let run: Word[] = [];
  let from = 0;
  let before: Word | undefined;
  for (const word of words) {
    if (!word.kept) {
      run.push(word);
      continue;
    }
    if (run.length > 0) {
      gaps.push({ words: run, from, to: Math.max(from, word.start), before, after: word });
    }
    run = [];
    from = Math.max(from, word.end);
    before = word;
  }
  if (run.length > 0) {
    gaps.push({ words: run, from, to: Math.max(from, duration), before, after: undefined });
  }
  return gaps;
}

/** What every gap's search shares: the song, the source items and how to sync. */
interface GapSearch {
  vocals: PcmAudio;
  source: readonly AlignmentItem[];
  sync: SyncFn;
  language: string | undefined;
  tools: SyncOptions['tools'] | undefined;
}

/** A gap's words as one search placed them (song seconds), with that search's outcome. */
interface GapFound {
  spans: { start: number; end: number }[];
  wordConfidence: number[] | undefined;
  outcome: SyncOutcome;
}

/**
 * Syncs one gap's words on its slice of the vocals; undefined when the gap is too narrow to search
 * or the search did not place every word. `onProgress` gets the fraction of this gap done.
 */
async function searchGap(
  gap: Gap,
  search: GapSearch,
  onProgress: (fraction: number) => void,
): Promise<GapFound | undefined> {
  const width = gap.to - gap.from;
  if (width < MIN_GAP_SECONDS || width < MIN_SECONDS_PER_WORD * gap.words.length) return undefined;
  // The kept words on either side go in too (their audio and their text): the search then
  // starts and ends on words it can hear, not on the edge of a cut.
  const context = [gap.before, ...gap.words, gap.after].filter((w): w is Word => !!w);
  const lead = gap.before ? 1 : 0;
  const sliceFrom = gap.before ? Math.min(gap.from, gap.before.start) : gap.from;
  const sliceTo = gap.after ? Math.max(gap.to, gap.after.end) : gap.to;
  const { language, tools } = search;
  const outcome = await search.sync(
    slice(search.vocals, sliceFrom, sliceTo),
    gapLyrics(search.source, context),
    {
      ...(language !== undefined ? { language } : {}),
      ...(tools !== undefined ? { tools } : {}),
      onProgress,
    },
  );
  const found = spansOf(outcome, sliceFrom);
  if (found.length !== context.length) return undefined;
  return {
    spans: found.slice(lead, lead + gap.words.length),
    wordConfidence: outcome.wordConfidence?.slice(lead, lead + gap.words.length),
    outcome,
  };
}

/**
 * Writes a gap's word spans onto `out`, each held inside the gap (the kept words on either side
 * stay untouched), and each word's confidence: `confidenceOf(k)` for the gap's k-th word.
 */
function placeGap(
  out: AlignmentItem[],
  confidence: (number | undefined)[],
  gap: Gap,
  spans: readonly { start: number; end: number }[],
  confidenceOf: (k: number) => number | undefined,
): void {
  gap.words.forEach((word, k) => {
    const span = spans[k];
    if (!span) return;
    const start = Math.min(gap.to, Math.max(gap.from, span.start));
    const end = Math.min(gap.to, Math.max(start, span.end));
    place(out, word, start, end);
    const value = confidenceOf(k);
    for (const i of word.items) confidence[i] = value;
  });
}

/** The outcome's first notes: how many words were kept, aligned, and spread without a search. */
function summaryNotes(keptWords: number, alignedWords: number, gaps: number, evenly: number) {
  const summary = [
    `${keptWords} word(s) kept where they were placed; ${alignedWords} word(s) aligned in ${gaps} gap(s) between them.`,
  ];
  if (evenly > 0) {
    summary.push(
      `${evenly} word(s) in gaps too short to search were spread evenly between their neighbours.`,
    );
  }
  return summary;
}

/**
 * Syncs the words of `source` that are not kept between the kept ones. `keep` holds item ids; a
 * word is kept whole when any of its items is named. Kept items come back unchanged (ids aside).
 */
export async function syncAroundAnchors(
  vocals: PcmAudio,
  source: readonly AlignmentItem[],
  keep: ReadonlySet<string>,
  options: AnchoredOptions = {},
): Promise<AnchoredOutcome> {
  const out = source.map(({ id: _id, ...item }) => ({ ...item }));
  const confidence: (number | undefined)[] = source.map(() => undefined);
  const words = wordsOf(source, keep);
  for (const word of words) if (word.kept) for (const i of word.items) confidence[i] = 1;
  const gaps = gapsBetweenKept(words, pcmDuration(vocals));
  // A gap's few words say little about their language: without the project's, it is recognised
  // once from the whole alignment's text and handed to every gap.
  const search: GapSearch = {
    vocals,
    source,
    sync: options.sync ?? syncLyricsToAudio,
    language: normalizeLanguage(options.language) ?? wholeLanguage(gapLyrics(source, words)),
    tools: options.tools,
  };
  const engines = new Map<string, number>();
  const notes = new Set<string>();
  const total = gaps.reduce((s, g) => s + (g.to - g.from), 0) || 1;
  let done = 0;
  const progress = options.onProgress ?? (() => {});
  progress(0);
  let evenly = 0;
  for (const gap of gaps) {
    const width = gap.to - gap.from;
    const found = await searchGap(gap, search, (f) =>
      progress(Math.min(1, (done + f * width) / total)),
    );
    if (found) {
      const { engine, notes: gapNotes } = found.outcome;
      engines.set(engine, (engines.get(engine) ?? 0) + gap.words.length);
      for (const note of gapNotes) notes.add(note);
      placeGap(out, confidence, gap, found.spans, (k) => found.wordConfidence?.[k]);
    } else {
      // Words shared out without a search are a guess.
      placeGap(out, confidence, gap, evenSpans(source, gap.words, gap.from, gap.to), () => 0);
      evenly += gap.words.length;
    }
    done += width;
    progress(Math.min(1, done / total));
  }
  progress(1);
  const keptWords = words.filter((w) => w.kept).length;
  const alignedWords = words.length - keptWords;
  const engine = [...engines.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return {
    items: out,
    confidence,
    engine,
    notes: [...summaryNotes(keptWords, alignedWords, gaps.length, evenly), ...notes],
    keptWords,
    alignedWords,
  };
}
