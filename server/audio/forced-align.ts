import type { AlignmentItem } from '../../src/contract';
import { ALIGNER_MODEL, alignLyrics, EmptyLyricsError, tokenizeLyrics, wordItem } from './align';
import { repairLineHeads, type TimedWord } from './line-heads';
import { repairSqueezed, squeezeRules } from './squeezed-words';
import { lowerMovedConfidence, passageNotes, repairPassages } from './passage-repair';
import { denseNotes, denseRules, researchDenseLines } from './dense-lines';
import { lineSearch, passageSearch } from './dense-search';
import { heldNotes, placeHeldVowelLines } from './placement-held-notes';
import { repairHeldTails } from './placement-held-tail';
import { repairGapOnsets } from './placement-gap-onsets';
import { repairHeadsBeforeNote } from './placement-head-note';
import { repairTailNotes } from './placement-tail-note';
import { repairLastNotes } from './placement-last-note';
import { gapNotes, researchCrammedPassages } from './search-gaps';
import { repairShortLines } from './placement-short-lines';
import type { PcmAudio } from './pcm';
import { pcmDuration, pcmLength } from './pcm';
import { isSpoken, pronounce, readDictionary, spokenForm } from './pronounce';
import { nonLatinShare, normalizeLanguage, recogniseLanguage, SYNC_LANGUAGES } from './language';
import { toMonoInt16 } from './resample';
import { findSphinx, garbage, type SphinxTools, type SphinxWord } from './sphinx';
import {
  alignInWindows,
  minimumSeconds,
  singlePass,
  windowing,
  type CpuBudget,
  type Source,
  type WindowedResult,
  type WindowOptions,
} from './sphinx-windows';
import { lineConsensus } from './consensus';
import { syllableItems } from './subwords';
import { energyEnvelope, FRAME_SECONDS, voicedRegions, voicedShare } from './voicing';

/** The model name of alignments made by the recogniser. */
export const SPHINX_MODEL = 'pocketsphinx-en-us';

export interface SyncOutcome {
  /**
   * The words, each split into its syllables (a hyphenation of the lyrics) timed inside it:
   * subword 0, 1, ... whose texts spell the word, subword 0 starting at the word's start; a
   * one-syllable word is one item (subword 0).
   */
  items: AlignmentItem[];
  /** Which engine placed the words: SPHINX_MODEL, or ALIGNER_MODEL when it fell back. */
  engine: string;
  /** Plain sentences for the task output: why it fell back, what it did beyond the engine. */
  notes: string[];
  /**
   * How sure the sync is of each word's placement, 0..1, one value per lyric word in the order of
   * `tokenizeLyrics(lyrics)` (not per syllable item). High: the recogniser placed the word where
   * its passage checks agree. Low (below about 0.5): the word is likely off and worth a look: it was
   * placed by the energy fallback, spread between neighbours the search did place, squeezed into a
   * few frames, or moved by a repair.
   */
  wordConfidence?: number[];
}

export interface SyncOptions {
  /** The mix, loaded and tried only when the search on the vocals finds nothing. */
  mix?: () => Promise<PcmAudio | undefined>;
  /**
   * The project's language (a code like "de" or "pt-BR", or a name): one of SYNC_LANGUAGES, else
   * the energy aligner; when unset, recognised from the lyrics.
   */
  language?: string | null;
  onProgress?: (fraction: number) => void;
  /** Tests: pretend the tools are missing (undefined) or use these. */
  tools?: SphinxTools | null;
}

const RATE = 16000;
/** Below this share of words found in the English dictionary, lyrics of no recognised language are not taken for English. */
const MIN_ENGLISH_SHARE = 0.5;
/**
 * Above this share of the audio filled by the words at their shortest, the recogniser cannot follow
 * (sung words last several times their minimum; even fast clear speech stays near half).
 */
const MAX_SHORTEST_SHARE = 0.75;

/**
 * Forced alignment of the lyrics on the vocal stem by pocketsphinx with a grammar of just these
 * words in order (docs/adr/0009-forced-alignment-engine.md), line heads repaired with the stem's
 * voicing; the energy aligner when the language has no model, the tools are missing or the search
 * finds nothing; the outcome says which engine placed the words and why.
 */
