import { useState } from 'react';
import { useStore } from 'zustand';
import type { StyleDraftStore } from './style-draft';
import { SaveAsPresetDialog } from './style-dialogs';
import { usePresetActions } from './use-preset-actions';
import type { Say } from './use-style-save';

interface Props {
  projectId: string;
  store: StyleDraftStore;
  say: Say;
  onConflict: () => Promise<void>;
}

/** The preset the style is based on, and Reset / Update / Apply / Save as preset. */
export function PresetBar({ projectId, store, say, onConflict }: Props) {
  // Re-render when the base changes (a save, an applied preset).
  useStore(store, (s) => s.base);
  const actions = usePresetActions(projectId, store, say, onConflict);
  const [chosen, setChosen] = useState('');
  const [savingAs, setSavingAs] = useState(false);
  return (
    <div className="preset-bar">
      <span>
        Based on preset: <strong>{actions.presetName ?? 'none (the standard style)'}</strong>
      </span>
      <button type="button" onClick={actions.resetToPreset}>
        Reset to preset
      </button>
      {actions.presetId && (
        <button
          type="button"
          onClick={() => void actions.updatePreset()}
          disabled={actions.updating}
        >
          Update preset with this style
        </button>
      )}
      <label className="inline-label" htmlFor={`${projectId}-apply`}>
        Preset to apply
      </label>
      <select id={`${projectId}-apply`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">Choose a preset…</option>
        {actions.presets.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.isDefault ? ' (default)' : ''}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => void actions.applyPreset(chosen)}
        disabled={!chosen || actions.applying}
      >
        Apply preset
      </button>
      <button type="button" onClick={() => setSavingAs(true)}>
        Save as preset…
      </button>
      <SaveAsPresetDialog
        open={savingAs}
        busy={actions.creating}
        onCancel={() => setSavingAs(false)}
        onSave={async (name, isDefault) => {
          const problem = await actions.saveAsPreset(name, isDefault);
          if (problem === null) setSavingAs(false);
          return problem;
        }}
      />
    </div>
  );
}
