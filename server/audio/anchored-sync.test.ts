import { describe, expect, it } from 'vitest';
import type { AlignmentItem } from '../../src/contract';
import { word } from '../../src/timing/test-items';
import { syncAroundAnchors, type SyncFn } from './anchored-sync';
import type { PcmAudio } from './pcm';

const rate = 8000;

/** Silence with a 150 Hz tone in each [start, end) second span: words the energy aligner can see. */
function tones(seconds: number, spans: [number, number][]): PcmAudio {
  return {
    sampleRate: rate,
    channels: [
      Float32Array.from({ length: seconds * rate }, (_, i) =>
        spans.some(([a, b]) => i >= a * rate && i < b * rate)
          ? 0.3 * Math.sin((2 * Math.PI * 150 * i) / rate)
          : 0,
      ),
    ],
  };
}

/**
 * Two lines: "hel|lo world" / "good night moon", all placed badly (late by 3 s) except what a
 * test keeps.
 */
const source: AlignmentItem[] = [
  word(0, 0, 4.0, 4.2, 'hel', { id: 'a', singer: 1 }),
  word(0, 0, 4.2, 4.6, 'lo', { id: 'b', subword: 1, singer: 1 }),
  word(0, 1, 4.6, 5.0, 'world', { id: 'c', translations: { de: { text: 'Welt' } } }),
  word(1, 0, 6.0, 6.5, 'good', { id: 'd' }),
  word(1, 1, 6.5, 7.0, 'night', { id: 'e' }),
  word(1, 2, 7.0, 7.5, 'moon', { id: 'f' }),
];

/** A fake whole-song sync: word k of the lyrics at [0.5 + k, 0.9 + k) of the slice, confidence 0.3. */
function fakeSync(calls: { lyrics: string; seconds: number }[]): SyncFn {
  return (vocals, lyrics) => {
    calls.push({ lyrics, seconds: vocals.channels[0]!.length / vocals.sampleRate });
    const lines = lyrics.split('\n').map((l) => l.split(' '));
    const items: AlignmentItem[] = [];
    let k = 0;
    lines.forEach((words, line) =>
      words.forEach((text, word) => {
        items.push({ line, word, subword: 0, start: 0.5 + k, end: 0.9 + k, text });
        k++;
      }),
    );
    return Promise.resolve({
      items,
      engine: 'fake',
      notes: ['a note'],
      wordConfidence: items.map(() => 0.3),
    });
  };
}