export async function syncLyricsToAudio(
  vocals: PcmAudio,
  lyrics: string,
  options: SyncOptions = {},
): Promise<SyncOutcome> {
  const words = tokenizeLyrics(lyrics);
  if (words.length === 0) throw new EmptyLyricsError('lyrics are needed to sync');
  const progress = options.onProgress ?? (() => {});
  const fallback = (why: string): SyncOutcome => {
    const items = tidy(syllableItems(tidy(alignLyrics(vocals, lyrics))));
    progress(1);
    return {
      items,
      engine: ALIGNER_MODEL,
      notes: [`${why} The words were placed by the energy aligner (less accurate).`],
      wordConfidence: words.map(() => confidenceOf.energy),
    };
  };
  const tools = options.tools === undefined ? findSphinx() : (options.tools ?? undefined);
  if (!tools) {
    return fallback(
      'pocketsphinx and its English model are not installed (apt-get install pocketsphinx pocketsphinx-en-us).',
    );
  }
  const spoken = words.flatMap((w, i) => (isSpoken(w.text) ? [i] : []));
  if (spoken.length === 0) return fallback('The lyrics hold no words to recognise.');
  const forms = spoken.map((i) => spokenForm(words[i]?.text ?? ''));
  const chosen = chooseLanguage(options.language, lyrics, forms, tools.dictionary);
  if ('why' in chosen) return fallback(chosen.why);
  const language = chosen.language;
  const { voice, name } = SYNC_LANGUAGES[language] ?? { voice: 'en-us', name: 'English' };
  const prons = await pronounce(forms, tools.dictionary, voice, language);
  const guessed = [...new Set(forms.filter((f) => prons.get(f)?.source !== 'dictionary'))];
  const phones = forms.map((f) => prons.get(f)?.variants[0] ?? ['AH']);
  const duration = pcmDuration(vocals);
  const shortest = minimumSeconds(phones.map((p) => [p])).reduce((s, x) => s + x, 0);
  if (shortest > MAX_SHORTEST_SHARE * duration) {
    return fallback(
      `The lyrics are too dense for the recogniser: at its shortest (${Math.round(windowing.minPhoneSeconds * 1000)} ms a phone) they would fill ${Math.round((100 * shortest) / Math.max(duration, 1e-6))}% of the audio.`,
    );
  }
  const sync: SyncContext = {
    vocals,
    words,
    spoken,
    forms,
    phones,
    lines: spoken.map((i) => words[i]?.line ?? 0),
    duration,
    language,
    languageName: name,
    recognised: chosen.recognised,
    guessed,
    progress,
  };
  const searched = await runSearches(sync, tools, options.mix);
  if ('failed' in searched) return fallback(searched.failed);
  const { runs, cpu, source } = searched;
  if (runs.length === 0) {
    return fallback(
      cpu.left <= 0
        ? `The recogniser found no alignment within its CPU budget (${Math.round(recogniserCpuSeconds(duration))} s for this song).`
        : 'The recogniser found no alignment, not even with wider beams or on the mix.',
    );
  }
  return placeAgreedWords(sync, runs, cpu, { tools, source, loadMix: options.mix });
}

/** What a sync knows of the song once its words are pronounced: shared by its steps. */
interface SyncContext {
  vocals: PcmAudio;
  words: ReturnType<typeof tokenizeLyrics>;
  /** The lyric words to recognise (indices into `words`), and per spoken word: */
  spoken: number[];
  /** its spoken form, its phones (one pronunciation) and its lyrics line. */
  forms: string[];
  phones: string[][];
  lines: number[];
  duration: number;
  /** The language they are pronounced in (its name), whether it was recognised, the words guessed. */
  language: string;
  languageName: string;
  recognised: boolean;
  guessed: string[];
  progress: (fraction: number) => void;
}

/** One search of the consensus: its words, and the spoken words (by index into `spoken`) the energy aligner placed. */
interface SearchRun {
  found: WindowedResult;
  byEnergy: Set<number>;
}

/** How a search runs: the sync, the recogniser, the audio and the search's own progress. */
interface SearchSetup {
  sync: SyncContext;
  tools: SphinxTools;
  source: Source;
  loadMix: (() => Promise<Source | undefined>) | undefined;
  searchProgress: (fraction: number) => void;
}

/**
 * The searches, each with its price on the garbage loop (see consensus.ts), within the estimated
 * and the real CPU budgets; those that placed some word by the recogniser, and the real CPU left.
 * `failed`: why the first search failed.
 */
