import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, presetsQuery, useApiClient } from '../../api';
import { ErrorNotice } from '../../components/error-notice';
import { CreateTaskProgress } from './create-task-progress';
import { FileDropZone } from './file-drop-zone';
import { PresetSelect } from './preset-select';
import { StemModelSelect } from './stem-model-select';
import { UploadProgress } from './upload-progress';
import { useNewProject } from './use-new-project';
import './projects.css';

export function NewProjectPage() {
  const presets = useQuery(presetsQuery(useApiClient()));
  const defaultPreset = presets.data?.find((preset) => preset.isDefault);
  const np = useNewProject(defaultPreset?.id);
  const busy = np.phase.kind === 'uploading' || np.phase.kind === 'following';
  const { form, fieldErrors: errors } = np;
  // "New project from another file" sends focus to the file input (the form is usable then).
  const fileInput = useRef<HTMLInputElement>(null);

  return (
    <main className="page new-project">
      <h1>New project</h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void np.submit();
        }}
      >
        <fieldset disabled={busy}>
          <FileDropZone
            file={form.file}
            onFile={np.chooseFile}
            error={errors.file}
            inputRef={fileInput}
          />
          <label>
            Title
            <input
              type="text"
              value={form.title}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? 'title-error' : undefined}
              onChange={(event) => np.update({ title: event.target.value })}
            />
          </label>
          {errors.title && (
            <p id="title-error" className="error-text">
              {errors.title}
            </p>
          )}
          <label>
            Artists
            <input
              type="text"
              value={form.artists}
              placeholder="Separate several with commas"
              aria-invalid={errors.artists ? true : undefined}
              onChange={(event) => np.update({ artists: event.target.value })}
            />
          </label>
          {errors.artists && <p className="error-text">{errors.artists}</p>}
          <label>
            Lyrics
            <textarea
              rows={8}
              value={form.lyrics}
              placeholder="Paste the lyrics, one line per sung line. Leave empty to transcribe."
              onChange={(event) => np.update({ lyrics: event.target.value })}
            />
          </label>
          {errors.lyrics && <p className="error-text">{errors.lyrics}</p>}
          <div className="form-row">
            <StemModelSelect
              value={form.stemModel}
              onChange={(stemModel) => np.update({ stemModel })}
            />
            <PresetSelect
              presets={presets}
              value={form.presetId ?? defaultPreset?.id ?? ''}
              onChange={(presetId) => np.update({ presetId })}
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="primary">
              {np.phase.kind === 'uploading'
                ? 'Uploading…'
                : np.phase.kind === 'following'
                  ? 'Preparing…'
                  : 'Create project'}
            </button>
          </div>
        </fieldset>
      </form>
      {np.phase.kind === 'uploading' && np.progress && (
        <UploadProgress progress={np.progress} onCancel={np.cancel} />
      )}
      {np.cancelled && (
        <p className="notice notice-warn" role="status">
          Upload cancelled. Your entries are kept: create the project again when ready.
        </p>
      )}
      {np.error !== null && (
        <ErrorNotice
          error={np.error}
          action={
            np.error instanceof ApiError && np.error.status === 413
              ? 'This file is too large to upload'
              : 'The project was not created'
          }
        />
      )}
      {(np.phase.kind === 'following' || np.phase.kind === 'failed') && (
        <CreateTaskProgress
          taskId={np.phase.taskId}
          projectId={np.phase.projectId}
          startedAt={np.phase.startedAt}
          onEditAgain={np.editAgain}
          onAnotherFile={() => {
            np.anotherFile();
            // The input forgets the old file too, so choosing it again would still register.
            if (fileInput.current) {
              fileInput.current.value = '';
              fileInput.current.focus();
            }
          }}
          onFailed={np.failed}
        />
      )}
    </main>
  );
}
