import type { AlignmentItem } from '../../../contract';
import { keyOf, sameItem } from '../../../timing';

/** How many words differ between two versions of an alignment (added, removed or changed). */
export function countChanged(
  before: readonly AlignmentItem[],
  after: readonly AlignmentItem[],
): number {
  const old = new Map(before.map((item) => [keyOf(item), item]));
  let changed = 0;
  for (const item of after) {
    const key = keyOf(item);
    if (!sameItem(old.get(key), item)) changed++;
    old.delete(key);
  }
  return changed + old.size;
}