async function runSearches(
  sync: SyncContext,
  tools: SphinxTools,
  mix: SyncOptions['mix'],
): Promise<{ runs: SearchRun[]; cpu: CpuBudget; source: Source } | { failed: string }> {
  const { progress, duration } = sync;
  let reported = 0.05;
  progress(reported);
  const setup: SearchSetup = {
    sync,
    tools,
    source: { samples: toMonoInt16(sync.vocals, RATE), rate: RATE },
    loadMix: mix
      ? async () => {
          const audio = await mix();
          return audio && { samples: toMonoInt16(audio, RATE), rate: RATE };
        }
      : undefined,
    // Retries run a window again: progress never goes back.
    searchProgress: (f: number) => {
      const value = 0.05 + 0.9 * f;
      if (value > reported) progress((reported = value));
    },
  };
  // A song in windows (long or dense) gets one search, with every retry, to keep its cost linear.
  const single = singlePass(duration, sync.spoken.length);
  // The hard bound: real CPU seconds of the recogniser for all searches of this sync.
  const cpu: CpuBudget = { left: recogniserCpuSeconds(duration) };
  const searched = await consensusSearches(setup, single, cpu);
  if ('failed' in searched) return searched;
  const { runs, budget } = searched;
  if (runs.length === 0 && single) {
    // No price found a path (the loop outbid the words to the end): one search without the loop,
    // with every retry, as before the consensus.
    try {
      const run = await searchOnce(setup, {
        garbage: false,
        budgetCpuSeconds: Math.max(budget, windowing.searchBudgetCpuSeconds / 2),
        onProgress: setup.searchProgress,
      });
      if (run && run.found.placedByFallback < sync.spoken.length) runs.push(run);
    } catch (error) {
      return { failed: recogniserFailed(error) };
    }
  }
  return { runs, cpu, source: setup.source };
}

/**
 * The consensus's searches, one per price of the garbage loop (one for a song in windows): the
 * first with every retry, the further ones votes, run only while both budgets afford what the first
 * took. Returns the runs that placed some word and the estimated budget left.
 */
async function consensusSearches(
  setup: SearchSetup,
  single: boolean,
  cpu: CpuBudget,
): Promise<{ runs: SearchRun[]; budget: number } | { failed: string }> {
  const loops = (single ? consensusSearch.probabilities : [garbage.probability]).map(
    (probability) => ({ phones: garbage.phones, probability }),
  );
  const runs: SearchRun[] = [];
  // One budget for all searches: a further search runs only when it can afford what the first took.
  let budget = single ? consensusSearch.budgetCpuSeconds : windowing.searchBudgetCpuSeconds;
  // The first search that ran (found a path or not): what a further one will cost.
  let firstRun: WindowedResult | undefined;
  for (const [r, loop] of loops.entries()) {
    // The normal beams found no path with one price: start the others at the wide ones.
    const skipNormal = !!firstRun && firstRun.widened > 0;
    if (firstRun) {
      const expected = firstRun.estimatedCpu / (skipNormal ? 1 + 1 / windowing.wideCostFactor : 1);
      if (budget < expected) break;
      // A vote costs about what the first search's kept attempt took.
      if (cpu.left < firstRun.keptCpuSeconds) break;
    }
    let run;
    try {
      run = await searchOnce(setup, {
        garbage: loop,
        // The first search runs every retry (a price whose search finds no path on the vocals
        // with the normal and wide beams often finds one from the song's cepstral mean, with a
        // word bonus or on the mix); the further ones are votes, run only when they find a path
        // quickly.
        retries: r === 0 ? 'plausible' : 'first',
        skipNormal,
        budgetCpuSeconds: r === 0 ? Math.max(budget, windowing.searchBudgetCpuSeconds) : budget,
        // The votes are bounded by the real CPU left; the first search runs its retries as far
        // as their estimates allow until one finds a path (stopped at the real budget before
        // that, a song such as the chiptune one fell to the energy aligner: 21 s off instead of
        // 3 s), then within the real budget.
        cpu,
        ...(r === 0 ? { cpuOnceFound: true } : {}),
        onProgress: (f) => setup.searchProgress((r + f) / loops.length),
      });
    } catch (error) {
      if (r === 0) return { failed: recogniserFailed(error) };
      continue;
    }
    if (!run) break;
    const found = run.found;
    firstRun ??= found;
    budget -= found.estimatedCpu;
    if (found.placedByFallback < setup.sync.spoken.length) runs.push(run);
  }
  return { runs, budget };
}

