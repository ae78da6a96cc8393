import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { taskQuery, useApiClient } from '../../api';
import { isTerminalStatus } from '../../contract';
import { ErrorNotice } from '../../components/error-notice';
import { useNow } from '../tasks/use-now';
import { StatusBadge } from '../tasks/status-badge';
import { formatDuration } from './format';

/** Follows the create task until it ends; then opens the editor, or shows the task's error. */
export function CreateTaskProgress({
  taskId,
  projectId,
  startedAt,
  onEditAgain,
}: {
  taskId: string;
  projectId: string;
  startedAt: number;
  onEditAgain: () => void;
}) {
  const task = useQuery(taskQuery(useApiClient(), taskId, projectId));
  const navigate = useNavigate();
  const status = task.data?.status;
  const ended = status !== undefined && isTerminalStatus(status);
  const now = useNow(!ended);
  useEffect(() => {
    if (status === 'completed' || status === 'finalized')
      void navigate(`/projects/${encodeURIComponent(projectId)}`);
  }, [status, projectId, navigate]);

  if (task.isError)
    return (
      <ErrorNotice
        error={task.error}
        action="Could not follow the project's task"
        onRetry={() => void task.refetch()}
      />
    );
  const failed = ended && status !== 'completed' && status !== 'finalized';
  return (
    <section className={`notice ${failed ? 'notice-error' : ''}`} aria-label="Project creation">
      <p>
        Preparing the project (separating the vocals and syncing the lyrics):{' '}
        {status ? <StatusBadge status={status} /> : 'starting…'}{' '}
        {!ended && (
          <span className="muted">{formatDuration((now - startedAt) / 1000)} elapsed</span>
        )}
      </p>
      {failed && (
        <div role="alert">
          <p>
            <strong>The project could not be prepared.</strong>{' '}
            {task.data?.error ?? 'The service gave no reason.'}
          </p>
          <p>
            Your entries are kept below.{' '}
            <Link to={`/projects/${projectId}/tasks`}>See its tasks</Link> or{' '}
            <button type="button" onClick={onEditAgain}>
              Edit and try again
            </button>
          </p>
        </div>
      )}
    </section>
  );
}
