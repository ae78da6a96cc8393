import { useRef, useState } from 'react';
import { ApiError, isAbortError, useCreateProject, type UploadProgress } from '../../api';
import type { CreateProject } from '../../contract';
import { emptyForm, errorsAfterEdit, withFile, withoutFile } from './new-project-form';
import { fieldErrorsFromProblem, toCreateProject, validateNewProject } from './new-project-form';
import type { FieldErrors, NewProjectForm } from './new-project-form';

export type Phase =
  | { kind: 'editing' }
  | { kind: 'uploading' }
  | { kind: 'following'; taskId: string; projectId: string; startedAt: number }
  /** The create task ended without a project to edit: the form is usable again. */
  | { kind: 'failed'; taskId: string; projectId: string; startedAt: number };

/**
 * The new-project form and its submission: upload with progress and cancel, then follow the task.
 * The form state lives here and is never cleared by an error, so nothing typed is lost.
 */
export function useNewProject(defaultPresetId: string | undefined) {
  const upload = useCreateUpload();
  const [form, setForm] = useState<NewProjectForm>(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const update = (patch: Partial<NewProjectForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setFieldErrors((current) => errorsAfterEdit(current, patch));
  };
  const chooseFile = (file: File) => {
    setForm((current) => withFile(current, file));
    setFieldErrors((current) => ({ ...current, file: undefined, title: undefined }));
    upload.setError(null);
  };
  const submit = async () => {
    const errors = validateNewProject(form);
    setFieldErrors(errors);
    upload.setError(null);
    upload.setCancelled(false);
    if (Object.keys(errors).length > 0 || !form.file) return;
    const refused = await upload.start(form.file, toCreateProject(form, defaultPresetId));
    if (refused) setFieldErrors(refused);
  };
  /**
   * After a failed task: the same entries with the file taken out (and its suggested title), so
   * the next step is choosing another one.
   */
  const anotherFile = () => {
    setForm(withoutFile);
    upload.editAgain();
  };
  return { ...upload, form, update, chooseFile, fieldErrors, submit, anotherFile };
}

/** The upload and create request, its progress and cancel, then the task to follow. */
function useCreateUpload() {
  const create = useCreateProject();
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  /** Resolves the service's field errors when it refused the project, else null. */
  const start = async (
    file: File,
    project: Omit<CreateProject, 'inputFileId'>,
  ): Promise<FieldErrors | null> => {
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ loaded: 0, total: file.size, bytesPerSecond: 0, secondsLeft: null });
    setPhase({ kind: 'uploading' });
    const startedAt = Date.now();
    try {
      const { taskId, projectId } = await create.mutateAsync({
        file,
        project,
        onProgress: setProgress,
        signal: controller.signal,
      });
      setPhase({ kind: 'following', taskId, projectId, startedAt });
      return null;
    } catch (caught) {
      setPhase({ kind: 'editing' });
      if (isAbortError(caught) || controller.signal.aborted) {
        setCancelled(true);
        setProgress(null);
        return null;
      }
      setError(caught);
      return caught instanceof ApiError ? fieldErrorsFromProblem(caught.fieldErrors) : null;
    } finally {
      abortRef.current = null;
    }
  };

  return {
    phase,
    progress,
    error,
    setError,
    cancelled,
    setCancelled,
    start,
    cancel: () => abortRef.current?.abort(new DOMException('Upload cancelled', 'AbortError')),
    /** After a failed task: back to the (still filled) form. */
    editAgain: () => {
      setPhase({ kind: 'editing' });
      setProgress(null);
    },
    /** The task ended badly: the form is usable again, its failure stays shown. */
    failed: () =>
      setPhase((current) =>
        current.kind === 'following' ? { ...current, kind: 'failed' } : current,
      ),
  };
}
