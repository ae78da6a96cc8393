import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { projectQuery, projectTasksQuery, useApiClient } from '../../api';
import { EmptyState } from '../../components/empty-state';
import { ErrorNotice } from '../../components/error-notice';
import { Loading } from '../../components/loading';
import { LyricsSyncForm } from './lyrics-sync-form';
import { ProjectResults } from './project-results';
import { StemSeparationForm } from './stem-separation-form';
import { TasksTable } from './tasks-table';
import './tasks.css';

type Open = 'none' | 'sync' | 'stems';

/** The project's tasks, newest first, polled while any runs; starts a sync or a separation. */
export function ProjectTasksPage() {
  const { projectId = '' } = useParams();
  const client = useApiClient();
  const tasks = useQuery(projectTasksQuery(client, projectId));
  const project = useQuery(projectQuery(client, projectId));
  const [open, setOpen] = useState<Open>('none');
  const [started, setStarted] = useState<string | null>(null);
  const done = (what: string) => () => {
    setOpen('none');
    setStarted(what);
  };

  return (
    <main className="page tasks-page">
      <div className="task-actions">
        <h2>Tasks</h2>
        <button
          type="button"
          aria-expanded={open === 'sync'}
          onClick={() => setOpen(open === 'sync' ? 'none' : 'sync')}
          disabled={!project.data}
        >
          Sync lyrics…
        </button>
        <button
          type="button"
          aria-expanded={open === 'stems'}
          onClick={() => setOpen(open === 'stems' ? 'none' : 'stems')}
        >
          Separate stems…
        </button>
      </div>
      {open === 'sync' && project.data && (
        <LyricsSyncForm
          projectId={projectId}
          initialLyrics={project.data.lyrics ?? ''}
          onDone={done('A lyrics sync was started.')}
        />
      )}
      {open === 'stems' && (
        <StemSeparationForm projectId={projectId} onDone={done('A stem separation was started.')} />
      )}
      {started && open === 'none' && (
        <p className="notice notice-ok" role="status">
          {started} Its progress shows below; you may leave this page.
        </p>
      )}
      {tasks.isPending ? (
        <Loading label="Loading tasks…" />
      ) : tasks.isError ? (
        <ErrorNotice
          error={tasks.error}
          action="Could not load the tasks"
          onRetry={() => void tasks.refetch()}
        />
      ) : tasks.data.length === 0 ? (
        <EmptyState title="No tasks yet">
          <p>Start a lyrics sync or a stem separation with the buttons above.</p>
        </EmptyState>
      ) : (
        <TasksTable tasks={tasks.data} />
      )}
      {project.data && <ProjectResults project={project.data} />}
      <p>
        <Link to={`/projects/${encodeURIComponent(projectId)}`}>Open the editor</Link>
      </p>
    </main>
  );
}
