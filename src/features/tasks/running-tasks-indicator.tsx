import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { taskQuery, useApiClient, useTaskWatch } from '../../api';
import { isTerminalStatus } from '../../contract';
import './tasks.css';

/**
 * Counts the running tasks seen in this session, across projects. It also keeps polling them, so a
 * task started on one page still ends (and raises its notice) after the user moves on.
 */
export function RunningTasksIndicator() {
  const client = useApiClient();
  const watched = useTaskWatch((state) => state.tasks);
  const running = useMemo(
    () => Object.values(watched).filter((task) => !isTerminalStatus(task.status)),
    [watched],
  );
  useQueries({
    queries: running.map((task) => taskQuery(client, task.taskId, task.projectId)),
  });
  if (running.length === 0) return null;
  const label = `${running.length} task${running.length === 1 ? '' : 's'} running`;
  return (
    <span className="running-tasks" role="status" aria-label={label} title={label}>
      <span className="spinner" aria-hidden="true" />{' '}
      <span className="badge">{running.length}</span> running
    </span>
  );
}
