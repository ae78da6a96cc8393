import { useEffect, useRef, useState } from 'react';
import type { AlignmentItem } from '../../../contract';
import type { MergeConflict } from '../../../timing';
import type { ConflictChoice } from '../store';

interface Props {
  conflicts: readonly MergeConflict[];
  onResolve: (choices: Record<string, ConflictChoice>) => void;
  onCancel: () => void;
}

const describe = (item: AlignmentItem | undefined) =>
  item ? `“${item.text}” ${item.start.toFixed(3)}–${item.end.toFixed(3)} s` : 'deleted';

const wordOf = (c: MergeConflict) => (c.mine ?? c.theirs ?? c.base)?.text ?? c.key;

/** Lists each true conflict of a merge (base / mine / theirs) and takes a choice per conflict. */
export function ConflictDialog({ conflicts, onResolve, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>(() =>
    Object.fromEntries(conflicts.map((c) => [c.key, 'mine' as const])),
  );
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
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
            <tr key={c.key}>
              <th scope="row">{wordOf(c)}</th>
              <td className="muted">{describe(c.base)}</td>
              {(['mine', 'theirs'] as const).map((side) => (
                <td key={side}>
                  <label className="checkbox">
                    <input
                      type="radio"
                      name={`conflict-${c.key}`}
                      checked={choices[c.key] === side}
                      onChange={() => setChoices((all) => ({ ...all, [c.key]: side }))}
                      aria-label={`${side === 'mine' ? 'Mine' : 'Theirs'} for ${wordOf(c)}`}
                    />
                    {describe(c.resolved[side])}
                  </label>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Decide later
        </button>
        <button type="button" className="primary" onClick={() => onResolve(choices)}>
          Save merged result
        </button>
      </div>
    </dialog>
  );
}
