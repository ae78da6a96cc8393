import { describe, expect, it } from 'vitest';
import type { SphinxResult, SphinxRun, SphinxTools } from './sphinx';
import {
  alignInWindows,
  keptWords,
  minimumSeconds,
  searchSeconds,
  squeezedShare,
  windowing,
  wordBonusLoopFactor,
} from './sphinx-windows';

const tools: SphinxTools = { binary: 'none', hmm: 'none', dictionary: 'none' };
const rate = 100;

/** `n` words of 3 phones, one every `every` seconds (0.4 s long), 10 to a line. */
function song(n: number, every: number) {
  const truth = Array.from({ length: n }, (_, i) => ({
    start: 1 + i * every,
    end: 1.4 + i * every,
  }));
  const words = truth.map(() => [['AH', 'B', 'K']]);
  const lines = truth.map((_, i) => Math.floor(i / 10));
  const seconds = 2 + n * every;
  return { truth, words, lines, vocals: { samples: new Int16Array(seconds * rate), rate } };
}

/**
 * A stand-in recogniser that knows where every word is: it finds the words of the grammar that lie
 * inside the window, in order (an open end stops at the window's end; a closed one needs them all).
 * Windows start at a word's start, so the grammar's first word is the first one from there.
 */
function oracle(truth: { start: number; end: number }[]) {
  const jobs: { from: number; length: number; words: number; cmn?: readonly number[] }[] = [];
  const run = (_tools: SphinxTools, job: SphinxRun): Promise<SphinxResult> => {
    const length = job.samples.length / job.rate;
    const offset = job.samples.byteOffset / 2 / job.rate;
    const from = truth.findIndex((w) => w.start >= offset - 1e-9);
    jobs.push({
      from: offset,
      length,
      words: job.words.length,
      ...(job.cmn ? { cmn: job.cmn } : {}),
    });
    const words = [];
    for (let k = 0; k < job.words.length; k++) {
      const t = truth[from + k];
      if (!t || t.start < offset - 1e-9 || t.end > offset + length + 1e-9) break;
      words.push({ index: k, start: t.start - offset, end: t.end - offset });
    }
    const complete = words.length === job.words.length;
    return Promise.resolve({
      words: job.openEnd || complete ? words : [],
      cmn: Array.from({ length: 13 }, () => jobs.length),
    });
  };
  return { run, jobs };
}

describe('alignInWindows', () => {
  it('aligns a short song in one search', async () => {
    const { truth, words, lines, vocals } = song(40, 1);
    const fake = oracle(truth);
    const out = await alignInWindows(tools, words, vocals, { lines, run: fake.run });
    expect(out?.windows).toBe(1);
    expect(out?.words.map((w) => w.index)).toEqual(truth.map((_, i) => i));
    expect(out?.words.map((w) => w.start)).toEqual(truth.map((t) => t.start));
  });

  it('cuts a long song into windows that place every word once, in order, where it is', async () => {
    const { truth, words, lines, vocals } = song(1200, 0.5);
    const fake = oracle(truth);
    const progress: number[] = [];
    const out = await alignInWindows(tools, words, vocals, {
      lines,
      onProgress: (f) => progress.push(f),
      run: fake.run,
    });
    expect(out).toBeDefined();
    expect(out?.windows).toBeGreaterThan(1);
    expect(out?.placedByFallback).toBe(0);
    expect(out?.words.map((w) => w.index)).toEqual(truth.map((_, i) => i));
    out?.words.forEach((w, i) => expect(w.start).toBeCloseTo(truth[i]?.start ?? NaN, 6));
    // Windows start from the model's cepstral mean (one carried over from another window misleads).
    expect(fake.jobs.every((job) => job.cmn === undefined)).toBe(true);
    // Windows stay short (bounded grammar; the last one may take a sliver more) and move on.
    for (const job of fake.jobs) {
      expect(job.length).toBeLessThanOrEqual(windowing.windowSeconds * 1.25);
    }
    const starts = fake.jobs.map((j) => j.from);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(progress.at(-1)).toBeCloseTo(1, 6);
  });

  it('hands a window no search can align to the fallback, and goes on', async () => {
    const { truth, words, lines, vocals } = song(1200, 0.5);
    let calls = 0;
    const out = await alignInWindows(tools, words, vocals, {
      lines,
      run: () => {
        calls++;
        return Promise.resolve({ words: [] });
      },
      fallback: (first, count, from, to) =>
        Array.from({ length: count }, (_, k) => ({
          index: first + k,
          start: from + ((to - from) * k) / count,
          end: from + ((to - from) * (k + 1)) / count,
        })),
    });
    expect(out?.placedByFallback).toBe(truth.length);
    expect(out?.words.map((w) => w.index)).toEqual(truth.map((_, i) => i));
    // Bounded work: the retries of every window together stay within the search budget.
    const perSearch = searchSeconds(windowing.minWindowSeconds, 1);
    expect(calls * perSearch).toBeLessThanOrEqual(windowing.searchBudgetCpuSeconds);
  });

  it('gives up without a fallback', async () => {
    const { words, vocals } = song(400, 1);
    const out = await alignInWindows(tools, words, vocals, {
      run: () => Promise.resolve({ words: [] }),
    });
    expect(out).toBeUndefined();
  });

  it('leaves words that cannot fit in the audio left to the fallback without searching', async () => {
    // 400 words of 3 phones (at least 0.09 s each: 36 s) on 20 s.
    const words = Array.from({ length: 400 }, () => [['AH', 'B', 'K']]);
    let calls = 0;
    const out = await alignInWindows(
      tools,
      words,
      { samples: new Int16Array(20 * rate), rate },
      {
        run: () => {
          calls++;
          return Promise.resolve({ words: [] });
        },
        fallback: (first, count) =>
          Array.from({ length: count }, (_, k) => ({ index: first + k, start: 0, end: 0 })),
      },
    );
    expect(calls).toBe(0);
    expect(out?.placedByFallback).toBe(400);
  });
});

