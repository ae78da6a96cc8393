import type { AlignmentItem } from '../../../contract';
import {
  compareLyric,
  getItem,
  keyOf,
  lineItems,
  planOp,
  planTake,
  type SplitInto,
  type TakeScope,
  type TimingDoc,
} from '../../../timing';
import type { StoreKit } from './store-kit';
import type { EditorActions } from './types';

/** Which words a tool acts on: the selected ones, or every word of the lines they are in. */
export type ToolScope = TakeScope;

type ToolActions = Pick<
  EditorActions,
  | 'scopeKeys'
  | 'splitWordInto'
  | 'mergeWithNext'
  | 'setSingerOf'
  | 'shiftSelection'
  | 'stretchSelectionTo'
  | 'takeFrom'
>;

/** The selected word first in lyric order. */
function firstInLyricOrder(
  doc: TimingDoc,
  selection: ReadonlySet<string>,
): AlignmentItem | undefined {
  let best: AlignmentItem | undefined;
  for (const key of selection) {
    const item = getItem(doc, key);
    if (item && (!best || compareLyric(item, best) < 0)) best = item;
  }
  return best;
}

/** The keys a tool acts on: the selected words, or every word of their lines. */
function keysInScope(doc: TimingDoc, selection: ReadonlySet<string>, scope: ToolScope): string[] {
  if (scope === 'words') return [...selection].filter((k) => getItem(doc, k));
  const lines = new Set<number>();
  for (const key of selection) {
    const item = getItem(doc, key);
    if (item) lines.add(item.line);
  }
  return [...lines].flatMap((line) => lineItems(doc, line).map(keyOf));
}

/** Why "take from comparison" took nothing: the first lyric positions it lacks. */
function missingInComparison(missing: readonly string[]): string {
  const what = missing
    .slice(0, 3)
    .map((p) => {
      const [line, word] = p.split('/').map(Number);
      return word === undefined
        ? `line ${(line ?? 0) + 1}`
        : `word ${word + 1} of line ${(line ?? 0) + 1}`;
    })
    .join(', ');
  return `The comparison has nothing at ${what}${missing.length > 3 ? '…' : ''}: nothing was taken.`;
}

/**
 * The editing tools (split, merge with next, singer, shift, stretch, take from a comparison).
 * Each is one undo step; a tool that cannot act returns a sentence saying why (null: done).
 */
export function createToolActions(kit: StoreKit): ToolActions {
  const firstSelected = () => firstInLyricOrder(kit.get().doc, kit.get().selection);
  const scopeKeys = (scope: ToolScope) => keysInScope(kit.get().doc, kit.get().selection, scope);
  const none = 'Select a word first.';

  return {
    scopeKeys,
    splitWordInto(key, at, into, time) {
      const item = getItem(kit.get().doc, key);
      if (!item) return none;
      if (at <= 0 || at >= item.text.length)
        return `Choose a split point between the letters of “${item.text}”.`;
      kit.run({ type: 'split', key, at, into, ...(time === undefined ? {} : { time }) });
      return null;
    },
    mergeWithNext() {
      const item = firstSelected();
      if (!item) return none;
      const line = lineItems(kit.get().doc, item.line);
      const next = line[line.indexOf(item) + 1];
      if (!next) return `“${item.text}” is the last word of its line: there is no next word.`;
      kit.run({ type: 'mergeWords', keys: [keyOf(item), keyOf(next)] });
      kit.set({ selection: new Set([keyOf(item)]) });
      return null;
    },
    setSingerOf(scope, singer) {
      const keys = scopeKeys(scope);
      if (!keys.length) return none;
      kit.run({ type: 'setSinger', keys, singer });
      return null;
    },
    shiftSelection(offset, scope) {
      const keys = scopeKeys(scope);
      if (!keys.length) return none;
      // A typed offset is exact: the overlap policy (stop / push) is for drags and nudges.
      kit.commit(
        planOp(kit.get().doc, { type: 'move', keys, delta: offset }, { overlap: 'allow' }),
      );
      return null;
    },
    stretchSelectionTo(start, end, scope) {
      const keys = scopeKeys(scope);
      if (!keys.length) return none;
      kit.run({ type: 'stretch', keys, start, end });
      return null;
    },
    takeFrom(source, scope) {
      const { doc, selection } = kit.get();
      if (!selection.size) return none;
      const plan = planTake(doc, source, selection, scope);
      if (plan.missing.length) return missingInComparison(plan.missing);
      kit.run({ type: 'replace', keys: plan.keys, items: plan.items });
      // The taken words stay selected (their keys may differ from the replaced ones).
      kit.set({ selection: new Set(plan.items.map(keyOf)) });
      return null;
    },
  };
}

export type { SplitInto };
