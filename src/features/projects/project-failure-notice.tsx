import { useId } from 'react';
import { Link } from 'react-router';
import type { ProjectFailure } from './project-failure';

/**
 * A project whose audio could not be read: what happened, the service's reason, and the next
 * step (a new project from another file). Shown on every tab of the project page.
 */
export function ProjectFailureNotice({
  failure,
  projectId,
}: {
  failure: ProjectFailure;
  projectId: string;
}) {
  const titleId = useId();
  return (
    <section className="notice notice-error project-failure" aria-labelledby={titleId}>
      <h2 id={titleId}>{failure.title}</h2>
      <p>{failure.reason}</p>
      <p>
        Without the song&apos;s audio nothing can be synced or edited here. Start again from another
        file; this project stays in your list until you no longer need it.
      </p>
      <p className="form-actions">
        <Link className="button primary" to="/projects/new">
          New project from another file
        </Link>
        <Link to={`/projects/${encodeURIComponent(projectId)}/tasks`}>See its tasks</Link>
      </p>
    </section>
  );
}
