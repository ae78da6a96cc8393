import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useParams } from 'react-router';
import { projectQuery, useApiClient } from '../../api';
import { ErrorNotice } from '../../components/error-notice';
import { projectFailure } from './project-failure';
import { ProjectFailureNotice } from './project-failure-notice';
import { ProjectHeader } from './project-header';
import './projects.css';

/**
 * The project page: header (title and artists, editable), a failure notice when the project's
 * audio could not be read, the tabs, and the tab's content.
 */
export function ProjectLayout() {
  const { projectId = '' } = useParams();
  const project = useQuery(projectQuery(useApiClient(), projectId));
  const base = `/projects/${encodeURIComponent(projectId)}`;
  const failure = project.data ? projectFailure(project.data) : null;
  return (
    <div className="project-layout">
      <div className="project-header">
        {project.isPending ? (
          <p className="muted" role="status">
            Loading the project…
          </p>
        ) : project.isError ? (
          <ErrorNotice
            error={project.error}
            action="Could not load this project"
            onRetry={() => void project.refetch()}
          />
        ) : (
          <ProjectHeader project={project.data} />
        )}
      </div>
      {failure && <ProjectFailureNotice failure={failure} projectId={projectId} />}
      <nav aria-label="Project" className="tabs">
        <NavLink end to={base}>
          Editor
        </NavLink>
        <NavLink to={`${base}/tasks`}>Tasks</NavLink>
        <NavLink to={`${base}/exports`}>Exports</NavLink>
        <NavLink to={`${base}/settings`}>Settings</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