/**
 * One search of the spoken words (`alignInWindows` with `options`), the windows it could not align
 * placed by the energy aligner; undefined when some words could not be placed.
 */
async function searchOnce(
  setup: SearchSetup,
  options: WindowOptions,
): Promise<SearchRun | undefined> {
  const { vocals, forms, lines, phones } = setup.sync;
  const byEnergy = new Set<number>();
  const found = await alignInWindows(
    setup.tools,
    phones.map((p) => [p]),
    setup.source,
    {
      lines,
      ...(setup.loadMix ? { loadMix: setup.loadMix } : {}),
      ...options,
      fallback: (first, count, from, to) => {
        for (let k = first; k < first + count; k++) byEnergy.add(k);
        return placeByEnergy(vocals, forms, lines, first, count, from, to);
      },
    },
  );
  return found && { found, byEnergy };
}

function recogniserFailed(error: unknown): string {
  return `The recogniser failed (${(error as Error).message.slice(0, 200)}).`;
}

/** The last placement rules, each moving words (in place) onto the stem's notes. */
function repairOntoNotes(
  tails: {
    words: Parameters<typeof repairGapOnsets>[0];
    moved: Parameters<typeof repairGapOnsets>[1];
  },
  stretches: Parameters<typeof repairGapOnsets>[2],
  db: Parameters<typeof repairTailNotes>[3],
  voiced: Parameters<typeof repairShortLines>[3],
): void {
  const { words, moved } = tails;
  // Words late inside a note begun after a pause (in a line's gap, or a line's first word), onto it.
  repairGapOnsets(words, moved, stretches);
  repairHeadsBeforeNote(words, moved, stretches); // and heads before their line's note
  repairTailNotes(words, moved, stretches, db); // squeezed on a held note's tail
  repairLastNotes(words, moved, stretches, db); // a line's last word on a later note
  // Short lines placed on the synth after a long gap, onto the voice right after the line before.
  repairShortLines(words, moved, stretches, voiced);
}

/**
 * The words where the searches agree line by line (consensus.ts), the missing ones filled in, line
 * heads and squeezed words repaired with the stem's voicing and energy, each with its confidence,
 * and the notes on the pronunciation and on what the search did.
 */
