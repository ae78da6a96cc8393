import { describe, expect, it } from 'vitest';
import { repairLineHeads } from './line-heads';
import { timedWord as w } from './test-words';

describe('repairLineHeads', () => {
  it('moves head words pulled into the break onto the voiced phrase before the next word', () => {
    // "Is it really living": "Is it" placed in the break, the voice starts at 12.43.
    const placed = [w(0, 8.6, 9.5), w(1, 9.69, 10.0, 2), w(1, 10.69, 11.23, 2), w(1, 12.63, 12.83)];
    const voiced = [
      { start: 9.09, end: 9.29 },
      { start: 11.68, end: 11.74 },
      { start: 12.43, end: 12.5 },
      { start: 12.52, end: 13.72 },
    ];
    const [, is, it] = repairLineHeads(placed, voiced);
    expect(is?.start).toBeCloseTo(12.43, 2);
    expect(it?.start).toBeGreaterThan(12.43);
    expect(it?.end).toBeCloseTo(12.63, 2);
  });

  it('leaves a line alone when the pause before it is the longest one (a held note inside)', () => {
    // "How many monkeys | does": a 0.62 s gap inside, but 2 s of rest before the line.
    const placed = [
      w(0, 16.0, 16.3),
      w(1, 18.45, 18.74),
      w(1, 18.75, 19.11),
      w(1, 19.36, 19.67),
      w(1, 20.29, 20.61),
    ];
    expect(repairLineHeads(placed, [{ start: 18.43, end: 20.5 }])).toEqual(placed);
  });

  it('cuts an overlong first word back to the voicing before its end', () => {
    const placed = [w(0, 35.0, 36.0), w(1, 36.07, 36.76), w(1, 36.77, 36.96)];
    const [, first] = repairLineHeads(placed, [{ start: 36.5, end: 37.0 }]);
    expect(first?.start).toBeCloseTo(36.5, 2);
    expect(first?.end).toBe(36.76);
  });

  it('keeps head words on a phrase whose first stretch began just before them', () => {
    // "verän-derung hält | jung": the head placed at 169.43 on the phrase that began at 169.39;
    // the phrase (joined over short gaps) must not be cut at the next stretch, 170.48.
    const placed = [w(0, 167.95, 168.76), w(1, 169.43, 170.31, 10), w(1, 170.46, 170.89, 4)];
    placed.push(w(1, 171.61, 171.75, 4));
    const voiced = [
      { start: 167.12, end: 169.04 },
      { start: 169.39, end: 170.39 },
      { start: 170.48, end: 170.79 },
      { start: 170.84, end: 171.83 },
    ];
    const [, head] = repairLineHeads(placed, voiced);
    expect(head?.start).toBeCloseTo(169.43, 5);
  });

  it('leaves an overlong first word whose voice already sounds where it starts (a held note)', () => {
    // "die~~ liebe": "die" 17.82-18.36, the voice from 17.63: nothing pulled it early.
    const placed = [w(0, 14, 15), w(1, 17.82, 18.36, 2), w(1, 18.78, 18.95)];
    const voiced = [
      { start: 14, end: 15 },
      { start: 17.63, end: 18.53 },
    ];
    expect(repairLineHeads(placed, voiced)).toEqual(placed);
  });

  it('never moves a word earlier', () => {
    const placed = [w(0, 1, 2), w(1, 5, 5.2), w(1, 6.5, 7)];
    const repaired = repairLineHeads(placed, []);
    repaired.forEach((r, i) => expect(r.start).toBeGreaterThanOrEqual(placed[i]?.start ?? 0));
  });
});

describe('repairLineHeads: a held first note', () => {
  it('starts a squeezed first word where its voiced phrase starts, after a pause', () => {
    // "I~~~ have been": "I" held 11.9-13 s, placed by the search in its last 40 ms.
    const placed = [w(0, 10, 10.3), w(0, 10.3, 11.5), w(1, 12.96, 13.0, 1), w(1, 13.05, 13.4)];
    const voiced = [
      { start: 10, end: 11.5 },
      { start: 11.9, end: 13.5 },
    ];
    const [, , head, next] = repairLineHeads(placed, voiced);
    expect(head?.start).toBeCloseTo(11.9, 5);
    expect(head?.end).toBe(13.0);
    expect(next).toEqual(placed[3]);
  });

  it('leaves a short first word that starts with its own voiced stretch (its note begins)', () => {
    // "ich fühle": "ich" at 23.18, where a stretch starts, after bits of voice from 22.35.
    const placed = [w(0, 20, 21.14), w(1, 23.18, 23.27, 2), w(1, 23.28, 23.68)];
    const voiced = [
      { start: 20, end: 21.14 },
      { start: 22.35, end: 22.41 },
      { start: 22.6, end: 22.91 },
      { start: 23.18, end: 23.35 },
      { start: 23.44, end: 23.88 },
    ];
    expect(repairLineHeads(placed, voiced)).toEqual(placed);
  });

  it('leaves it when the voice runs on from the previous line', () => {
    const placed = [w(0, 10, 10.3), w(0, 10.3, 11.5), w(1, 12.96, 13.0, 1), w(1, 13.05, 13.4)];
    expect(repairLineHeads(placed, [{ start: 10, end: 13.5 }])).toEqual(placed);
  });

  /** The demo's stem before "I hear the river": two notes, plucked blips, then the phrase's notes. */
  const blipsThenPhrase = () => [
    ...[7.1, 7.81, 8.18, 8.42, 8.79, 9.06, 9.38].map((start, k) => ({
      start,
      end: start + (k < 2 ? 0.26 : 0.08),
    })),
    { start: 9.58, end: 9.86 },
    { start: 9.9, end: 10.17 },
    { start: 10.24, end: 11.31 },
  ];

  it('spreads a crammed head run over its phrase, which blips before it do not join to the line before', () => {
    // "I hear the river": "I hear the" crammed into 10.57-10.76; sung from 9.58 (notes at 9.58,
    // 9.90, 10.24), after plucked blips (0.07-0.12 s) that run back to the line before.
    const placed = [w(0, 7.1, 7.96), w(1, 10.57, 10.59, 1), w(1, 10.6, 10.68, 3)];
    placed.push(w(1, 10.69, 10.76, 2), w(1, 10.83, 11.29, 4));
    const voiced = blipsThenPhrase();
    const [, i, hear, the, river] = repairLineHeads(placed, voiced);
    expect(i?.start).toBeCloseTo(9.58, 5);
    expect(hear?.start).toBeGreaterThan(9.7);
    expect(hear?.start).toBeLessThan(10.0);
    expect(the?.start).toBeGreaterThan(10.1);
    expect(the?.end).toBeCloseTo(10.76, 5);
    expect(river).toEqual(placed[4]);
  });

  it('walks a single squeezed head back through blips as before (to the line before: no move)', () => {
    const placed = [w(0, 7.1, 7.96), w(1, 10.57, 10.59, 1), w(1, 10.6, 10.95, 3)];
    const voiced = blipsThenPhrase();
    expect(repairLineHeads(placed, voiced).slice(1)).toEqual(placed.slice(1));
  });
});