describe('syncAroundAnchors', () => {
  it('keeps the named words exactly and syncs each gap on its own slice, offset back', async () => {
    const calls: { lyrics: string; seconds: number }[] = [];
    const vocals = tones(12, []);
    // "world" kept at 4.6-5.0 (any of a word's items keeps it whole): two gaps, [0, 4.6] and [5, 12].
    const out = await syncAroundAnchors(vocals, source, new Set(['c']), {
      sync: fakeSync(calls),
    });
    // Each slice holds the kept neighbours too (their audio and text), as context for the search.
    expect(calls).toEqual([
      { lyrics: 'hello world', seconds: 5 },
      { lyrics: 'world\ngood night moon', seconds: 7.4 },
    ]);
    // Kept: identical but for the id (a new alignment gets new ids).
    const { id: _c, ...world } = source[2]!;
    expect(out.items[2]).toEqual(world);
    expect(out.confidence[2]).toBe(1);
    // "hello" at [0.5, 0.9) of the first gap, its sub-words sharing it as they shared the old span.
    expect(out.items[0]).toMatchObject({ text: 'hel', singer: 1, start: 0.5, end: 0.633 });
    expect(out.items[1]).toMatchObject({ text: 'lo', subword: 1, start: 0.633, end: 0.9 });
    // The second slice starts at "world" (4.6): its words 1..3 at 6.1, 7.1, 8.1, on their lines.
    expect(out.items.slice(3).map((x) => [x.line, x.word, x.start, x.end])).toEqual([
      [1, 0, 6.1, 6.5],
      [1, 1, 7.1, 7.5],
      [1, 2, 8.1, 8.5],
    ]);
    expect(out.confidence).toEqual([0.3, 0.3, 1, 0.3, 0.3, 0.3]);
    expect(out.items.every((x) => x.id === undefined)).toBe(true);
    expect(out.items[2]!.translations).toEqual({ de: { text: 'Welt' } });
    expect(out).toMatchObject({ keptWords: 1, alignedWords: 4, engine: 'fake' });
    expect(out.notes[0]).toMatch(/1 word\(s\) kept.*4 word\(s\) aligned in 2 gap/);
  });

  it('never moves a word out of its gap, whatever the sync answers', async () => {
    const late: SyncFn = (vocals, lyrics) =>
      Promise.resolve({
        items: lyrics.split(/\s+/).map((text, word) => ({
          line: 0,
          word,
          subword: 0,
          start: 50 + word,
          end: 51 + word,
          text,
        })),
        engine: 'late',
        notes: [],
      });
    // "hello" and "good" kept: the gap between them holds "world" alone, 5.0..6.0 → [4.6, 6.0].
    const out = await syncAroundAnchors(tones(10, []), source, new Set(['a', 'd']), {
      sync: late,
    });
    const world = out.items[2]!;
    expect(world.start).toBeGreaterThanOrEqual(4.6);
    expect(world.end).toBeLessThanOrEqual(6.0);
    // No confidence from this sync: unknown, not invented.
    expect(out.confidence[2]).toBeUndefined();
  });

  it('shares a gap too short to search evenly, as a guess (confidence 0)', async () => {
    const calls: { lyrics: string; seconds: number }[] = [];
    // "hello" 4.0-4.6 and "night" 6.5-7.0 kept; "world good" fit 4.6..6.5 (searched);
    // "moon" after 7.0 to the end at 7.1: 0.1 s, too short.
    const out = await syncAroundAnchors(tones(7.1, []), source, new Set(['b', 'e']), {
      sync: fakeSync(calls),
    });
    expect(calls.map((c) => c.lyrics)).toEqual(['hello world\ngood night']);
    expect(out.items[5]).toMatchObject({ text: 'moon', start: 7, end: 7.1 });
    expect(out.confidence[5]).toBe(0);
    expect(out.notes.join(' ')).toMatch(/1 word\(s\) in gaps too short/);
  });

  it('with the energy aligner (no recogniser), places the words of a gap on its voiced audio', async () => {
    // Tones at 1-1.5, 2-2.5, 3-3.5, 4-4.5 s; "moon" kept at 8 s: "hello world good night" are
    // synced before it on the tones, "moon" itself stays put.
    const moved: AlignmentItem[] = source.map((x) =>
      x.id === 'f' ? { ...x, start: 8, end: 8.5 } : x,
    );
    const out = await syncAroundAnchors(
      tones(10, [
        [1, 1.5],
        [2, 2.5],
        [3, 3.5],
        [4, 4.5],
      ]),
      moved,
      new Set(['f']),
      { tools: null },
    );
    expect([out.items[5]!.start, out.items[5]!.end]).toEqual([8, 8.5]);
    const starts = out.items.slice(0, 5).map((x) => x.start);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    // The words are on the tones, not in the silence before the first or after the last.
    expect(starts[0]).toBeGreaterThanOrEqual(0.9);
    expect(out.items[4]!.end).toBeLessThanOrEqual(4.6);
    expect(out.confidence.slice(0, 5).every((c) => typeof c === 'number' && c < 1)).toBe(true);
    expect(out.engine).toBe('local-energy-aligner');
  });

  it('reports progress from 0 to 1 in order', async () => {
    const seen: number[] = [];
    await syncAroundAnchors(tones(12, []), source, new Set(['c']), {
      sync: fakeSync([]),
      onProgress: (f) => seen.push(f),
    });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});
