import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { projectQuery, projectTasksQuery, useApiClient } from '../../api';
import { EmptyState } from '../../components/empty-state';
import { QueryView } from '../../components/query-view';
import { projectFailure } from '../projects/project-failure';
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
  // No audio could be read: a sync or a separation cannot work (the project page says why).
  const noAudio = project.data ? projectFailure(project.data) !== null : false;
  const noAudioId = useId();
  const close = () => setOpen('none');
  const done = (what: string) => () => {
    setOpen('none');
    setStarted(what);
  };

  return (
    <main className="page tasks-page">
      <TaskButtons
        open={open}
        onOpen={setOpen}
        syncDisabled={!project.data || noAudio}
        noAudioId={noAudio ? noAudioId : undefined}
      />
      {noAudio && (
        <p id={noAudioId} className="muted">
          A lyrics sync and a stem separation need the song&apos;s audio, which could not be read
          for this project.
        </p>
      )}
      {open === 'sync' && project.data && !noAudio && (
        <LyricsSyncForm
          projectId={projectId}
          initialLyrics={project.data.lyrics ?? ''}
          onDone={done('A lyrics sync was started.')}
          onClose={close}
        />
      )}
      {open === 'stems' && !noAudio && (
        <StemSeparationForm
          projectId={projectId}
          onDone={done('A stem separation was started.')}
          onClose={close}
        />
      )}
      {started && open === 'none' && (
        <p className="notice notice-ok" role="status">
          {started} Its progress shows below; you may leave this page.
        </p>
      )}
      <QueryView
        query={tasks}
        loading="Loading tasks…"
        failed="Could not load the tasks"
        empty={
          <EmptyState title="No tasks yet">
            <p>Start a lyrics sync or a stem separation with the buttons above.</p>
          </EmptyState>
        }
      >
        {(data) => <TasksTable tasks={data} />}
      </QueryView>
      {project.data && <ProjectResults project={project.data} />}
      <p>
        <Link to={`/projects/${encodeURIComponent(projectId)}`}>Open the editor</Link>
      </p>
    </main>
  );
}

/** The panel's heading and the buttons that open (or close) its two task forms. */
function TaskButtons({
  open,
  onOpen,
  syncDisabled,
  noAudioId,
}: {
  open: Open;
  onOpen: (open: Open) => void;
  syncDisabled: boolean;
  /** The note that says why no task can start (no audio), when there is one. */
  noAudioId: string | undefined;
}) {
  return (
    <div className="task-actions">
      <h2>Tasks</h2>
      <button
        type="button"
        aria-expanded={open === 'sync'}
        onClick={() => onOpen(open === 'sync' ? 'none' : 'sync')}
        disabled={syncDisabled}
        aria-describedby={noAudioId}
      >
        Sync lyrics…
      </button>
      <button
        type="button"
        aria-expanded={open === 'stems'}
        onClick={() => onOpen(open === 'stems' ? 'none' : 'stems')}
        disabled={noAudioId !== undefined}
        aria-describedby={noAudioId}
      >
        Separate stems…
      </button>
    </div>
  );
}