async function placeAgreedWords(
  sync: SyncContext,
  runs: SearchRun[],
  cpu: CpuBudget,
  recogniser: { tools: SphinxTools; source: Source; loadMix?: SyncOptions['mix'] },
): Promise<SyncOutcome> {
  const { words, spoken, phones, forms, duration, language, languageName, guessed } = sync;
  const { env, stretches, voiced, agreed } = agreeOnLines(sync, runs, cpu);
  const byEnergy = new Set(agreed.source.flatMap((r, k) => (runs[r]?.byEnergy.has(k) ? [k] : [])));
  const { timed, missing } = timedWords(sync, agreed.words);
  // Crammed passages and lines searched again alone first: the recogniser's evidence before the
  // notes'. They share the CPU left (or a small share of the song's length when it is spent).
  const localCpu = { left: Math.max(cpu.left, denseRules.cpuShare * duration) };
  const { tools, source } = recogniser;
  const gaps = await researchCrammedPassages(
    timed,
    passageSearch(tools, source, phones, localCpu),
    duration,
    voiced,
  );
  const headsRepaired = repairLineHeads(gaps.words, stretches);
  const dense = await researchDenseLines(
    repairSqueezed(headsRepaired, env.db),
    lineSearch(tools, source, phones, localCpu),
    duration,
    voiced,
  );
  const passages = repairPassages(dense.words, { db: env.db, stretches, duration, texts: forms });
  // Held-vowel lines the stem lost, on the long notes of the mix's side channel.
  const held = await placeHeldVowelLines(passages, sync, voiced, recogniser);
  // Words packed against a held note the search cut short, moved into the sung gap after them.
  const tails = repairHeldTails(held.words, stretches, env.db);
  repairOntoNotes(tails, stretches, env.db, voiced);
  const repaired = tails.words;
  const items = toItems(words, spoken, repaired, duration);
  const squeezedLines = crampedLines(repaired);
  const lineVoicing = lineVoicedShares(repaired, voiced);
  const wordConfidence = spokenConfidence(
    words.length,
    spoken,
    repaired.map((w, k) => ({
      energy: byEnergy.has(k),
      missing: missing.has(k),
      headMoved: Math.abs((headsRepaired[k]?.start ?? 0) - (gaps.words[k]?.start ?? 0)) > 0.05,
      squeezeMoved:
        Math.abs((repaired[k]?.start ?? 0) - (headsRepaired[k]?.start ?? 0)) > 0.05 ||
        Math.abs((repaired[k]?.end ?? 0) - (headsRepaired[k]?.end ?? 0)) > 0.05,
      seconds: w.end - w.start,
      lineSqueezed: squeezedLines.has(w.line),
      spread: agreed.spread[k] ?? 0,
      lineMoved: agreed.moved[k] ?? false,
      lineVoiced: lineVoicing.get(w.line) ?? 1,
    })),
  );
  lowerMovedConfidence(wordConfidence, spoken, held.moved); // the passage repairs' and its own
  lowerMovedConfidence(wordConfidence, spoken, dense.moved);
  lowerMovedConfidence(wordConfidence, spoken, gaps.moved);
  const notes: string[] = [
    ...passageNotes(passages),
    ...gapNotes(gaps.passages),
    ...denseNotes(dense.lines),
    ...heldNotes(held),
  ];
  if (language !== 'en') {
    notes.push(
      `Sung in ${languageName} (${sync.recognised ? 'recognised from the lyrics' : "the project's language"}): pronounced by eSpeak-NG's ${languageName} rules on the English acoustic model.`,
    );
  } else if (guessed.length > 0) {
    notes.push(
      `${guessed.length} word(s) missing from the dictionary were pronounced by letter-to-sound rules: ${guessed.slice(0, 20).join(', ')}${guessed.length > 20 ? ', …' : ''}.`,
    );
  }
  notes.push(...searchNotes(runs[0]?.found, byEnergy.size));
  sync.progress(1);
  return {
    items: tidy(syllableItems(tidy(items))),
    engine: SPHINX_MODEL,
    notes,
    wordConfidence,
  };
}

/** The spoken words at the agreed times; those the search left out (`missing`) filled in. */
function timedWords(
  sync: SyncContext,
  agreed: readonly SphinxWord[],
): { timed: TimedWord[]; missing: Set<number> } {
  const byIndex = new Map(agreed.map((w) => [w.index, w]));
  const timed: TimedWord[] = sync.spoken.map((wordIndex, k) => {
    const hit = byIndex.get(k);
    return {
      line: sync.words[wordIndex]?.line ?? 0,
      start: hit?.start ?? NaN,
      end: hit?.end ?? NaN,
      phones: sync.phones[k]?.length ?? 1,
    };
  });
  const missing = new Set(timed.flatMap((w, k) => (Number.isNaN(w.start) ? [k] : [])));
  fillMissing(timed);
  return { timed, missing };
}

/**
 * The searches' words taken line by line from the one its checks trust (consensus.ts), and the
 * stem's energy and voiced stretches they were judged by.
 */
function agreeOnLines(sync: SyncContext, runs: readonly SearchRun[], cpu: CpuBudget) {
  const env = energyEnvelope(sync.vocals);
  const stretches = voicedRegions(env).map((r) => ({
    start: r.start * FRAME_SECONDS,
    end: r.end * FRAME_SECONDS,
  }));
  const voiced = voicedShare(stretches);
  const agreed = lineConsensus(
    runs.map((run) => run.found.words),
    sync.lines,
    voiced,
  );
  if (process.env.SYNC_DEBUG) logConsensus(runs, agreed, sync.lines, stretches, cpu);
  return { env, stretches, voiced, agreed };
}

/** The notes on what the search did: wider beams, the mix, windows, words left to the energy aligner. */
function searchNotes(found: WindowedResult | undefined, placedByFallback: number): string[] {
  const notes: string[] = [];
  if (found && found.widened > 0) notes.push('The search was retried with wider beams.');
  if (found && found.onMix > 0)
    notes.push('Part of the song was aligned on the mix (nothing found on the vocals).');
  if (found && found.windows > 1) notes.push(`Aligned in ${found.windows} windows.`);
  if (placedByFallback > 0) {
    notes.push(
      `${placedByFallback} word(s) the recogniser could not place were placed by the energy aligner.`,
    );
  }
  return notes;
}

