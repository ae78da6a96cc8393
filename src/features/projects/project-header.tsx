import { useState } from 'react';
import { ApiError, usePatchProject } from '../../api';
import type { Project } from '../../contract';
import { ErrorNotice } from '../../components/error-notice';
import { fieldErrorsFromProblem, type FieldErrors } from './new-project-form';
import { parseArtists } from '../../components/format';

/**
 * Title and artists, edited in place. The service validates (its field errors are shown at the
 * field) so the rules live in one place; the entries stay as typed after an error.
 */
export function ProjectHeader({ project }: { project: Project }) {
  const patch = usePatchProject(project.id);
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(project.title);
  const [artists, setArtists] = useState(project.artists.join(', '));
  const [errors, setErrors] = useState<FieldErrors>({});

  const start = () => {
    setTitle(project.title);
    setArtists(project.artists.join(', '));
    setErrors({});
    patch.reset();
    setEditing(true);
  };
  const save = () => {
    setErrors({});
    patch.mutate(
      { title, artists: parseArtists(artists) },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => {
          if (error instanceof ApiError) setErrors(fieldErrorsFromProblem(error.fieldErrors));
        },
      },
    );
  };

  if (!editing)
    return (
      <div className="project-heading">
        <div>
          <h1>{project.title}</h1>
          <p className="muted">
            {project.artists.length > 0 ? project.artists.join(', ') : 'No artists given'}
          </p>
        </div>
        <button type="button" onClick={start}>
          Edit title and artists
        </button>
      </div>
    );

  const unplaced = patch.isError && Object.keys(errors).length === 0;
  return (
    <form
      className="project-heading-form"
      aria-label="Title and artists"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label>
        Title
        <input
          type="text"
          value={title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'project-title-error' : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
      {errors.title && (
        <p id="project-title-error" className="error-text" role="alert">
          {errors.title}
        </p>
      )}
      <label>
        Artists
        <input
          type="text"
          value={artists}
          placeholder="Separate several with commas"
          aria-invalid={errors.artists ? true : undefined}
          onChange={(event) => setArtists(event.target.value)}
        />
      </label>
      {errors.artists && (
        <p className="error-text" role="alert">
          {errors.artists}
        </p>
      )}
      {unplaced && <ErrorNotice error={patch.error} action="Not saved" />}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={patch.isPending}>
          {patch.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
