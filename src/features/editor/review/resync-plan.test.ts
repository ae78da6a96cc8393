import { describe, expect, it } from 'vitest';
import type { SyncReview } from '../../../contract';
import { createDoc, keyOf } from '../../../timing';
import { word } from '../../../timing/test-items';
import { resyncSelection, resyncSource } from './resync-plan';

const items = [
  word(0, 0, 1, 1.5, 'hello', { id: 'a' }),
  word(0, 1, 1.6, 2, 'world', { id: 'b' }),
  word(1, 0, 3, 3.4, 'good', { id: 'c' }),
];
const doc = createDoc(items);
const review: SyncReview = {
  alignmentId: 'aln',
  confidence: { a: 0.3, b: 0.9, c: 0.9 },
  synced: Object.fromEntries(items.map((x) => [x.id!, [x.start, x.end]])),
};

describe('what "Sync again around my fixes" keeps', () => {
  it('keeps the lyric positions of the selected words', () => {
    const selection = new Set([keyOf(items[1]!), keyOf(items[2]!)]);
    expect(resyncSelection('selection', { doc, selection }, null)).toEqual({
      selected: new Set(['0/1', '1/0']),
    });
  });

  it('refuses a selection sync with nothing selected, in a sentence', () => {
    expect(resyncSelection('selection', { doc, selection: new Set() }, review)).toEqual({
      refused: 'Select the words to sync again first.',
    });
  });

  it('refuses the whole song when the alignment has no sync review (fixes unknown)', () => {
    const plan = resyncSelection('song', { doc, selection: new Set() }, null);
    expect(plan).toHaveProperty('refused');
    expect(resyncSelection('song', { doc, selection: new Set() }, review)).toEqual({
      selected: new Set(),
    });
  });

  it('asks the service for the alignment; a selection keeps every stored word outside it', () => {
    expect(resyncSource('song', 'aln', items, new Set(), review)).toEqual({
      type: 'alignment',
      alignmentId: 'aln',
    });
    const source = resyncSource('selection', 'aln', items, new Set(['0/1']), review);
    expect(source).toEqual({ type: 'alignment', alignmentId: 'aln', keepItemIds: ['a', 'c'] });
  });
});
