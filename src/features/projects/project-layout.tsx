import { NavLink, Outlet, useParams } from 'react-router';

/** Placeholder: the project header (title, artists, tabs) is filled by the projects issue. */
export function ProjectLayout() {
  const { projectId = '' } = useParams();
  return (
    <div className="project-layout">
      <nav aria-label="Project" className="tabs">
        <NavLink end to={`/projects/${projectId}`}>
          Editor
        </NavLink>
        <NavLink to={`/projects/${projectId}/tasks`}>Tasks</NavLink>
        <NavLink to={`/projects/${projectId}/exports`}>Exports</NavLink>
        <NavLink to={`/projects/${projectId}/settings`}>Settings</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
