import { describe, expect, it } from 'vitest';
import { silentHeadWindow } from './passage-silent-head';
import { repairPassages } from './passage-repair';
import { voicedShare } from './voicing';
import { timedWord, flatEnergy, steadyLines, steadyNotes } from './test-words';

const w = (line: number, start: number, end: number, phones = 2) =>
  timedWord(line, start, end, phones);
const flat = flatEnergy;

// Four lines sung where placed, then a seven-word line sung from 51.2 s whose first words the
// search pulled into the break (48.9 and 49.6 s, on silence and a blip) and whose rest it crammed
// against the note at 51.2 s; the next line at 60 s.
const steady = steadyLines();
const pulled = [48.9, 49.6, 50.95, 51.08, 51.2, 51.48, 51.57].map((t) => w(4, t, t + 0.1));
const next = [w(5, 60, 61, 10), w(5, 61, 62, 10)];
const placed = [...steady, ...pulled, ...next];
const sung = [
  ...steadyNotes(),
  { start: 49.67, end: 49.86 },
  { start: 51.2, end: 51.7 },
  { start: 51.8, end: 51.95 },
  { start: 52.4, end: 52.7 },
  { start: 53.9, end: 54.3 },
  { start: 60, end: 62 },
];
const line = { first: 8, last: 14 };

describe('silentHeadWindow', () => {
  const voiced = voicedShare(sung);

  it('starts a line at its first clear note when its head lies on silence before it', () => {
    const window = silentHeadWindow(placed, line, 60, sung, voiced);
    expect(window?.from).toBeCloseTo(51.2, 5);
    // The length it was placed over (48.9-51.67 s), from the note on.
    expect(window?.to).toBeCloseTo(51.2 + 51.67 - 48.9, 5);
  });

  it('keeps the line before the next one', () => {
    expect(silentHeadWindow(placed, line, 53, sung, voiced)?.to).toBeCloseTo(52.95, 5);
  });

  it('leaves a line whose head is sung (voice before the note)', () => {
    const busy = [...sung, { start: 49, end: 50.5 }].sort((a, b) => a.start - b.start);
    expect(silentHeadWindow(placed, line, 60, busy, voicedShare(busy))).toBeUndefined();
  });

  it('leaves a line none of whose later words is on that note (the whole line is elsewhere)', () => {
    const early = [48.9, 49.6, 49.7, 49.8, 49.9, 50, 50.1].map((t) => w(4, t, t + 0.05));
    const words = [...steady, ...early, ...next];
    expect(silentHeadWindow(words, line, 60, sung, voiced)).toBeUndefined();
  });

  it('leaves a line whose head before the note is short (a pickup)', () => {
    const pickup = [50.6, 50.9, 51.2, 51.48, 51.57, 51.8, 52.4].map((t) => w(4, t, t + 0.1));
    const words = [...steady, ...pickup, ...next];
    expect(silentHeadWindow(words, line, 60, sung, voiced)).toBeUndefined();
  });
});

describe('repairPassages: a line with a silent head', () => {
  it('moves its words onto the notes from its first clear note and leaves the other lines', () => {
    const out = repairPassages(placed, { db: flat(70), stretches: sung, duration: 70 });
    expect(out.silentHeadLines).toBe(1);
    const starts = out.words.slice(8, 15).map((x) => x.start);
    expect(starts[0]).toBeCloseTo(51.2, 5);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.some((t) => t >= 52.4)).toBe(true);
    expect(out.moved.slice(8, 15).every(Boolean)).toBe(true);
    expect(out.words.slice(0, 8)).toEqual(placed.slice(0, 8));
    expect(out.words.slice(15)).toEqual(placed.slice(15));
  });
});
