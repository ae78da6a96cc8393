import type { LyricsSource, SyncReview } from '../../../contract';
import { getItem, keepOutside } from '../../../timing';
import type { EditorState } from '../store';

export type ResyncScope = 'song' | 'selection';

/** The lyric positions (`line/word`) of the selected words. */
function selectedPositions(state: Pick<EditorState, 'doc' | 'selection'>): Set<string> {
  const selected = new Set<string>();
  for (const key of state.selection) {
    const item = getItem(state.doc, key);
    if (item) selected.add(`${item.line}/${item.word}`);
  }
  return selected;
}

/**
 * What "Sync again around my fixes" will keep: the selected lyric positions (none for the whole
 * song), or a sentence saying why it cannot start.
 */
export function resyncSelection(
  scope: ResyncScope,
  state: Pick<EditorState, 'doc' | 'selection'>,
  review: SyncReview | null,
): { selected: ReadonlySet<string> } | { refused: string } {
  if (scope === 'selection') {
    const selected = selectedPositions(state);
    if (selected.size === 0) return { refused: 'Select the words to sync again first.' };
    return { selected };
  }
  if (!review)
    return {
      refused:
        'This alignment was not made by a lyrics sync here, so your fixes are not known: select the words to sync again and choose “Selection”.',
    };
  return { selected: new Set() };
}

/**
 * The lyrics source of the sync: this alignment, keeping (for a selection) every stored word
 * outside the selected ones and the retimed ones inside. `stored` are the items after the save:
 * the service knows only those ids.
 */
export function resyncSource(
  scope: ResyncScope,
  alignmentId: string,
  stored: EditorState['base']['items'],
  selected: ReadonlySet<string>,
  review: SyncReview | null,
): LyricsSource {
  if (scope === 'song') return { type: 'alignment', alignmentId };
  return { type: 'alignment', alignmentId, keepItemIds: keepOutside(stored, selected, review) };
}
