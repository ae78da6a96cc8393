import type { AlignmentItem, SyncReview } from '../contract';

/**
 * A sync's review (docs/api-decisions.md "Sync review"): which words it is unsure of, and which
 * ones a person has placed since. Shared by the editor (marks, "Next uncertain word", the keep set
 * of a selection) and the service (the default keep set of "sync again around my fixes").
 */

/** Words whose confidence is below this are marked for review (the aligner's "worth a look"). */
export const UNCERTAIN_BELOW = 0.5;

/** Times within this of the synced ones count as unchanged (both sides are rounded to 1 ms). */
const SAME_SECONDS = 0.0015;

/** The item is where the sync put it (not retimed since; a text fix does not count). */
export function isAsSynced(
  item: Pick<AlignmentItem, 'id' | 'start' | 'end'>,
  review: Pick<SyncReview, 'synced'>,
): boolean {
  const synced = item.id === undefined ? undefined : review.synced[item.id];
  return (
    synced !== undefined &&
    Math.abs(synced[0] - item.start) <= SAME_SECONDS &&
    Math.abs(synced[1] - item.end) <= SAME_SECONDS
  );
}

/**
 * Ids of the items placed by hand since the sync: retimed, or not made by it (a split, an inserted
 * word). Items without an id (never saved) are skipped: the service only knows saved items.
 */
export function editedByHand(
  items: Iterable<AlignmentItem>,
  review: Pick<SyncReview, 'synced'>,
): string[] {
  const ids: string[] = [];
  for (const item of items)
    if (item.id !== undefined && !isAsSynced(item, review)) ids.push(item.id);
  return ids;
}

/**
 * The keep set of "sync again" over a selection: every word outside the selected words stays, and
 * inside it the words placed by hand (with a review; without one, only the selection is synced).
 * `selected` holds `line/word` of the selected words; a word is kept whole.
 */
export function keepOutside(
  items: readonly AlignmentItem[],
  selected: ReadonlySet<string>,
  review: Pick<SyncReview, 'synced'> | null,
): string[] {
  const edited = review ? new Set(editedByHand(items, review)) : new Set<string>();
  const keptWords = new Set<string>();
  for (const item of items) {
    const word = `${item.line}/${item.word}`;
    if (!selected.has(word) || (item.id !== undefined && edited.has(item.id))) keptWords.add(word);
  }
  const ids: string[] = [];
  for (const item of items)
    if (item.id !== undefined && keptWords.has(`${item.line}/${item.word}`)) ids.push(item.id);
  return ids;
}
