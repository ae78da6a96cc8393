import { compareItems, getItem, keyOf } from '../../../timing';
import type { AlignmentItem } from '../../../contract';
import type { StoreKit } from './store-kit';

const fmt = (t: number) => `${t.toFixed(3)} s`;
/** Times closer than this are the same (float noise from the player's clock). */
const EPSILON = 1e-6;

/**
 * `[` / `]`: the first selected word's start (end) at the playhead. A playhead past the word's
 * other edge would leave a zero-length or inverted word, so the word moves there whole instead,
 * keeping its length. Returns a sentence for the user when the edit was not the plain one (moved
 * whole, stopped short, or refused), null otherwise.
 */
export function edgeAtPlayhead(kit: StoreKit, edge: 'start' | 'end', time: number): string | null {
  const { doc, selection } = kit.get();
  let item: AlignmentItem | undefined;
  for (const key of selection) {
    const candidate = getItem(doc, key);
    if (candidate && (!item || compareItems(candidate, item) < 0)) item = candidate;
  }
  if (!item) return 'Select a word first: [ and ] set its start or end at the playhead.';
  const key = keyOf(item);
  const crosses = edge === 'start' ? time >= item.end - EPSILON : time <= item.start + EPSILON;
  if (!crosses) {
    kit.run(edge === 'start' ? { type: 'setStart', key, time } : { type: 'setEnd', key, time });
    return null;
  }
  const delta = edge === 'start' ? time - item.start : time - item.end;
  kit.run({ type: 'move', keys: [key], delta });
  const moved = getItem(kit.get().doc, key) ?? item;
  const landed = edge === 'start' ? moved.start : moved.end;
  if (moved === item || moved.start === item.start)
    return `“${item.text}” was not changed: the playhead (${fmt(time)}) is past its ${edge === 'start' ? 'end' : 'start'} and the word cannot move there.`;
  const which = edge === 'start' ? 'end' : 'start';
  if (Math.abs(landed - time) > EPSILON)
    return `The playhead was past the ${which} of “${item.text}”: moved the word whole, keeping its length, as far as it could go (its ${edge} is now ${fmt(landed)}).`;
  return `The playhead was past the ${which} of “${item.text}”: moved the word whole, keeping its length.`;
}