/** Debugging (SYNC_DEBUG): the lines the consensus took off the median search, each search's start. */
function logConsensus(
  runs: readonly SearchRun[],
  agreed: ReturnType<typeof lineConsensus>,
  lines: readonly number[],
  stretches: readonly { start: number; end: number }[],
  cpu: CpuBudget,
): void {
  const share = voicedShare(stretches);
  const moved = new Set(agreed.moved.flatMap((m, k) => (m ? [lines[k]] : [])));
  console.error(
    `[sync] ${runs.length} search(es), ${moved.size} line(s) moved off the median: ${[...moved].join(' ')}; recogniser CPU left ${cpu.left.toFixed(1)} s`,
  );
  for (const line of moved) {
    const k = lines.indexOf(line ?? -1);
    const starts = runs.map((run) => {
      const w = run.found.words.find((x) => x.index === k);
      return w ? `${w.start.toFixed(2)} (voiced ${share(w.start, w.start + 2).toFixed(2)})` : '-';
    });
    console.error(`[sync]   line ${line}: ${starts.join(' | ')} -> search ${agreed.source[k]}`);
  }
}

/** Confidence of a word by what placed it (see `SyncOutcome.wordConfidence`). */
export const confidenceOf = {
  /** Placed by the recogniser, nothing suspicious. */
  recogniser: 0.9,
  /** The recogniser's word, moved by a line-head repair (the search had pulled it elsewhere). */
  headRepaired: 0.5,
  /** The recogniser's word whose boundary moved to an energy dip beside a squeezed neighbour. */
  squeezeRepaired: 0.6,
  /** Still squeezed into a few frames: the search likely crammed it. */
  squeezed: 0.35,
  /** Placed by the energy aligner (a window the recogniser could not align, or the whole song). */
  energy: 0.2,
  /** Left out by the search, spread between its neighbours. */
  missing: 0.15,
  /** Times this for every word of a cramped line. */
  crampedLineFactor: 0.6,
  /** Times this for every word of a line the consensus took off the median search (moved). */
  movedLineFactor: 0.7,
  /** Times this for every word of a line whose span is voiced less than `unvoicedLineShare`. */
  unvoicedLineFactor: 0.6,
  unvoicedLineShare: 0.3,
  /** Searches whose starts for a word lie within this agree on it... */
  agreeSeconds: 0.15,
  /** ...and at ten times this apart, its confidence is multiplied by this. */
  disagreeFactor: 0.3,
};

/**
 * The searches of the consensus (consensus.ts): the garbage loop's price per phone in each. A
 * dearer loop keeps words off held notes, a cheaper one keeps them off music.
 */
export const consensusSearch = {
  probabilities: [1e-3, 1e-4, 1e-2],
  /**
   * Estimated CPU seconds (`searchSeconds`) for all of them together: a further search runs only
   * when what is left covers what the first one took. Real CPU ran 1.2-2.6 times the estimate at
   * loads of 12-25; with decoding and separation a 5-minute song stays within 60 s.
   */
  budgetCpuSeconds: 30,
  /** Real CPU of the recogniser per minute of audio for all searches (`recogniserCpuSeconds`)... */
  cpuSecondsPerMinute: 10,
  /** ...at least this (any song up to 5 minutes may use it)... */
  minCpuSeconds: 45,
  /** ...and at most this (a longer song goes in windows, whose searches cost less per minute). */
  maxCpuSeconds: 50,
};

/**
 * Real CPU seconds the recogniser may use for all searches of a sync of `seconds` of audio: with
 * decoding and separation (about 5-8 s for 5 minutes) a song up to 5 minutes stays within 60 s
 * (issue 22); a longer one gets a little more, up to `maxCpuSeconds`.
 */
export function recogniserCpuSeconds(seconds: number): number {
  const c = consensusSearch;
  return Math.min(
    c.maxCpuSeconds,
    Math.max(c.minCpuSeconds, (seconds / 60) * c.cpuSecondsPerMinute),
  );
}

