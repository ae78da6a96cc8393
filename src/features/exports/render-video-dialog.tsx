import { useId, useState } from 'react';
import { useStartExport } from '../../api';
import type { Project, TaskStart } from '../../contract';
import { ErrorNotice } from '../../components/error-notice';
import { ModalDialog } from '../../components/modal-dialog';
import { RenderOptionsFields } from './render-options-fields';
import { defaultRenderOptions, renderRequest, type RenderOptions } from './render-options';

export interface RenderVideoDialogProps {
  open: boolean;
  onClose: () => void;
  project: Project;
  /** The alignment to offer first (the editor's open one); the active one otherwise. */
  alignmentId?: string;
  /**
   * The editor has unsaved edits of that alignment: the dialog offers to save first (`onSave`
   * resolves true once saved) or to render the saved version.
   */
  unsaved?: boolean;
  onSave?: () => Promise<boolean>;
  onStarted?: (started: TaskStart) => void;
}

/** "Render video": the options of a karaoke video render, then `POST /projects/{id}/exports`. */
export function RenderVideoDialog(props: RenderVideoDialogProps) {
  return (
    // Content mounted while open only: each opening starts from the defaults and a clean error.
    <ModalDialog
      open={props.open}
      onClose={props.onClose}
      title="Render video"
      className="render-dialog"
      fresh
    >
      <RenderVideoForm {...props} />
    </ModalDialog>
  );
}

function RenderVideoForm({
  onClose,
  project,
  alignmentId,
  unsaved = false,
  onSave,
  onStarted,
}: RenderVideoDialogProps) {
  const start = useStartExport(project.id);
  const [options, setOptions] = useState<RenderOptions>(() =>
    defaultRenderOptions(project, alignmentId),
  );
  const [saving, setSaving] = useState(false);
  const [notSaved, setNotSaved] = useState(false);
  const unsavedId = useId();
  // Unsaved edits matter only when the chosen alignment is the one being edited.
  const editsPending = unsaved && options.alignmentId === alignmentId;
  const busy = saving || start.isPending;
  const canStart = options.alignmentId !== '' && !busy;

  const render = (saveFirst: boolean) => {
    if (!canStart) return;
    setNotSaved(false);
    void (async () => {
      if (saveFirst && onSave) {
        setSaving(true);
        const saved = await onSave().finally(() => setSaving(false));
        if (!saved) return setNotSaved(true);
      }
      start.mutate(renderRequest(options), {
        onSuccess: (started) => {
          onStarted?.(started);
          onClose();
        },
      });
    })();
  };

  return (
    <form
      className="render-form"
      aria-describedby={editsPending ? unsavedId : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        render(editsPending);
      }}
    >
      <p className="muted">
        A karaoke video of “{project.title}” with the project&apos;s style. It renders on the
        service; you may close this and keep working.
      </p>
      <RenderOptionsFields project={project} value={options} onChange={setOptions} />
      {editsPending && (
        <p id={unsavedId} className="notice notice-warn">
          This timing has unsaved edits. The video is made from the saved version: save first to
          include them.
        </p>
      )}
      {notSaved && (
        <p className="notice notice-error" role="alert">
          Not saved, so nothing was rendered. The editor says why; your edits are kept.
        </p>
      )}
      {start.isError && <ErrorNotice error={start.error} action="The render did not start" />}
      <RenderActions
        canStart={canStart}
        editsPending={editsPending}
        label={saving ? 'Saving…' : start.isPending ? 'Starting…' : undefined}
        onCancel={onClose}
        onRenderSaved={() => render(false)}
      />
    </form>
  );
}

/** Cancel, Render saved version (when the timing has unsaved edits) and the submit button. */
function RenderActions({
  canStart,
  editsPending,
  label,
  onCancel,
  onRenderSaved,
}: {
  canStart: boolean;
  editsPending: boolean;
  /** What the submit button says while busy. */
  label: string | undefined;
  onCancel: () => void;
  onRenderSaved: () => void;
}) {
  return (
    <div className="dialog-actions">
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {editsPending && (
        <button type="button" onClick={onRenderSaved} disabled={!canStart}>
          Render saved version
        </button>
      )}
      <button type="submit" className="primary" disabled={!canStart}>
        {label ?? (editsPending ? 'Save and render' : 'Start render')}
      </button>
    </div>
  );
}
