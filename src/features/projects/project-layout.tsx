import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, useParams } from 'react-router';
import { projectQuery, useApiClient } from '../../api';
import { ErrorNotice } from '../../components/error-notice';
import { ProjectHeader } from './project-header';
import './projects.css';

/** The project page: header (title and artists, editable), the tabs, and the tab's content. */
export function ProjectLayout() {
  const { projectId = '' } = useParams();
  const project = useQuery(projectQuery(useApiClient(), projectId));
  const base = `/projects/${encodeURIComponent(projectId)}`;
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
