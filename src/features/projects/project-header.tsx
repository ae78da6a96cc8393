import { useState } from 'react';
import { ApiError, usePatchProject } from '../../api';
import type { Project } from '../../contract';
import { ErrorNotice } from '../../components/error-notice';
import { fieldErrorsFromProblem, type FieldErrors } from './new-project-form';
import { parseArtists } from '../../components/format';
import { TitleArtistsFields } from './text-field';

/**
 * Title and artists, edited in place. The service validates (its field errors are shown at the
 * field) so the rules live in one place; the entries stay as typed after an error.
 */
export function ProjectHeader({ project }: { project: Project }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <ProjectHeaderForm project={project} onDone={() => setEditing(false)} />;
  return (
    <div className="project-heading">
      <div>
        <h1>{project.title}</h1>
        <p className="muted">
          {project.artists.length > 0 ? project.artists.join(', ') : 'No artists given'}
        </p>
      </div>
      <button type="button" onClick={() => setEditing(true)}>
        Edit title and artists
      </button>
    </div>
  );
}

/** The form opened by "Edit title and artists": starts from the project's own values. */
function ProjectHeaderForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const patch = usePatchProject(project.id);
  const [title, setTitle] = useState(project.title);
  const [artists, setArtists] = useState(project.artists.join(', '));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = () => {
    setErrors({});
    patch.mutate(
      { title, artists: parseArtists(artists) },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError) setErrors(fieldErrorsFromProblem(error.fieldErrors));
        },
      },
    );
  };
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
      <TitleArtistsFields
        values={{ title, artists }}
        onChange={(field, value) => (field === 'title' ? setTitle : setArtists)(value)}
        errors={errors}
        titleErrorId="project-title-error"
        alert
      />
      {unplaced && <ErrorNotice error={patch.error} action="Not saved" />}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={patch.isPending}>
          {patch.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
