import { useId } from 'react';
import type { Alignment } from '../../../contract';
import { alignmentLabel } from '../tools/alignment-label';

interface Props {
  alignments: readonly Alignment[];
  value: string;
  onChange: (alignmentId: string) => void;
  autoFocus?: boolean | undefined;
}

const created = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Which alignment of the project is open; the active one is marked. */
export function AlignmentPicker({ alignments, value, onChange, autoFocus }: Props) {
  const id = useId();
  return (
    <div className="alignment-picker">
      <label htmlFor={id}>Alignment</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        // Only right after the user switched here with it (the workspace remounts).
        autoFocus={autoFocus}
      >
        {alignments.map((a) => (
          <option key={a.id} value={a.id}>
            {alignmentLabel(a)} · {created(a.createdAt)}
            {a.selected ? ' · active' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
