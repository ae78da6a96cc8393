import {
  TITLE_MIN_LENGTH,
  type CreateProject,
  type ProblemFieldError,
  type StemModel,
} from '../../contract';
import { parseArtists, titleFromFileName } from '../../components/format';

export interface NewProjectForm {
  file: File | null;
  title: string;
  artists: string;
  lyrics: string;
  stemModel: StemModel | '';
  /** null: the account's default preset; '' : no preset (the service's style). */
  presetId: string | null;
}

export const emptyForm = (): NewProjectForm => ({
  file: null,
  title: '',
  artists: '',
  lyrics: '',
  stemModel: '',
  presetId: null,
});

export type FieldErrors = Partial<Record<'file' | 'title' | 'artists' | 'lyrics', string>>;

const TITLE_MAX_LENGTH = 300;

/** Checks what the service would reject before spending an upload on it. */
export function validateNewProject(form: NewProjectForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.file) errors.file = 'Choose an audio or video file.';
  else if (form.file.size === 0) errors.file = 'This file is empty.';
  const title = form.title.trim();
  if (title.length < TITLE_MIN_LENGTH)
    errors.title = `A title has at least ${TITLE_MIN_LENGTH} characters.`;
  else if (title.length > TITLE_MAX_LENGTH)
    errors.title = `A title has at most ${TITLE_MAX_LENGTH} characters.`;
  const artists = parseArtists(form.artists);
  if (artists.length > 50) errors.artists = 'At most 50 artists.';
  else if (artists.some((a) => a.length > 300)) errors.artists = 'An artist name is too long.';
  return errors;
}

/** The body of POST /projects, without the uploaded file's id. */
export function toCreateProject(
  form: NewProjectForm,
  defaultPresetId: string | undefined,
): Omit<CreateProject, 'inputFileId'> {
  const artists = parseArtists(form.artists);
  const presetId = form.presetId ?? defaultPresetId;
  return {
    kind: 'karaoke',
    title: form.title.trim(),
    ...(artists.length > 0 ? { artists } : {}),
    ...(form.lyrics.trim() ? { lyricsSource: { type: 'transcribe', lyrics: form.lyrics } } : {}),
    ...(presetId ? { presetId } : {}),
    ...(form.stemModel ? { stemModel: form.stemModel } : {}),
  };
}

/** The service's field errors (`title`, `body.title`, `artists.2`) by form field. */
export function fieldErrorsFromProblem(errors: readonly ProblemFieldError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) {
    const field = error.path.split('.').find((part) => part !== 'body');
    const message = sentence(error.message);
    if (field === 'title' || field === 'artists') out[field] ??= message;
    else if (field === 'lyricsSource') out.lyrics ??= message;
    else if (field === 'inputFileId') out.file ??= message;
  }
  return out;
}

const sentence = (text: string) => {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/** The form with a new file; the title follows the file unless the user typed their own. */
export function withFile(form: NewProjectForm, file: File): NewProjectForm {
  const suggested = form.file ? titleFromFileName(form.file.name) : '';
  const title =
    form.title === '' || form.title === suggested ? titleFromFileName(file.name) : form.title;
  return { ...form, file, title };
}

/** The form with its file taken out, and the title that file suggested. */
export function withoutFile(form: NewProjectForm): NewProjectForm {
  const suggested = form.file ? titleFromFileName(form.file.name) : '';
  return { ...form, file: null, title: form.title === suggested ? '' : form.title };
}

/** The errors left once the fields of `patch` were edited. */
export function errorsAfterEdit(errors: FieldErrors, patch: Partial<NewProjectForm>): FieldErrors {
  const next = { ...errors };
  for (const key of Object.keys(patch)) delete next[key as keyof FieldErrors];
  return next;
}
