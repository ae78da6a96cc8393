import { useState } from 'react';
import { usePatchPreset } from '../../api';
import type { Preset } from '../../contract';
import { ErrorNotice } from '../../components/error-notice';
import { formatDate } from '../projects/format';

export function PresetRow({ preset, onDelete }: { preset: Preset; onDelete: () => void }) {
  const patch = usePatchPreset();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(preset.name);
  const rename = () =>
    patch.mutate(
      { presetId: preset.id, patch: { name: name.trim() } },
      { onSuccess: () => setRenaming(false) },
    );

  return (
    <tr>
      <td>
        {renaming ? (
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              rename();
            }}
          >
            <label>
              <span className="visually-hidden">New name for {preset.name}</span>
              <input
                type="text"
                value={name}
                // The row was opened for renaming on purpose: put the caret where typing goes.
                autoFocus
                onChange={(event) => setName(event.target.value)}
              />
            </label>
            <button type="submit" className="primary" disabled={patch.isPending}>
              Save name
            </button>
            <button type="button" onClick={() => setRenaming(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <>
            {preset.name} {preset.isDefault && <span className="badge">Default</span>}
          </>
        )}
        {patch.isError && <ErrorNotice error={patch.error} action="Not saved" />}
      </td>
      <td>{preset.preset.aspectRatio}</td>
      <td>{formatDate(preset.updatedAt)}</td>
      <td className="row-actions">
        {!renaming && (
          <button
            type="button"
            aria-label={`Rename ${preset.name}`}
            onClick={() => {
              setName(preset.name);
              patch.reset();
              setRenaming(true);
            }}
          >
            Rename
          </button>
        )}
        <button
          type="button"
          // The name starts with the visible label (axe: label-content-name-mismatch).
          aria-label={`Make default: ${preset.name}`}
          disabled={preset.isDefault || patch.isPending}
          onClick={() => patch.mutate({ presetId: preset.id, patch: { isDefault: true } })}
        >
          Make default
        </button>
        <button
          type="button"
          className="danger"
          aria-label={`Delete ${preset.name}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}
