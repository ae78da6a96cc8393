import type { AlignmentItem } from '../contract';
import { getItem, type TimingDoc } from './doc';
import { compareLyric, keyOf, reviseItem } from './item-key';
import { lineItems } from './ops-words';

/** What "take from comparison" replaces: the selected words, or the whole lines they are in. */
export type TakeScope = 'words' | 'lines';

export interface TakePlan {
  /** Keys of this document's items to remove. */
  readonly keys: string[];
  /** The comparison's items that replace them (lyric order). */
  readonly items: AlignmentItem[];
  /** Positions the comparison has nothing for (`line/word` or `line`), as shown to people. */
  readonly missing: string[];
}

const positionOf = (x: AlignmentItem, scope: TakeScope) =>
  scope === 'lines' ? `${x.line}` : `${x.line}/${x.word}`;

/**
 * Words are matched by lyric position (line and word number), not by time or id: the alignments
 * of a project are syncs of the same lyrics, so the same word has the same position in each, and
 * ids are per alignment. `scope: 'words'` replaces every sub-word of each selected word by the
 * comparison's sub-words of that word; `'lines'` replaces each touched line as a whole. A taken
 * item keeps this document's id, singer and translations of the item it replaces at the same
 * line/word/subword (the comparison's id would belong to the other alignment); other taken items
 * get no id. Pure: nothing is applied.
 */
export function planTake(
  doc: TimingDoc,
  source: readonly AlignmentItem[],
  selection: Iterable<string>,
  scope: TakeScope,
): TakePlan {
  const wanted = new Set<string>();
  const lines = new Set<number>();
  for (const key of selection) {
    const item = getItem(doc, key);
    if (!item) continue;
    wanted.add(positionOf(item, scope));
    lines.add(item.line);
  }
  const removed: AlignmentItem[] = [];
  for (const line of lines) {
    for (const x of lineItems(doc, line)) if (wanted.has(positionOf(x, scope))) removed.push(x);
  }
  const taken = source.filter((x) => wanted.has(positionOf(x, scope))).sort(compareLyric);
  const found = new Set(taken.map((x) => positionOf(x, scope)));
  const missing = [...wanted].filter((p) => !found.has(p));
  const byPosition = new Map(removed.map((x) => [`${x.line}/${x.word}/${x.subword}`, x]));
  const items = taken.map((x) => {
    const mine = byPosition.get(`${x.line}/${x.word}/${x.subword}`);
    return reviseItem(x, {
      id: mine?.id,
      singer: mine ? mine.singer : x.singer,
      translations: mine ? mine.translations : x.translations,
    });
  });
  return { keys: removed.map(keyOf), items, missing };
}
