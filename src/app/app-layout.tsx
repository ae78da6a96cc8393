import { NavLink, Outlet } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { RunningTasksIndicator } from '../features/tasks/running-tasks-indicator';
import { TaskNotices } from '../features/tasks/task-notices';
import { useSession } from '../api/session-context';

export function AppLayout() {
  const { account, signOut } = useSession();
  return (
    <div className="app">
      <header className="app-header">
        <NavLink to="/" className="brand">
          Karaoke Timing Studio
        </NavLink>
        <nav aria-label="Main" className="main-nav">
          <NavLink to="/" end>
            Projects
          </NavLink>
          <NavLink to="/presets">Presets</NavLink>
          <NavLink to="/media">Media</NavLink>
          <NavLink to="/account">Account</NavLink>
        </nav>
        <div className="header-end">
          <RunningTasksIndicator />
          <span className="muted account-email" title="Signed in as">
            {account.email}
          </span>
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <ErrorBoundary>
        <Outlet />
      </ErrorBoundary>
      <TaskNotices />
    </div>
  );
}