interface WordEvidence {
  energy: boolean;
  missing: boolean;
  headMoved: boolean;
  squeezeMoved: boolean;
  seconds: number;
  /** Its line is cramped (see `crampedLines`): the whole passage may be out of place. */
  lineSqueezed?: boolean;
  /** Seconds between the searches' starts for it (consensus.ts): they disagree where it is unsure. */
  spread?: number;
  /** Its line was taken from another search than the median one (a passage the checks moved). */
  lineMoved?: boolean;
  /** The share of its line's span where the vocal stem is voiced (1 when unknown). */
  lineVoiced?: number;
}

/** Per line: the share of its span (first word's start to last word's end) that is voiced. */
export function lineVoicedShares(
  words: readonly TimedWord[],
  voiced: (from: number, to: number) => number,
): Map<number, number> {
  const spans = new Map<number, [number, number]>();
  for (const w of words) {
    const span = spans.get(w.line);
    spans.set(w.line, span ? [span[0], Math.max(span[1], w.end)] : [w.start, w.end]);
  }
  return new Map([...spans].map(([line, [from, to]]) => [line, voiced(from, to)]));
}

/**
 * Lines the search crammed: half or more of their words squeezed (under
 * `squeezeRules.squeezedSeconds`), as when a line is pushed against its neighbour because its
 * place was taken by something else. Their words' confidence is lowered.
 */
export function crampedLines(words: readonly TimedWord[]): Set<number> {
  const counts = new Map<number, [number, number]>();
  for (const w of words) {
    const [squeezed, all] = counts.get(w.line) ?? [0, 0];
    counts.set(w.line, [
      squeezed + (w.end - w.start < squeezeRules.squeezedSeconds ? 1 : 0),
      all + 1,
    ]);
  }
  return new Set(
    [...counts]
      .filter(([, [squeezed, all]]) => all >= 2 && 2 * squeezed >= all)
      .map(([line]) => line),
  );
}

/**
 * One confidence per lyric word from what placed each spoken word; an unspoken token ("—") takes
 * that of the word before it (it is placed right after it).
 */
export function spokenConfidence(
  wordCount: number,
  spoken: readonly number[],
  evidence: readonly WordEvidence[],
): number[] {
  const c = confidenceOf;
  const bySpoken = new Map<number, number>();
  spoken.forEach((wordIndex, k) => {
    const e = evidence[k];
    if (!e) return;
    let value = c.recogniser;
    if (e.missing) value = c.missing;
    else if (e.energy) value = c.energy;
    else if (e.seconds < squeezeRules.squeezedSeconds) value = c.squeezed;
    else if (e.headMoved) value = c.headRepaired;
    else if (e.squeezeMoved) value = c.squeezeRepaired;
    if (e.lineSqueezed) value *= c.crampedLineFactor;
    if (e.lineMoved) value *= c.movedLineFactor;
    if ((e.lineVoiced ?? 1) < c.unvoicedLineShare) value *= c.unvoicedLineFactor;
    // Searches that disagree: full trust within `agreeSeconds`, down to `disagreeFactor` at 10 times that.
    const spread = e.spread ?? 0;
    if (spread > c.agreeSeconds) {
      const share = Math.min(1, (spread - c.agreeSeconds) / (9 * c.agreeSeconds));
      value *= 1 - share * (1 - c.disagreeFactor);
    }
    bySpoken.set(wordIndex, value);
  });
  const out: number[] = [];
  for (let i = 0; i < wordCount; i++) out.push(bySpoken.get(i) ?? out[i - 1] ?? c.energy);
  return out;
}

type LanguageChoice = { language: string; recognised: boolean } | { why: string };

/**
 * The language to pronounce the lyrics in: the project's when it is set (one of SYNC_LANGUAGES, else
 * none), else recognised from the lyrics (tinyld); English also when the detector is unsure but most
 * words are in the English dictionary. Other scripts and languages: why not.
 */
