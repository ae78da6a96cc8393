import { useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { Checkbox } from '../../components/fields';

/** A 409 on save: merge my changes onto theirs, reload theirs, or not now. */
export function ConflictDialog({
  open,
  onMerge,
  onReload,
  onCancel,
}: {
  open: boolean;
  onMerge: () => void;
  onReload: () => void;
  onCancel: () => void;
}) {
  return (
    <ModalDialog open={open} onClose={onCancel} title="These settings were changed elsewhere">
      <p>
        Someone (or another tab) saved this project&apos;s style after you started. Merge keeps
        their changes and lays yours on top (where you both changed a field, yours wins); Reload
        drops your changes and shows theirs.
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Not now
        </button>
        <button type="button" onClick={onReload}>
          Reload theirs
        </button>
        <button type="button" className="primary" onClick={onMerge}>
          Merge my changes
        </button>
      </div>
    </ModalDialog>
  );
}

export function SaveAsPresetDialog({
  open,
  busy,
  onSave,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onSave: (name: string, isDefault: boolean) => Promise<string | null>;
  onCancel: () => void;
}) {
  return (
    // Content mounted while open: every opening starts with an empty form.
    <ModalDialog open={open} onClose={onCancel} title="Save this style as a preset" fresh>
      <SaveAsPresetForm busy={busy} onSave={onSave} onCancel={onCancel} />
    </ModalDialog>
  );
}

function SaveAsPresetForm({
  busy,
  onSave,
  onCancel,
}: {
  busy: boolean;
  onSave: (name: string, isDefault: boolean) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) {
          setProblem('Give the preset a name.');
          return;
        }
        void onSave(name.trim(), isDefault).then(setProblem);
      }}
    >
      <label htmlFor="preset-name">Preset name</label>
      <input
        id="preset-name"
        type="text"
        value={name}
        maxLength={200}
        autoFocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'preset-name-problem' : undefined}
        onChange={(e) => {
          setName(e.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <span id="preset-name-problem" className="field-problem" role="alert">
          {problem}
        </span>
      )}
      <Checkbox checked={isDefault} onChange={setIsDefault}>
        New projects start from this preset
      </Checkbox>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save preset'}
        </button>
      </div>
    </form>
  );
}