describe('keptWords', () => {
  const at = (starts: number[]) => starts.map((s, index) => ({ index, start: s, end: s + 0.5 }));

  it('keeps the words that end before the margin, back to the end of a line', () => {
    const found = at([1, 2, 3, 6, 7, 8, 14, 15, 18]);
    // Lines: words 0-2, 3-5, 6-8.
    const lines = [0, 0, 0, 1, 1, 1, 2, 2, 2];
    expect(keptWords(found, 0, 20, 5)).toBe(7);
    expect(keptWords(found, 0, 20, 5, lines)).toBe(6);
  });

  it('keeps words, not lines, when no line ends after the first quarter', () => {
    const found = at([1, 2, 3, 6, 7, 8, 9, 10]);
    const lines = [0, 0, 0, 1, 1, 1, 1, 1];
    expect(keptWords(found, 0, 20, 5, lines)).toBe(8);
  });

  it('keeps none when the first word ends in the margin', () => {
    expect(keptWords(at([17]), 0, 20, 5)).toBe(0);
  });
});

describe('minimumSeconds', () => {
  it('counts the shortest pronunciation at the shortest phone', () => {
    expect(minimumSeconds([[['AH', 'B'], ['AH']], [['K', 'AE', 'T']]])).toEqual([
      windowing.minPhoneSeconds,
      3 * windowing.minPhoneSeconds,
    ]);
  });
});

describe('squeezedShare', () => {
  const spans = (lengths: number[]) =>
    lengths.map((length, index) => ({ index, start: index, end: index + length }));

  it('is the share of words shorter than a sung word can be', () => {
    expect(squeezedShare(spans([0.05, 0.3, 0.3, 0.05, 0.4, 0.5, 0.2, 0.3, 0.3, 0.3]))).toBe(0.2);
  });

  it('does not judge a handful of words', () => {
    expect(squeezedShare(spans([0.05, 0.05]))).toBe(0);
  });
});

