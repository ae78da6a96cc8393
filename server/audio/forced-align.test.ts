import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALIGNER_MODEL } from './align';
import { decodeAudioFile, findOnPath } from './decode';
import {
  confidenceOf,
  crampedLines,
  SPHINX_MODEL,
  spokenConfidence,
  syncLyricsToAudio,
} from './forced-align';
import type { AlignmentItem } from '../../src/contract';
import type { PcmAudio } from './pcm';
import { findSphinx } from './sphinx';
import { windowing } from './sphinx-windows';

const rate = 16000;

/**
 * Words from sub-word items: (line, word) once, text joined, from subword 0's start to the last end
 * (`subword` ends as the word's last sub-word).
 */
function wordsOf(items: AlignmentItem[]) {
  const words: AlignmentItem[] = [];
  for (const item of items) {
    const last = words.at(-1);
    if (last && last.line === item.line && last.word === item.word) {
      expect(item.subword).toBe(last.subword + 1);
      last.subword = item.subword;
      last.text += item.text;
      last.end = item.end;
    } else {
      expect(item.subword).toBe(0);
      words.push({ ...item });
    }
  }
  return words;
}
/** Two voiced bursts, enough for the energy aligner. */
const bursts: PcmAudio = {
  sampleRate: rate,
  channels: [
    Float32Array.from({ length: 3 * rate }, (_, i) =>
      (i > 0.5 * rate && i < 1 * rate) || (i > 1.5 * rate && i < 2 * rate)
        ? 0.3 * Math.sin((2 * Math.PI * 150 * i) / rate)
        : 0,
    ),
  ],
};

describe('syncLyricsToAudio fallbacks', () => {
  it('falls back to the energy aligner without the tools, and says so', async () => {
    const out = await syncLyricsToAudio(bursts, 'hello world', { tools: null });
    expect(out.engine).toBe(ALIGNER_MODEL);
    expect(out.notes.join(' ')).toMatch(/not installed/);
    expect(out.items.map((i) => [i.text, i.subword])).toEqual([
      ['hel', 0],
      ['lo', 1],
      ['world', 0],
    ]);
    expect(out.items[1]?.start).toBeGreaterThanOrEqual(out.items[0]?.start ?? Infinity);
    expect(out.items[1]?.end).toBeLessThanOrEqual(out.items[2]?.start ?? -Infinity);
    // One low confidence per word (not per syllable): the energy aligner placed them.
    expect(out.wordConfidence).toEqual([confidenceOf.energy, confidenceOf.energy]);
  });

  it.skipIf(!findSphinx())(
    'falls back for a language without pronunciations, and says so',
    async () => {
      const out = await syncLyricsToAudio(bursts, 'konnichiwa sekai', { language: 'ja' });
      expect(out.engine).toBe(ALIGNER_MODEL);
      expect(out.notes.join(' ')).toMatch(/no pronunciation for the language "ja"/);
    },
  );

  it.skipIf(!findSphinx())('falls back for lyrics in another script, and says so', async () => {
    const out = await syncLyricsToAudio(bursts, 'привет мир\nкак дела', {});
    expect(out.engine).toBe(ALIGNER_MODEL);
    expect(out.notes.join(' ')).toMatch(/not in the Latin alphabet/);
  });

  it.skipIf(!findSphinx())(
    'takes lyrics mostly missing from the English dictionary for another language',
    async () => {
      const out = await syncLyricsToAudio(bursts, 'zorb quilx vrantu plekso mirzak tolvu', {});
      expect(out.engine).toBe(ALIGNER_MODEL);
      expect(out.notes.join(' ')).toMatch(/another language/);
    },
  );
});

