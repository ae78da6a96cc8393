import { useRef, useState } from 'react';
import { ApiError, isAbortError, useCreateProject, type UploadProgress } from '../../api';
import {
  emptyForm,
  fieldErrorsFromProblem,
  toCreateProject,
  validateNewProject,
  type FieldErrors,
  type NewProjectForm,
} from './new-project-form';
import { titleFromFileName } from '../../components/format';

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
  const create = useCreateProject();
  const [form, setForm] = useState<NewProjectForm>(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  const update = (patch: Partial<NewProjectForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setFieldErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof FieldErrors];
      return next;
    });
  };

  const chooseFile = (file: File) => {
    setForm((current) => {
      const suggested = current.file ? titleFromFileName(current.file.name) : '';
      // Replace the title only when the user has not typed their own.
      const title =
        current.title === '' || current.title === suggested
          ? titleFromFileName(file.name)
          : current.title;
      return { ...current, file, title };
    });
    setFieldErrors((current) => ({ ...current, file: undefined, title: undefined }));
    setError(null);
  };

  const submit = async () => {
    const errors = validateNewProject(form);
    setFieldErrors(errors);
    setError(null);
    setCancelled(false);
    if (Object.keys(errors).length > 0 || !form.file) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ loaded: 0, total: form.file.size, bytesPerSecond: 0, secondsLeft: null });
    setPhase({ kind: 'uploading' });
    const startedAt = Date.now();
    try {
      const started = await create.mutateAsync({
        file: form.file,
        project: toCreateProject(form, defaultPresetId),
        onProgress: setProgress,
        signal: controller.signal,
      });
      setPhase({
        kind: 'following',
        taskId: started.taskId,
        projectId: started.projectId,
        startedAt,
      });
    } catch (caught) {
      setPhase({ kind: 'editing' });
      if (isAbortError(caught) || controller.signal.aborted) {
        setCancelled(true);
        setProgress(null);
        return;
      }
      if (caught instanceof ApiError) setFieldErrors(fieldErrorsFromProblem(caught.fieldErrors));
      setError(caught);
    } finally {
      abortRef.current = null;
    }
  };

  const cancel = () => abortRef.current?.abort(new DOMException('Upload cancelled', 'AbortError'));

  /** After a failed task: back to the (still filled) form. */
  const editAgain = () => {
    setPhase({ kind: 'editing' });
    setProgress(null);
  };

  /** The task ended badly: the form is usable again, its failure stays shown. */
  const failed = () =>
    setPhase((current) =>
      current.kind === 'following' ? { ...current, kind: 'failed' } : current,
    );

  /**
   * After a failed task: the same entries with the file taken out (and its suggested title), so
   * the next step is choosing another one.
   */
  const anotherFile = () => {
    setForm((current) => {
      const suggested = current.file ? titleFromFileName(current.file.name) : '';
      return { ...current, file: null, title: current.title === suggested ? '' : current.title };
    });
    editAgain();
  };

  return {
    form,
    update,
    chooseFile,
    fieldErrors,
    phase,
    progress,
    error,
    cancelled,
    submit,
    cancel,
    editAgain,
    failed,
    anotherFile,
  };
}
