/**
 * What a finished sync keeps for review (issue 22, docs/api-decisions.md "Sync review"): in the
 * task's output, `review = { alignmentId, confidence, synced }` keyed by the new alignment's item
 * ids. The editor marks low-confidence words from it; "sync again around my fixes" compares the
 * stored alignment with `synced` to find the words edited by hand.
 */
import type { AlignmentItem, SyncReview } from '../../src/contract';
import type { Db } from '../db/database';

/** The words placed by hand since the sync (shared with the editor). */
export { editedByHand } from '../../src/timing/review';

/** Sync confidences are kept with two decimals (the output stays small). */
const r2 = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 100) / 100;
const r3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The review of a new alignment: `items` carry their ids (after insert); `confidenceOfItem` gives
 * an item's word confidence (undefined: none known).
 */
export function buildReview(
  alignmentId: string,
  items: readonly AlignmentItem[],
  confidenceOfItem: (item: AlignmentItem, index: number) => number | undefined | null,
): SyncReview {
  const confidence: Record<string, number> = {};
  const synced: Record<string, [number, number]> = {};
  items.forEach((item, index) => {
    if (item.id === undefined) return;
    synced[item.id] = [r3(item.start), r3(item.end)];
    const c = confidenceOfItem(item, index);
    if (typeof c === 'number' && Number.isFinite(c)) confidence[item.id] = r2(c);
  });
  return { alignmentId, confidence, synced };
}

/**
 * An item's word confidence from a sync's `wordConfidence` (one value per lyric word, in the order
 * of `tokenizeLyrics`: by line, then word): the item's (line, word) ranked among all of them.
 */
export function byLyricWord(
  items: readonly AlignmentItem[],
  wordConfidence: readonly number[] | undefined,
): (item: AlignmentItem) => number | undefined {
  if (!wordConfidence) return () => undefined;
  const keys = [...new Set(items.map((x) => `${x.line}/${x.word}`))].map((k) =>
    k.split('/').map(Number),
  );
  keys.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0));
  const rank = new Map(keys.map(([line, word], k) => [`${line}/${word}`, k]));
  return (item) => {
    const k = rank.get(`${item.line}/${item.word}`);
    return k === undefined ? undefined : wordConfidence[k];
  };
}

/** The review of the sync that made `alignmentId` (the newest completed one), if any. */
export async function findReview(
  db: Db,
  projectId: string,
  alignmentId: string,
): Promise<SyncReview | undefined> {
  const rows = await db.all<{ output_json: string | null }>(
    `SELECT output_json FROM tasks
     WHERE project_id = ? AND status = 'completed' AND type IN ('sync-lyrics', 'create-karaoke')
     ORDER BY seq DESC`,
    projectId,
  );
  for (const row of rows) {
    if (!row.output_json || !row.output_json.includes(alignmentId)) continue;
    const output = JSON.parse(row.output_json) as { review?: SyncReview };
    if (output.review?.alignmentId === alignmentId) return output.review;
  }
  return undefined;
}
