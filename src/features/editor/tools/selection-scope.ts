import type { AlignmentItem } from '../../../contract';
import { compareItems, getItem } from '../../../timing';
import type { EditorState } from '../store';
import type { ToolScope } from '../store/tool-actions';
import type { ScopeInfo } from './scoped-dialog';

/** The selected word first in the document (split acts on it); null when none is selected. */
export function firstSelectedItem(
  state: Pick<EditorState, 'doc' | 'selection'>,
): AlignmentItem | null {
  let best: AlignmentItem | null = null;
  for (const key of state.selection) {
    const item = getItem(state.doc, key);
    if (item && (!best || compareItems(item, best) < 0)) best = item;
  }
  return best;
}

/** What the selection covers per scope: how many words and their span (dialog hints and checks). */
export function scopeInfoOf(state: Pick<EditorState, 'doc' | 'actions'>): ScopeInfo {
  const { doc, actions } = state;
  const of = (s: ToolScope) => {
    let start = Infinity;
    let end = -Infinity;
    const keys = actions.scopeKeys(s);
    for (const key of keys) {
      const item = getItem(doc, key);
      if (!item) continue;
      start = Math.min(start, item.start);
      end = Math.max(end, item.end);
    }
    return { count: keys.length, start, end };
  };
  return { words: of('words'), lines: of('lines') };
}
