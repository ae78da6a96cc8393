import { useQuery } from '@tanstack/react-query';
import { useRef, type RefObject } from 'react';
import { ApiError, presetsQuery, useApiClient } from '../../api';
import { ErrorNotice } from '../../components/error-notice';
import { CreateTaskProgress } from './create-task-progress';
import { FileDropZone } from './file-drop-zone';
import { PresetSelect } from './preset-select';
import { StemModelSelect } from './stem-model-select';
import { TitleArtistsFields } from './text-field';
import { UploadProgress } from './upload-progress';
import { useNewProject } from './use-new-project';
import './projects.css';

type NewProject = ReturnType<typeof useNewProject>;

export function NewProjectPage() {
  const presets = useQuery(presetsQuery(useApiClient()));
  const defaultPreset = presets.data?.find((preset) => preset.isDefault);
  const np = useNewProject(defaultPreset?.id);
  const { phase } = np;
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
        <fieldset disabled={phase.kind === 'uploading' || phase.kind === 'following'}>
          <NewProjectFields np={np} fileInput={fileInput} />
          <div className="form-row">
            <StemModelSelect
              value={np.form.stemModel}
              onChange={(stemModel) => np.update({ stemModel })}
            />
            <PresetSelect
              presets={presets}
              value={np.form.presetId ?? defaultPreset?.id ?? ''}
              onChange={(presetId) => np.update({ presetId })}
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="primary">
              {phase.kind === 'uploading'
                ? 'Uploading…'
                : phase.kind === 'following'
                  ? 'Preparing…'
                  : 'Create project'}
            </button>
          </div>
        </fieldset>
      </form>
      <AfterSubmit
        np={np}
        onAnotherFile={() => {
          np.anotherFile();
          // The input forgets the old file too, so choosing it again would still register.
          if (fileInput.current) {
            fileInput.current.value = '';
            fileInput.current.focus();
          }
        }}
      />
    </main>
  );
}

/** The file, title, artists and lyrics, each with its error. */
function NewProjectFields({
  np,
  fileInput,
}: {
  np: NewProject;
  fileInput: RefObject<HTMLInputElement | null>;
}) {
  const { form, fieldErrors: errors } = np;
  return (
    <>
      <FileDropZone
        file={form.file}
        onFile={np.chooseFile}
        error={errors.file}
        inputRef={fileInput}
      />
      <TitleArtistsFields
        values={form}
        onChange={(field, value) =>
          np.update(field === 'title' ? { title: value } : { artists: value })
        }
        errors={errors}
        titleErrorId="title-error"
      />
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
    </>
  );
}

/** The upload's progress, a cancelled upload, a refusal, then the create task's progress. */
function AfterSubmit({
  np,
  onAnotherFile,
}: {
  np: NewProject;
  /** "New project from another file" after a failed task. */
  onAnotherFile: () => void;
}) {
  const { phase, error } = np;
  return (
    <>
      {phase.kind === 'uploading' && np.progress && (
        <UploadProgress progress={np.progress} onCancel={np.cancel} />
      )}
      {np.cancelled && (
        <p className="notice notice-warn" role="status">
          Upload cancelled. Your entries are kept: create the project again when ready.
        </p>
      )}
      {error !== null && (
        <ErrorNotice
          error={error}
          action={
            error instanceof ApiError && error.status === 413
              ? 'This file is too large to upload'
              : 'The project was not created'
          }
        />
      )}
      {(phase.kind === 'following' || phase.kind === 'failed') && (
        <CreateTaskProgress
          taskId={phase.taskId}
          projectId={phase.projectId}
          startedAt={phase.startedAt}
          onEditAgain={np.editAgain}
          onAnotherFile={onAnotherFile}
          onFailed={np.failed}
        />
      )}
    </>
  );
}
