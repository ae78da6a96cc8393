import { compareItems, forEachItem, getItem, keyOf, visibleRange } from '../../../timing';
import type { AlignmentItem } from '../../../contract';
import type { StoreKit } from './store-kit';
import { edgeAtPlayhead } from './playhead-edge';
import type { EditorActions } from './types';

type EditActions = Pick<
  EditorActions,
  | 'select'
  | 'selectTimeRange'
  | 'selectAll'
  | 'clearSelection'
  | 'moveSelection'
  | 'nudge'
  | 'setStart'
  | 'setEnd'
  | 'setStartAt'
  | 'setEndAt'
  | 'rollBoundary'
  | 'stretchSelection'
  | 'splitWord'
  | 'mergeSelection'
  | 'insertWord'
  | 'insertItems'
  | 'deleteSelection'
  | 'setText'
  | 'setLineText'
  | 'setSinger'
  | 'setTranslation'
  | 'setLineTranslation'
  | 'renameLanguage'
  | 'restoreDraft'
>;

export function createEditActions(kit: StoreKit): EditActions {
  const selected = () => [...kit.get().selection];
  /** The selected word that comes first in the document. */
  const firstSelected = (): string | undefined => {
    const { doc, selection } = kit.get();
    let best: AlignmentItem | undefined;
    for (const key of selection) {
      const item = getItem(doc, key);
      if (item && (!best || compareItems(item, best) < 0)) best = item;
    }
    return best && keyOf(best);
  };
  return {
    select(keys, mode = 'replace') {
      const next = new Set(mode === 'replace' ? [] : kit.get().selection);
      for (const key of keys) {
        if (mode === 'toggle' && next.has(key)) next.delete(key);
        else next.add(key);
      }
      kit.set({ selection: next });
    },
    selectTimeRange(t0, t1, mode = 'replace') {
      const { doc, selection } = kit.get();
      const next = new Set(mode === 'add' ? selection : []);
      const { from, to } = visibleRange(doc, Math.min(t0, t1), Math.max(t0, t1));
      forEachItem(doc, from, to, (item) => {
        if (item.end >= Math.min(t0, t1)) next.add(keyOf(item));
      });
      kit.set({ selection: next });
    },
    selectAll() {
      const { doc } = kit.get();
      const next = new Set<string>();
      forEachItem(doc, 0, doc.size, (item) => next.add(keyOf(item)));
      kit.set({ selection: next });
    },
    clearSelection: () => kit.set({ selection: new Set() }),
    moveSelection: (delta) => kit.run({ type: 'move', keys: selected(), delta }),
    nudge: (direction, step = 'normal', edge = 'both') =>
      kit.run({ type: 'nudge', keys: selected(), direction, step, edge }),
    setStart: (key, time) => kit.run({ type: 'setStart', key, time }),
    setEnd: (key, time) => kit.run({ type: 'setEnd', key, time }),
    setStartAt: (time) => edgeAtPlayhead(kit, 'start', time),
    setEndAt: (time) => edgeAtPlayhead(kit, 'end', time),
    rollBoundary: (leftKey, rightKey, time) => kit.run({ type: 'roll', leftKey, rightKey, time }),
    stretchSelection: (start, end) => kit.run({ type: 'stretch', keys: selected(), start, end }),
    splitWord: (key, at, time) =>
      kit.run(time === undefined ? { type: 'split', key, at } : { type: 'split', key, at, time }),
    mergeSelection() {
      const first = firstSelected();
      kit.run({ type: 'mergeWords', keys: selected() });
      if (first !== undefined) kit.set({ selection: new Set([first]) });
    },
    insertWord: (afterKey, text) => kit.run({ type: 'insertWord', afterKey, text }),
    insertItems: (items) => kit.run({ type: 'insert', items }),
    deleteSelection() {
      kit.run({ type: 'delete', keys: selected() });
      kit.set({ selection: new Set() });
    },
    setText: (key, text) => kit.run({ type: 'setText', key, text }),
    setLineText: (line, text) => kit.run({ type: 'setLineText', line, text }),
    setSinger: (keys, singer) => kit.run({ type: 'setSinger', keys, singer }),
    setTranslation: (key, lang, text) => kit.run({ type: 'setTranslation', key, lang, text }),
    setLineTranslation: (line, lang, text) =>
      kit.run({ type: 'setLineTranslation', line, lang, text: text === '' ? null : text }),
    renameLanguage: (from, to) => kit.run({ type: 'renameLanguage', from, to }),
    restoreDraft(draft) {
      const { doc } = kit.get();
      const removed = draft.removedKeys.flatMap((key) => getItem(doc, key) ?? []);
      const flags = new Set(draft.estimated);
      kit.commit({
        removed,
        added: draft.added,
        estimatedOff: [...doc.estimated].filter((k) => !flags.has(k)),
        estimatedOn: [...flags].filter((k) => !doc.estimated.has(k)),
      });
    },
  };
}
