import type { AlignmentItem, SyncReview } from '../../../contract';
import {
  findItems,
  indexOfKey,
  isAsSynced,
  itemAt,
  UNCERTAIN_BELOW,
  type TimingDoc,
} from '../../../timing';

/**
 * The low-confidence words of an open alignment, from its sync's review: marked on the timeline and
 * in the word list, and stepped through by "Next uncertain word". A word a person has retimed since
 * the sync is no longer uncertain (it was looked at), so the marks clear as the review goes.
 */
export interface ReviewMarks {
  /** The review the marks come from (null: the alignment was not made by a sync here). */
  readonly review: SyncReview | null;
  /** Keys of the items still uncertain in `doc` (cached per doc). */
  uncertainOf(doc: TimingDoc): ReadonlySet<string>;
  /** The item's word confidence from the sync, 0..1 (undefined: none known). */
  confidenceOf(key: string): number | undefined;
  /** The sync gave a confidence for at least one word (an energy-only sync gives none). */
  readonly hasConfidence: boolean;
}

const EMPTY: ReadonlySet<string> = new Set();

export function createReviewMarks(
  review: SyncReview | null,
  threshold = UNCERTAIN_BELOW,
): ReviewMarks {
  // Only the low ones are ever looked at again: a few hundred keys, not the whole alignment.
  const low = review
    ? Object.entries(review.confidence)
        .filter(([, c]) => c < threshold)
        .map(([key]) => key)
    : [];
  const cache = new WeakMap<TimingDoc, ReadonlySet<string>>();
  return {
    review,
    uncertainOf(doc) {
      if (!review || low.length === 0) return EMPTY;
      let keys = cache.get(doc);
      if (!keys) {
        const set = new Set<string>();
        const items = findItems(doc, low);
        for (const key of low) {
          const item = items.get(key);
          if (item && isAsSynced(item, review)) set.add(key);
        }
        keys = set;
        cache.set(doc, keys);
      }
      return keys;
    },
    confidenceOf: (key) => review?.confidence[key],
    hasConfidence: review !== null && Object.keys(review.confidence).length > 0,
  };
}

export const NO_REVIEW: ReviewMarks = createReviewMarks(null);

const wordOf = (item: AlignmentItem) => `${item.line}/${item.word}`;

/**
 * The uncertain item to go to from `from` (the selected item's index, or -1 with none, then from
 * `time`) in `direction`, wrapping; a word is one stop (its first uncertain sub-word), so the
 * other sub-words of the word at `from` are skipped.
 */
export function findUncertain(
  doc: TimingDoc,
  uncertain: ReadonlySet<string>,
  from: { index: number; time: number },
  direction: 1 | -1,
): AlignmentItem | undefined {
  const list: { item: AlignmentItem; index: number }[] = [];
  for (const key of uncertain) {
    const index = indexOfKey(doc, key);
    const item = itemAt(doc, index);
    if (item) list.push({ item, index });
  }
  if (list.length === 0) return undefined;
  list.sort((a, b) => a.index - b.index);
  const current = itemAt(doc, from.index);
  const here = current ? wordOf(current) : null;
  const other = (x: { item: AlignmentItem }) => here === null || wordOf(x.item) !== here;
  const ahead = (x: { item: AlignmentItem; index: number }) =>
    current ? x.index > from.index : x.item.start > from.time;
  const behind = (x: { item: AlignmentItem; index: number }) =>
    current ? x.index < from.index : x.item.start < from.time;
  let found: { item: AlignmentItem } | undefined;
  if (direction > 0) {
    found = list.find((x) => other(x) && ahead(x)) ?? list.find(other) ?? list[0];
  } else {
    const reversed = [...list].reverse();
    found = reversed.find((x) => other(x) && behind(x)) ?? reversed.find(other) ?? reversed[0];
  }
  if (!found) return undefined;
  // The word's first uncertain sub-word.
  const word = wordOf(found.item);
  return list.find((x) => wordOf(x.item) === word)?.item ?? found.item;
}
