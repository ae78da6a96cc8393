import { useEffect, useState } from 'react';
import { useModalDialog } from '../../../components/use-modal-dialog';
import type { AlignmentItem } from '../../../contract';
import type { MergeConflict } from '../../../timing';
import type { ConflictChoice } from '../store';

interface Props {
  conflicts: readonly MergeConflict[];
  /** Shown as a modal; closed it keeps the choices made so far (it stays mounted). */
  open?: boolean;
  onResolve: (choices: Record<string, ConflictChoice>) => void;
  onCancel: () => void;
  /**
   * `Show <word>`: the page closes the dialog, selects the word and scrolls the timeline to it.
   * Offered for the words the draft still has (`canShow`).
   */
  onShow?: (key: string) => void;
  canShow?: (key: string) => boolean;
  /** The confirm button: 'Save merged result' (after a save) or 'Use merged result' (after a load). */
  confirmLabel?: string;
}

const describe = (item: AlignmentItem | undefined) =>
  item
    ? `“${item.text}” ${item.start.toFixed(3)}–${item.end.toFixed(3)} s${Object.entries(
        item.translations ?? {},
      )
        .map(([lang, t]) => ` · ${lang} “${t.text}”`)
        .join('')}`
    : 'deleted';

const wordOf = (c: MergeConflict) => (c.mine ?? c.theirs ?? c.base)?.text ?? c.key;

/** One conflicting word: its base, and mine and theirs to choose from (radio buttons). */
function ConflictRow({
  conflict: c,
  choice,
  onChoose,
  onShow,
}: {
  conflict: MergeConflict;
  choice: ConflictChoice | undefined;
  onChoose: (side: ConflictChoice) => void;
  /** Shows the word on the timeline (absent: the draft no longer has it). */
  onShow: (() => void) | undefined;
}) {
  return (
    <tr>
      <th scope="row">
        {wordOf(c)}
        {onShow && (
          <button
            type="button"
            className="show-conflict"
            onClick={onShow}
            aria-label={`Show ${wordOf(c)} on the timeline`}
          >
            Show
          </button>
        )}
      </th>
      <td className="muted">{describe(c.base)}</td>
      {(['mine', 'theirs'] as const).map((side) => (
        <td key={side}>
          <label className="checkbox">
            <input
              type="radio"
              name={`conflict-${c.key}`}
              checked={choice === side}
              onChange={() => onChoose(side)}
              aria-label={`${side === 'mine' ? 'Mine' : 'Theirs'} for ${wordOf(c)}`}
            />
            {describe(c.resolved[side])}
          </label>
        </td>
      ))}
    </tr>
  );
}

/** Lists each true conflict of a merge (base / mine / theirs) and takes a choice per conflict. */
export function ConflictDialog({
  conflicts,
  open = true,
  onResolve,
  onCancel,
  onShow,
  canShow = () => true,
  confirmLabel = 'Save merged result',
}: Props) {
  const ref = useModalDialog(open);
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>(() =>
    Object.fromEntries(conflicts.map((c) => [c.key, 'mine' as const])),
  );
  useEffect(() => {
    const dialog = ref.current;
    return () => dialog?.close();
  }, [ref]);
  const setAll = (choice: ConflictChoice) =>
    setChoices(Object.fromEntries(conflicts.map((c) => [c.key, choice])));

  return (
    <dialog
      ref={ref}
      className="dialog conflict-dialog"
      aria-labelledby="conflict-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id="conflict-title">Resolve conflicts</h2>
      <p>
        Someone saved this alignment while you were editing. Everything that did not collide is
        merged already. {conflicts.length === 1 ? 'One word was' : `${conflicts.length} words were`}{' '}
        changed on both sides: choose which version to keep.
      </p>
      <div className="dialog-actions start">
        <button type="button" onClick={() => setAll('mine')}>
          Keep all mine
        </button>
        <button type="button" onClick={() => setAll('theirs')}>
          Take all theirs
        </button>
      </div>
      <table className="data conflicts">
        <thead>
          <tr>
            <th scope="col">Word</th>
            <th scope="col">Base</th>
            <th scope="col">Mine</th>
            <th scope="col">Theirs</th>
          </tr>
        </thead>
        <tbody>
          {conflicts.map((c) => (
            <ConflictRow
              key={c.key}
              conflict={c}
              choice={choices[c.key]}
              onChoose={(side) => setChoices((all) => ({ ...all, [c.key]: side }))}
              onShow={onShow && canShow(c.key) ? () => onShow(c.key) : undefined}
            />
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Decide later
        </button>
        <button type="button" className="primary" onClick={() => onResolve(choices)}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
