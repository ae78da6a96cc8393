import { useId } from 'react';
import type { Alignment } from '../../../contract';
import { alignmentLabel } from './alignment-label';
import { keyOf, useEditor, type EditorStore } from '../store';
import { ShiftDialog } from './shift-dialog';
import { singerChoices, singersOf, selectionSinger } from './singers';
import { SingerLegend } from './singer-legend';
import { SplitDialog } from './split-dialog';
import { StretchDialog } from './stretch-dialog';
import type { EditingTools } from './use-editing-tools';
import '../bars.css';
import './tools.css';

interface Props {
  tools: EditingTools;
  store: EditorStore;
  /** The project's other alignments (the "Compare with" choices). */
  others: readonly Alignment[];
  getPlayhead: () => number;
  duration: number;
}

const created = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/**
 * The editing tools above the timeline: split, merge with next, singer, shift, stretch, compare
 * and take, spectrogram. Every tool acts on the selection (or its whole lines) as one undo step;
 * what cannot be done is said in the status line, never silently skipped.
 */
export function EditingToolbar({ tools, store, others, getPlayhead, duration }: Props) {
  const linesId = useId();
  return (
    <div className="editing-tools" role="group" aria-label="Editing tools">
      <button type="button" onClick={() => tools.open('split')} aria-keyshortcuts="S">
        Split word
      </button>
      <button type="button" onClick={tools.mergeWithNext} aria-keyshortcuts="M">
        Merge with next word
      </button>
      <button type="button" onClick={() => tools.open('shift')} aria-keyshortcuts="O">
        Shift selection
      </button>
      <button type="button" onClick={() => tools.open('stretch')} aria-keyshortcuts="E">
        Stretch selection
      </button>
      <SingerSelect tools={tools} store={store} />
      <label className="check tool-group" htmlFor={linesId}>
        <input
          id={linesId}
          type="checkbox"
          checked={tools.scope === 'lines'}
          onChange={(e) => tools.setScope(e.target.checked ? 'lines' : 'words')}
        />
        Whole lines
      </label>
      <CompareSelect tools={tools} others={others} />
      <button type="button" onClick={tools.takeFromComparison} aria-keyshortcuts="C">
        Take from comparison
      </button>
      <button
        type="button"
        aria-pressed={tools.spectrogram}
        onClick={tools.toggleSpectrogram}
        aria-keyshortcuts="F"
      >
        Spectrogram
      </button>
      <SingerLegend />
      <p className="tool-status" role="status">
        {tools.message ?? ''}
      </p>
      <ToolDialogs tools={tools} store={store} getPlayhead={getPlayhead} duration={duration} />
    </div>
  );
}

/** "Singer": the selection's singer (or mixed), set for the words or whole lines in scope. */
function SingerSelect({ tools, store }: Pick<Props, 'tools' | 'store'>) {
  const id = useId();
  const singer = useEditor((s) => selectionSinger(s.doc, s.selection));
  const used = useEditor((s) => singersOf(s.doc));
  const hasSelection = useEditor((s) => s.selection.size > 0);
  return (
    <span className="tool-group">
      <label htmlFor={id}>Singer</label>
      <select
        id={id}
        value={singer}
        onChange={(e) => {
          const v = e.target.value;
          const { actions } = store.getState();
          tools.say(actions.setSingerOf(tools.scope, v === 'none' ? undefined : Number(v)));
        }}
      >
        {!hasSelection && <option value="">(select words)</option>}
        {singer === 'mixed' && <option value="mixed">Mixed</option>}
        <option value="none">No singer</option>
        {singerChoices(used).map((n) => (
          <option key={n} value={String(n)}>
            Singer {n}
          </option>
        ))}
      </select>
    </span>
  );
}

/** "Compare with": another alignment of the project shown as the ghost lane. */
function CompareSelect({ tools, others }: Pick<Props, 'tools' | 'others'>) {
  const id = useId();
  return (
    <span className="tool-group">
      <label htmlFor={id}>Compare with</label>
      <select
        id={id}
        value={tools.compare?.id ?? ''}
        onChange={(e) => tools.setCompareId(e.target.value || null)}
      >
        <option value="">None</option>
        {others.map((a) => (
          <option key={a.id} value={a.id}>
            {alignmentLabel(a)} · {created(a.createdAt)}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The split, shift and stretch dialogs; the open one acts through the store's tool actions. */
function ToolDialogs({ tools, store, getPlayhead, duration }: Omit<Props, 'others'>) {
  const actions = () => store.getState().actions;
  const splitItem = tools.dialog === 'split' ? tools.firstSelected() : null;
  const scoped = {
    getInfo: tools.scopeInfo,
    initialScope: tools.scope,
    duration,
    onClose: tools.close,
  };
  return (
    <>
      <SplitDialog
        item={splitItem}
        playhead={getPlayhead()}
        onClose={tools.close}
        onSplit={(at, into, time) =>
          splitItem ? actions().splitWordInto(keyOf(splitItem), at, into, time) : null
        }
      />
      <ShiftDialog
        {...scoped}
        open={tools.dialog === 'shift'}
        onShift={(offset, scope) => actions().shiftSelection(offset, scope)}
      />
      <StretchDialog
        {...scoped}
        open={tools.dialog === 'stretch'}
        onStretch={(start, end, scope) => actions().stretchSelectionTo(start, end, scope)}
      />
    </>
  );
}