describe('alignInWindows retries', () => {
  it('takes a retry from the song’s own cepstral mean when the first result is implausible', async () => {
    const { truth, words, lines, vocals } = song(30, 1);
    const jobs: SphinxRun[] = [];
    const out = await alignInWindows(tools, words, vocals, {
      lines,
      run: (_tools, job) => {
        jobs.push(job);
        // Without a cepstral mean every word is crammed into 0.05 s; with one, all is well.
        const crammed = !job.cmn;
        return Promise.resolve({
          words: truth.map((t, index) => ({
            index,
            start: t.start,
            end: crammed ? t.start + 0.05 : t.end,
          })),
          cmn: Array.from({ length: 13 }, () => 50),
        });
      },
    });
    // The normal beams, the wide ones, the word bonus (crammed too), then the song's mean.
    expect(jobs.map((j) => [j.beams.beam, !!j.wordBonus, j.cmn?.[0]])).toEqual([
      ['1e-120', false, undefined],
      ['1e-300', false, undefined],
      ['1e-300', true, undefined],
      ['1e-300', false, 50],
    ]);
    expect(out?.widened).toBe(1);
    expect(out?.words[0]?.end).toBe(truth[0]?.end);
  });

  it('prices the garbage loop of the word-bonus retry at a fraction of its own', async () => {
    const { truth, words, lines, vocals } = song(30, 1);
    const jobs: SphinxRun[] = [];
    const out = await alignInWindows(tools, words, vocals, {
      lines,
      garbage: { phones: ['AA', 'M'], probability: 1e-3 },
      run: (_tools, job) => {
        jobs.push(job);
        // Only the word bonus finds a path.
        return Promise.resolve({
          words: job.wordBonus ? truth.map((t, index) => ({ index, ...t })) : [],
          cmn: Array.from({ length: 13 }, () => 40),
        });
      },
    });
    expect(jobs.map((j) => [j.wordBonus, j.garbageLoop?.probability])).toEqual([
      [false, 1e-3],
      [false, 1e-3],
      [true, 1e-3 * wordBonusLoopFactor],
    ]);
    expect(jobs[2]?.garbageLoop?.phones).toEqual(['AA', 'M']);
    expect(out?.words).toHaveLength(30);
  });

  it('may overrun the real CPU budget to find a path, then stays within it', async () => {
    const { truth, words, lines, vocals } = song(30, 1);
    const jobs: SphinxRun[] = [];
    const cpu = { left: 15 };
    const out = await alignInWindows(tools, words, vocals, {
      lines,
      cpu,
      cpuOnceFound: true,
      run: (_tools, job) => {
        jobs.push(job);
        // Only the word bonus finds a path, crammed (implausible); each search takes 10 s.
        return Promise.resolve({
          words: job.wordBonus
            ? truth.map((t, index) => ({ index, start: t.start, end: t.start + 0.05 }))
            : [],
          cmn: Array.from({ length: 13 }, () => 40),
          cpuSeconds: 10,
        });
      },
    });
    // Normal, wide (the budget is spent), the bonus (still no path: it runs, unbounded); the retry
    // from the song's mean, for a better path, does not fit.
    expect(jobs.map((j) => [!!j.wordBonus, j.maxCpuSeconds])).toEqual([
      [false, undefined],
      [false, undefined],
      [true, undefined],
    ]);
    expect(cpu.left).toBe(-15);
    expect(out?.words).toHaveLength(30);

    // Bounded from the start: the searches stop once the budget is spent.
    jobs.length = 0;
    await alignInWindows(tools, words, vocals, {
      lines,
      cpu: { left: 15 },
      fallback: () => [],
      run: (_tools, job) => {
        jobs.push(job);
        return Promise.resolve({ words: [], cpuSeconds: 10 });
      },
    });
    expect(jobs.map((j) => j.maxCpuSeconds)).toEqual([15, 5]);
  });
});

describe('alignInWindows for the consensus', () => {
  it("with retries 'first' tries the normal then the wide beams only, and counts its cost", async () => {
    const { words, lines, vocals } = song(40, 1);
    const beams: string[] = [];
    const loops: number[] = [];
    const run = (_tools: SphinxTools, job: SphinxRun): Promise<SphinxResult> => {
      beams.push(job.beams.beam);
      loops.push(job.lineStarts?.filter(Boolean).length ?? 0);
      return Promise.resolve({ words: [] });
    };
    const placed: number[] = [];
    const out = await alignInWindows(tools, words, vocals, {
      lines,
      run,
      retries: 'first',
      loadMix: () => Promise.resolve(vocals),
      fallback: (first, count) => {
        placed.push(count);
        return Array.from({ length: count }, (_, k) => ({
          index: first + k,
          start: k,
          end: k + 1,
        }));
      },
    });
    // The normal beams, the wide ones, the mix: no retry from the cepstral mean or with a bonus.
    expect(beams).toEqual(['1e-120', '1e-300', '1e-300']);
    // A garbage loop before each of the 4 lines.
    expect(loops).toEqual([4, 4, 4]);
    expect(out?.placedByFallback).toBe(40);
    expect(out?.estimatedCpu).toBeGreaterThan(0);

    // Starting at the wide beams; and the cost grows with the garbage loop.
    beams.length = 0;
    const wide = await alignInWindows(tools, words, vocals, {
      lines,
      run,
      retries: 'first',
      skipNormal: true,
      fallback: () => [],
    });
    expect(beams).toEqual(['1e-300']);
    const bare = await alignInWindows(tools, words, vocals, {
      lines,
      run,
      retries: 'first',
      skipNormal: true,
      garbage: false,
      fallback: () => [],
    });
    expect(wide?.estimatedCpu).toBeGreaterThan(bare?.estimatedCpu ?? Infinity);
  });
});