const espeak = findOnPath('espeak-ng');
describe.skipIf(!findSphinx() || !espeak)('syncLyricsToAudio with the recogniser', () => {
  it('aligns spoken words in order, pronounces an unknown word and places a dash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forced-align-'));
    try {
      const wav = join(dir, 'speech.wav');
      const text = 'The morning light is falling on the quiet town. I hear the Zorbulon singing.';
      execFileSync(espeak as string, ['-v', 'en-us', '-s', '150', '-w', wav, text]);
      const speech = await decodeAudioFile(wav, 'audio/wav');
      const progress: number[] = [];
      const out = await syncLyricsToAudio(
        speech,
        'The morning light is falling on the quiet town\nI hear the Zorbulon — singing',
        { onProgress: (p) => progress.push(p) },
      );
      expect(out.engine).toBe(SPHINX_MODEL);
      expect(out.notes.join(' ')).toMatch(/letter-to-sound rules: zorbulon/);
      const words = wordsOf(out.items);
      expect(words).toHaveLength(15);
      expect(out.items.length).toBeGreaterThan(15);
      expect(words.map((w) => w.text).join(' ')).toBe(
        'The morning light is falling on the quiet town I hear the Zorbulon — singing',
      );
      const starts = out.items.map((i) => i.start);
      expect([...starts].sort((a, b) => a - b)).toEqual(starts);
      // Spoken at an even pace: "town" ends the first sentence, "I" starts the second after a pause.
      const town = words[8];
      const i = words[9];
      expect(i && town && i.start - town.end).toBeGreaterThan(0.1);
      expect(progress.at(-1)).toBe(1);
      // One confidence per word, mostly high on clear speech; the dash takes the word before it.
      expect(out.wordConfidence).toHaveLength(15);
      const sure = (out.wordConfidence ?? []).filter((c) => c >= confidenceOf.recogniser);
      expect(sure.length).toBeGreaterThanOrEqual(10);
      expect(out.wordConfidence?.[13]).toBe(out.wordConfidence?.[12]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('spokenConfidence', () => {
  const plain = {
    energy: false,
    missing: false,
    headMoved: false,
    squeezeMoved: false,
    seconds: 0.4,
  };
  it("ranks what placed each word and gives unspoken tokens their neighbour's value", () => {
    const out = spokenConfidence(
      7,
      [0, 1, 2, 4, 5, 6],
      [
        plain,
        { ...plain, energy: true },
        { ...plain, missing: true },
        { ...plain, seconds: 0.05 },
        { ...plain, headMoved: true },
        { ...plain, squeezeMoved: true },
      ],
    );
    const c = confidenceOf;
    expect(out).toEqual([
      c.recogniser,
      c.energy,
      c.missing,
      c.missing,
      c.squeezed,
      c.headRepaired,
      c.squeezeRepaired,
    ]);
    expect(Math.max(...out)).toBeLessThanOrEqual(1);
    const cramped = spokenConfidence(1, [0], [{ ...plain, lineSqueezed: true }]);
    expect(cramped[0]).toBeCloseTo(c.recogniser * c.crampedLineFactor);
    expect(Math.min(...out)).toBeGreaterThanOrEqual(0);
  });
});

describe('crampedLines', () => {
  it('finds lines with half or more of their words squeezed', () => {
    const w = (line: number, start: number, end: number) => ({ line, start, end, phones: 3 });
    const lines = crampedLines([
      w(0, 0, 0.5),
      w(0, 0.5, 1),
      w(1, 1, 1.05),
      w(1, 1.05, 1.1),
      w(1, 1.1, 1.6),
      w(2, 2, 2.05),
    ]);
    expect([...lines]).toEqual([1]);
  });
});

describe.skipIf(!findSphinx() || !espeak)('progress while the recogniser runs', () => {
  // A generous timeout: several windows of the recogniser are slow on a loaded machine (no timing
  // is asserted).
  it('is reported for every window, in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forced-align-'));
    const saved = { ...windowing };
    try {
      const wav = join(dir, 'speech.wav');
      const line = 'The morning light is falling on the quiet town';
      execFileSync(espeak as string, [
        '-v',
        'en-us',
        '-s',
        '160',
        '-w',
        wav,
        `${line}. `.repeat(8),
      ]);
      const speech = await decodeAudioFile(wav, 'audio/wav');
      // Short windows, so this short speech takes several.
      Object.assign(windowing, { singlePassSeconds: 0, windowSeconds: 8, minWindowSeconds: 8 });
      const progress: number[] = [];
      const out = await syncLyricsToAudio(speech, `${line}\n`.repeat(8), {
        onProgress: (p) => progress.push(p),
      });
      expect(out.engine).toBe(SPHINX_MODEL);
      const windows = Number(/Aligned in (\d+) windows/.exec(out.notes.join(' '))?.[1]);
      expect(windows).toBeGreaterThan(2);
      // Between the start (0.05) and the end (1): at least one report per window, never going back.
      const during = progress.filter((p) => p > 0.05 && p < 1);
      expect(during.length).toBeGreaterThanOrEqual(windows - 1);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
      expect(progress.at(-1)).toBe(1);
    } finally {
      Object.assign(windowing, saved);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
