import { useStore } from 'zustand';
import type { OverlapPolicy } from '../../../timing';
import type { EditorStore } from '../store';

const POLICIES: { value: OverlapPolicy; label: string }[] = [
  { value: 'allow', label: 'may overlap' },
  { value: 'stop', label: 'stop at the neighbour' },
  { value: 'push', label: 'push neighbours' },
];

/**
 * How moved and resized words meet their neighbours (the overlap policy). A store setting, saved
 * as a preference (see `preferences.ts`). Snapping is the `SnapToggle` on the timeline's bar.
 */
export function EditOptions({ store }: { store: EditorStore }) {
  const overlap = useStore(store, (s) => s.settings.overlapPolicy);
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
    </div>
  );
}

/**
 * Whether drags snap (to word edges and the playhead first, then strong vocal onsets; weak ones
 * only zoomed in). Beside the timeline, where it acts; G toggles it, Alt held during a drag
 * bypasses it. A store setting, saved as a preference.
 */
export function SnapToggle({ store }: { store: EditorStore }) {
  const snapping = useStore(store, (s) => s.settings.snapping);
  const actions = useStore(store, (s) => s.actions);
  return (
    <label
      className="check snap-toggle"
      title="Snap drags to word edges, the playhead and strong vocal onsets (G). Hold Alt while dragging to move freely."
    >
      <input
        type="checkbox"
        checked={snapping}
        aria-keyshortcuts="g"
        onChange={(e) => actions.setSettings({ snapping: e.target.checked })}
      />
      Snap
      <kbd aria-hidden="true">G</kbd>
    </label>
  );
}
