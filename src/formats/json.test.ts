import { describe, expect, it } from 'vitest';
import { AlignmentItemSchema } from '../contract';
import { readTimings, writeTimings } from './index';

const item = { line: 0, word: 0, subword: 0, start: 1, end: 2, text: 'a' };

describe('JSON', () => {
  it('reads { items } sorted by start and keeps the contract fields only', () => {
    const r = readTimings(
      JSON.stringify({
        items: [
          { ...item, line: 1, start: 3, end: 4, text: 'b', singer: 1, extra: true },
          { ...item, id: 'x1', translations: { fr: { text: 'un' } } },
        ],
      }),
    );
    expect(r.format).toBe('json');
    expect(r.items).toEqual([
      { ...item, id: 'x1', translations: { fr: { text: 'un' } } },
      { ...item, line: 1, start: 3, end: 4, text: 'b', singer: 1 },
    ]);
    for (const x of r.items) AlignmentItemSchema.parse(x);
  });

  it('skips invalid items with a warning naming each', () => {
    const r = readTimings(
      JSON.stringify([item, { ...item, start: -1 }, { ...item, line: 1.5 }, 'x']),
    );
    expect(r.items).toHaveLength(1);
    expect(r.warnings.map((w) => w.message)).toEqual([
      'Item 2 was skipped: "start" is not a number of seconds of 0 or more.',
      'Item 3 was skipped: "line" is not a whole number of 0 or more.',
      'Item 4 was skipped: not an object.',
    ]);
  });

  it('fails with one sentence on broken JSON', () => {
    expect(() => readTimings('{"items": [', { format: 'json' })).toThrow(
      /^This JSON file cannot be parsed/,
    );
  });

  it('writes what it reads', () => {
    const items = [item, { ...item, word: 1, start: 2, end: 2.5, text: 'b', singer: 0 }];
    expect(readTimings(writeTimings(items, 'json')).items).toEqual(items);
  });
});
