import { useId, useState } from 'react';
import { usePatchPreset } from '../../api';
import type { Preset } from '../../contract';
import { ErrorNotice } from '../../components/error-notice';
import { formatDate } from '../../components/format';
import { presetNameError } from './preset-name';

type Patch = ReturnType<typeof usePatchPreset>;

export function PresetRow({ preset, onDelete }: { preset: Preset; onDelete: () => void }) {
  const patch = usePatchPreset();
  const [renaming, setRenaming] = useState(false);
  return (
    <tr>
      <td>
        {renaming ? (
          <RenameForm preset={preset} patch={patch} onDone={() => setRenaming(false)} />
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

/** The inline rename: starts from the preset's name; the name is checked once a save was tried. */
function RenameForm({
  preset,
  patch,
  onDone,
}: {
  preset: Preset;
  patch: Patch;
  onDone: () => void;
}) {
  const [name, setName] = useState(preset.name);
  // Shown once a save was tried; follows the typing after that.
  const [tried, setTried] = useState(false);
  const nameError = presetNameError(name);
  const errorId = useId();
  const rename = () => {
    setTried(true);
    if (nameError) return;
    patch.mutate({ presetId: preset.id, patch: { name: name.trim() } }, { onSuccess: onDone });
  };
  return (
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
          aria-invalid={tried && nameError !== null}
          aria-describedby={tried && nameError ? errorId : undefined}
          // The row was opened for renaming on purpose: put the caret where typing goes.
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <button type="submit" className="primary" disabled={patch.isPending}>
        Save name
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      {tried && nameError && (
        <span id={errorId} className="error-text" role="alert">
          {nameError}
        </span>
      )}
    </form>
  );
}
