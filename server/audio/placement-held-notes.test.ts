import { describe, expect, it } from 'vitest';
import {
  heldLines,
  heldNotes,
  nearestNotes,
  placeHeldVowelLines,
  sideHeldNotes,
} from './placement-held-notes';
import { stereo } from './test-signals';
import { timedWord } from './test-words';

const RATE = 16000;
const SECONDS = 40;

/** A sung vowel: a 220 Hz tone with harmonics and a 5 Hz vibrato, from `from` to `to` seconds. */
function heldVowel(into: Float32Array, from: number, to: number, amplitude = 0.2) {
  let phase = 0;
  for (let i = Math.round(from * RATE); i < Math.round(to * RATE); i++) {
    const hz = 220 * (1 + 0.01 * Math.sin((2 * Math.PI * 5 * i) / RATE));
    phase += (2 * Math.PI * hz) / RATE;
    into[i] = (into[i] ?? 0) + amplitude * (Math.sin(phase) + 0.5 * Math.sin(2 * phase));
  }
}

/** Plucked notes: a 330 Hz tone decaying within about 0.3 s, every `every` seconds over [from, to). */
function plucks(into: Float32Array, from: number, to: number, every: number, amplitude = 0.3) {
  for (let t = from; t < to; t += every) {
    const a = Math.round(t * RATE);
    for (let i = 0; i < Math.round(every * RATE); i++) {
      into[a + i] =
        (into[a + i] ?? 0) +
        amplitude * Math.exp(-i / (0.1 * RATE)) * Math.sin((2 * Math.PI * 330 * i) / RATE);
    }
  }
}

/**
 * A mix: plucks in the centre all along, and two held vowels sung wide (left only, so in the
 * side) at 12-16 s and 22-26.5 s; plucks sung in the side too at 30-34 s (they decay: no note).
 */
function song() {
  const left = new Float32Array(SECONDS * RATE);
  const right = new Float32Array(SECONDS * RATE);
  plucks(left, 0, SECONDS, 0.5);
  plucks(right, 0, SECONDS, 0.5);
  heldVowel(left, 12, 16);
  heldVowel(left, 22, 26.5);
  plucks(left, 30, 34, 1);
  return stereo(RATE, left, right);
}

describe('sideHeldNotes', () => {
  it('finds the long notes sung in the side, not the plucks there or in the centre', () => {
    const notes = sideHeldNotes(song());
    expect(notes).toHaveLength(2);
    expect(notes[0]!.start).toBeCloseTo(12, 0);
    expect(notes[0]!.end).toBeCloseTo(16, 0);
    expect(notes[1]!.start).toBeCloseTo(22, 0);
    expect(notes[1]!.end).toBeCloseTo(26.5, 0);
  });

  it('finds none in a mono mix or one without a side', () => {
    const mix = song();
    expect(sideHeldNotes({ sampleRate: RATE, channels: [mix.channels[0]!] })).toEqual([]);
    expect(sideHeldNotes(stereo(RATE, mix.channels[0]!, mix.channels[0]!))).toEqual([]);
  });
});

describe('nearestNotes', () => {
  const notes = [83, 97, 105, 113, 122].map((start) => ({ start, end: start + 5 }));

  it('takes the notes, in order, nearest to where the words were placed', () => {
    const chosen = nearestNotes([110, 115, 115.7, 124], notes);
    expect(chosen?.map((n) => n.start)).toEqual([97, 105, 113, 122]);
    expect(nearestNotes([84, 120], notes)?.map((n) => n.start)).toEqual([83, 122]);
  });

  it('has no choice with fewer notes than words', () => {
    expect(nearestNotes([1, 2, 3], notes.slice(0, 2))).toBeUndefined();
  });
});

const w = (line: number, start: number, end: number) => timedWord(line, start, end, 2);
// A line sung before, a line of two held "ooh" (sung on the side's notes at 12 and 22 s) the search
// put late at 24-27 s, the next line at 36 s.
const before = [w(0, 1, 2), w(0, 2, 3)];
const after = [w(2, 36, 37), w(2, 37, 38)];
const texts = ['hello', 'there', 'ooh', 'ooh', 'hello', 'there'];
const unvoiced = () => 0;
const heard = { forms: texts, duration: SECONDS };
/** Words as the passage repairs left them, none moved. */
const placed = (words: ReturnType<typeof w>[]) => ({ words, moved: words.map(() => false) });

describe('heldLines', () => {
  it('takes a line of held vowels with a long window the stem does not voice', () => {
    const words = [...before, w(1, 24, 24.5), w(1, 26, 27), ...after];
    expect(heldLines(words, texts, SECONDS, unvoiced)).toEqual([
      { first: 2, last: 3, from: 3.05, to: 35.95 },
    ]);
  });

  it('leaves a line the stem voices, a line of words and a short window', () => {
    const words = [...before, w(1, 24, 24.5), w(1, 26, 27), ...after];
    expect(heldLines(words, texts, SECONDS, () => 0.9)).toEqual([]);
    expect(
      heldLines(
        words,
        texts.map(() => 'word'),
        SECONDS,
        unvoiced,
      ),
    ).toEqual([]);
    const tight = [...before, w(1, 3.2, 4), w(1, 4.2, 5), w(2, 6, 7), w(2, 7, 8)];
    expect(heldLines(tight, texts, SECONDS, unvoiced)).toEqual([]);
  });
});

describe('placeHeldVowelLines', () => {
  it('puts a held-vowel line the search placed late on the side notes nearest to it', async () => {
    const words = [...before, w(1, 24, 24.5), w(1, 26, 27), ...after];
    const out = await placeHeldVowelLines(placed(words), heard, unvoiced, {
      loadMix: () => Promise.resolve(song()),
    });
    expect(out.lines).toBe(1);
    expect(out.words[2]!.start).toBeCloseTo(12, 0);
    expect(out.words[3]!.start).toBeCloseTo(22, 0);
    expect(out.words[3]!.end).toBeLessThanOrEqual(26.6);
    expect(out.moved).toEqual([false, false, true, true, false, false]);
    expect(out.words.slice(4)).toEqual(after);
    expect(heldNotes(out)[0]).toMatch(/side channel/);
  });

  it('moves nothing (and loads no mix) when no line qualifies', async () => {
    let loaded = false;
    const words = [...before, w(1, 24, 24.5), w(1, 26, 27), ...after];
    const out = await placeHeldVowelLines(placed(words), heard, () => 0.9, {
      loadMix: () => {
        loaded = true;
        return Promise.resolve(song());
      },
    });
    expect(out.lines).toBe(0);
    expect(loaded).toBe(false);
    expect(out.words).toEqual(words);
    expect(heldNotes(out)).toEqual([]);
  });

  it('moves nothing with fewer long side notes than words', async () => {
    const three = [...before, w(1, 24, 24.5), w(1, 26, 27), w(1, 28, 29), ...after];
    const threeTexts = ['hello', 'there', 'ooh', 'ooh', 'oh', 'hello', 'there'];
    const out = await placeHeldVowelLines(
      placed(three),
      { forms: threeTexts, duration: SECONDS },
      unvoiced,
      { loadMix: () => Promise.resolve(song()) },
    );
    expect(out.lines).toBe(0);
    expect(out.words).toEqual(three);
  });
});
