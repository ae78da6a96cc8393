import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALIGNER_MODEL, alignLyrics, EmptyLyricsError, tokenizeLyrics } from './align';
import type { PcmAudio } from './pcm';

const rate = 16000;

/** A voice-like vowel (150 Hz and harmonics) in each [start, end), faint hiss elsewhere. */
function syntheticVocal(seconds: number, voiced: [number, number][]): PcmAudio {
  let seed = 7;
  const hiss = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.002;
  const out = Float32Array.from({ length: seconds * rate }, hiss);
  for (const [start, end] of voiced) {
    for (let i = Math.round(start * rate); i < Math.round(end * rate); i++) {
      const t = i / rate;
      const envelope = Math.min(1, (t - start) / 0.01, (end - t) / 0.02);
      let v = 0;
      for (let h = 1; h <= 8; h++) v += Math.sin(2 * Math.PI * 150 * h * t) / h;
      out[i] = (out[i] ?? 0) + 0.3 * envelope * v;
    }
  }
  return { sampleRate: rate, channels: [out, out] };
}

describe('tokenizeLyrics', () => {
  it('takes lines from line breaks (skipping blank ones) and words from whitespace', () => {
    const words = tokenizeLyrics('\r\n  Hello   bright world \r\n\n\tsing\tit again\n   \n');
    expect(words.map((w) => [w.line, w.word, w.text])).toEqual([
      [0, 0, 'Hello'],
      [0, 1, 'bright'],
      [0, 2, 'world'],
      [1, 0, 'sing'],
      [1, 1, 'it'],
      [1, 2, 'again'],
    ]);
    expect(words.map((w) => w.syllables)).toEqual([2, 1, 1, 1, 1, 2]);
  });
});

describe('alignLyrics', () => {
  it('names its model', () => {
    expect(ALIGNER_MODEL).toBe('local-energy-aligner');
  });

  it('puts each word on its voiced region', () => {
    const regions: [number, number][] = [
      [1.0, 1.45],
      [1.6, 1.85],
      [1.95, 2.3],
      [3.5, 3.75],
      [3.85, 4.0],
      [4.15, 4.6],
      [4.7, 5.1],
    ];
    const vocal = syntheticVocal(6, regions);
    const items = alignLyrics(vocal, 'Hello bright world\nSing it again now');
    expect(items.map((i) => [i.line, i.word, i.subword, i.text])).toEqual([
      [0, 0, 0, 'Hello'],
      [0, 1, 0, 'bright'],
      [0, 2, 0, 'world'],
      [1, 0, 0, 'Sing'],
      [1, 1, 0, 'it'],
      [1, 2, 0, 'again'],
      [1, 3, 0, 'now'],
    ]);
    items.forEach((item, i) => {
      const [start, end] = regions[i] ?? [NaN, NaN];
      expect(Math.abs(item.start - start)).toBeLessThan(0.04);
      expect(Math.abs(item.end - end)).toBeLessThan(0.06);
    });
  });

  it('shares one long voiced stretch by syllables when there are no gaps', () => {
    const vocal = syntheticVocal(4, [[1, 3]]);
    const items = alignLyrics(vocal, 'yesterday go');
    // 3 + 0.5 and 1 + 0.5 syllable shares of two seconds: the join lands near 2.4 s.
    expect(items[0]?.start).toBeCloseTo(1, 1);
    expect(items[1]?.start).toBeGreaterThan(2.2);
    expect(items[1]?.start).toBeLessThan(2.6);
    expect(items[1]?.end).toBeCloseTo(3, 1);
  });

  it('throws EmptyLyricsError for lyrics with no words', () => {
    const vocal = syntheticVocal(1, [[0.2, 0.5]]);
    expect(() => alignLyrics(vocal, ' \n\t \r\n')).toThrow(EmptyLyricsError);
    expect(() => alignLyrics(vocal, '')).toThrow('lyrics are needed to sync');
  });

  it('always gives ordered items with start < end inside the audio', () => {
    const vocal = syntheticVocal(3, [
      [0.3, 0.9],
      [1.2, 1.3],
      [1.8, 2.7],
    ]);
    const silent: PcmAudio = { sampleRate: rate, channels: [new Float32Array(rate * 2)] };
    const word = fc.stringMatching(/^[A-Za-z'!,-]{1,12}$/);
    const lyrics = fc.array(fc.array(word, { maxLength: 8 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(lyrics, fc.boolean(), (lines, useSilence) => {
        const text = lines.map((l) => l.join(' ')).join('\n');
        const audio = useSilence ? silent : vocal;
        const expected = tokenizeLyrics(text);
        if (expected.length === 0) {
          expect(() => alignLyrics(audio, text)).toThrow(EmptyLyricsError);
          return;
        }
        const items = alignLyrics(audio, text);
        const duration = (audio.channels[0]?.length ?? 0) / rate;
        expect(items.map((i) => [i.line, i.word, i.text])).toEqual(
          expected.map((w) => [w.line, w.word, w.text]),
        );
        items.forEach((item, i) => {
          expect(item.subword).toBe(0);
          expect(item.start).toBeGreaterThanOrEqual(0);
          expect(item.start).toBeLessThan(item.end);
          expect(item.end).toBeLessThanOrEqual(duration);
          const next = items[i + 1];
          if (next) expect(next.start).toBeGreaterThanOrEqual(item.end);
        });
      }),
      { numRuns: 60 },
    );
  });
});
