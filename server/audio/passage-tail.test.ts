import { describe, expect, it } from 'vitest';
import { wordlessTail } from './passage-tail';
import { repairPassages } from './passage-repair';
import { timedWord, flatEnergy, steadyLines, steadyNotes } from './test-words';

const w = (line: number, start: number, end: number, phones = 3) =>
  timedWord(line, start, end, phones);
const flat = flatEnergy;

// Four lines sung where placed, then "under my feet" sung at 38.8-41.1 s whose tail the search
// squeezed ("my" in 0.08 s, "feet" at 39.84 s on the note before), leaving the note of "feet"
// (40.57-41.14 s) wordless right before the next line (41.58 s, on its own note).
const steady = steadyLines();
const tail = [w(4, 38.83, 39.74), w(4, 39.75, 39.83, 2), w(4, 39.84, 40.1)];
const next = [w(5, 41.59, 42.2), w(5, 42.2, 42.8)];
const placed = [...steady, ...tail, ...next];
const sung = [
  ...steadyNotes(),
  { start: 38.83, end: 40.35 },
  { start: 40.57, end: 41.14 },
  { start: 41.58, end: 42.83 },
];
const line = { first: 8, last: 10 };

describe('wordlessTail', () => {
  it("puts a squeezed tail's last word on the wordless note before the next line", () => {
    expect(wordlessTail(placed, line, sung)).toEqual({ start: 40.57, end: 41.14 });
  });

  it('leaves a tail that is not squeezed', () => {
    const words = placed.map((x, k) => (k === 9 ? { ...x, start: 39.5 } : x));
    expect(wordlessTail(words, line, sung)).toBeUndefined();
  });

  it('leaves the note when the next line starts late on it (its head, not this tail)', () => {
    const late = placed.map((x, k) => (k === 11 ? { ...x, start: 41.9 } : x));
    expect(wordlessTail(late, line, sung)).toBeUndefined();
  });

  it('leaves a note far from the last word, a blip, and a note running on without a pause', () => {
    const far = placed.map((x, k) =>
      k === 9 ? { ...x, start: 39.2, end: 39.28 } : k === 10 ? { ...x, start: 39.3, end: 39.5 } : x,
    );
    expect(wordlessTail(far, line, sung)).toBeUndefined();
    const blip = sung.map((s) => (s.start === 40.57 ? { start: 40.57, end: 40.7 } : s));
    expect(wordlessTail(placed, line, blip)).toBeUndefined();
    const joined = sung.map((s) => (s.start === 40.57 ? { start: 40.4, end: 41.14 } : s));
    expect(wordlessTail(placed, line, joined)).toBeUndefined();
  });

  it('leaves a last word already on the note', () => {
    const on = placed.map((x, k) => (k === 10 ? { ...x, start: 40.0, end: 40.9 } : x));
    expect(wordlessTail(on, line, sung)).toBeUndefined();
  });
});

describe('repairPassages: a squeezed tail', () => {
  it('moves only the last word of that line', () => {
    const out = repairPassages(placed, { db: flat(50), stretches: sung, duration: 50 });
    expect(out.tailLines).toBe(1);
    expect(out.words[10]).toMatchObject({ start: 40.57, end: 41.14 });
    expect(out.moved[10]).toBe(true);
    expect(out.words.filter((_, k) => k !== 10)).toEqual(placed.filter((_, k) => k !== 10));
  });
});
