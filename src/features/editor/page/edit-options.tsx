import { useStore } from 'zustand';
import type { OverlapPolicy } from '../../../timing';
import type { EditorStore } from '../store';

const POLICIES: { value: OverlapPolicy; label: string }[] = [
  { value: 'allow', label: 'may overlap' },
  { value: 'stop', label: 'stop at the neighbour' },
  { value: 'push', label: 'push neighbours' },
];

/**
 * How moved and resized words meet their neighbours (the overlap policy) and whether drags snap.
 * Both are store settings, saved as preferences (see `preferences.ts`).
 */
export function EditOptions({ store }: { store: EditorStore }) {
  const overlap = useStore(store, (s) => s.settings.overlapPolicy);
  const snapping = useStore(store, (s) => s.settings.snapping);
  const actions = useStore(store, (s) => s.actions);
  return (
    <div className="edit-options" role="group" aria-label="Editing options">
      <label title="When a moved or resized word meets the next word of the same singer">
        Words
        <select
          value={overlap}
          onChange={(e) =>
            actions.setSettings({
              overlapPolicy: POLICIES.find((p) => p.value === e.target.value)?.value ?? 'allow',
            })
          }
        >
          {POLICIES.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <label
        className="check"
        title="Snap to word edges, the playhead and vocal onsets; hold Alt while dragging to bypass"
      >
        <input
          type="checkbox"
          checked={snapping}
          onChange={(e) => actions.setSettings({ snapping: e.target.checked })}
        />
        Snap
      </label>
    </div>
  );
}