export function chooseLanguage(
  projectLanguage: string | null | undefined,
  lyrics: string,
  forms: readonly string[],
  dictionaryPath: string,
): LanguageChoice {
  const given = normalizeLanguage(projectLanguage);
  if (given) {
    return SYNC_LANGUAGES[given]
      ? { language: given, recognised: false }
      : { why: `There is no pronunciation for the language "${projectLanguage?.trim()}" here.` };
  }
  if (nonLatinShare(lyrics) > 0.5) {
    return {
      why: 'The lyrics are not in the Latin alphabet, which has no pronunciation here.',
    };
  }
  const found = recogniseLanguage(lyrics);
  if (found.language && SYNC_LANGUAGES[found.language]) {
    return { language: found.language, recognised: true };
  }
  // Unsure, or a language without pronunciations: English if most words are English words.
  const dictionary = readDictionary(dictionaryPath, new Set(forms));
  const known = forms.filter((f) => dictionary.has(f)).length;
  if (forms.length < 6 || known / forms.length >= MIN_ENGLISH_SHARE) {
    return { language: 'en', recognised: true };
  }
  return {
    why: `The lyrics look like ${found.language ? `another language ("${found.language}")` : 'another language'}, which has no pronunciation here (${known} of ${forms.length} words are in the English dictionary).`,
  };
}

/**
 * Words `first`.. `first + count - 1` placed by the energy aligner on [from, to) seconds of the
 * vocals (a window the recogniser could not align), with their lines kept.
 */
function placeByEnergy(
  vocals: PcmAudio,
  forms: readonly string[],
  lines: readonly number[],
  first: number,
  count: number,
  from: number,
  to: number,
): SphinxWord[] {
  const rate = vocals.sampleRate;
  const a = Math.max(0, Math.floor(from * rate));
  const b = Math.max(a + 1, Math.min(pcmLength(vocals), Math.ceil(to * rate)));
  const slice: PcmAudio = {
    sampleRate: rate,
    channels: vocals.channels.map((c) => c.subarray(a, b)),
  };
  let text = '';
  for (let k = first; k < first + count; k++) {
    if (k > first) text += lines[k] === lines[k - 1] ? ' ' : '\n';
    // A word the energy aligner keeps whole: its spoken form, never empty.
    text += (forms[k] ?? '').replace(/\s+/g, '') || 'a';
  }
  const offset = a / rate;
  try {
    return alignLyrics(slice, text).map((item, k) => ({
      index: first + k,
      start: offset + item.start,
      end: offset + item.end,
    }));
  } catch {
    // No audio to speak of: the words share the span evenly.
    const step = (to - from) / count;
    return Array.from({ length: count }, (_, k) => ({
      index: first + k,
      start: from + k * step,
      end: from + (k + 1) * step,
    }));
  }
}

/**
 * Items in order of start: none ends after the next one starts (the editor flags overlaps). Words
 * first, then their syllables (which then stay in order).
 */
function tidy(items: AlignmentItem[]): AlignmentItem[] {
  for (let i = 0; i + 1 < items.length; i++) {
    const item = items[i];
    const next = items[i + 1];
    if (item && next && item.end > next.start) item.end = Math.max(item.start, next.start);
  }
  return items;
}

/** Words the search left out (it should not) get a share of the time between their neighbours. */
function fillMissing(timed: TimedWord[]): void {
  let i = 0;
  while (i < timed.length) {
    if (!Number.isNaN(timed[i]?.start)) {
      i++;
      continue;
    }
    let j = i;
    while (j < timed.length && Number.isNaN(timed[j]?.start)) j++;
    const from = timed[i - 1]?.end ?? 0;
    const to = timed[j]?.start ?? from + 0.3 * (j - i);
    const step = Math.max(0, to - from) / (j - i);
    for (let k = i; k < j; k++) {
      const w = timed[k];
      if (w) [w.start, w.end] = [from + step * (k - i), from + step * (k - i + 1)];
    }
    i = j;
  }
}

function toItems(
  words: ReturnType<typeof tokenizeLyrics>,
  spoken: number[],
  timed: TimedWord[],
  duration: number,
): AlignmentItem[] {
  const at = new Map(spoken.map((wordIndex, k) => [wordIndex, timed[k]]));
  let previousEnd = 0;
  let previousStart = 0;
  return words.map((w, i) => {
    const t = at.get(i);
    // Unspoken tokens ("—", "…") take a moment right after the word before them.
    let start = t ? t.start : previousEnd;
    let end = t ? t.end : previousEnd + 0.05;
    start = Math.min(duration, Math.max(0, previousStart, start));
    end = Math.min(duration, Math.max(start + 0.01, end));
    previousStart = start;
    previousEnd = end;
    return wordItem(w, start, end);
  });
}
