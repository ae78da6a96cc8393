import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { taskQuery, useApiClient } from '../../api';
import { isTerminalStatus } from '../../contract';
import { ErrorNotice } from '../../components/error-notice';
import { useNow } from '../../components/use-now';
import { StatusBadge } from '../../components/status-badge';
import { formatDuration } from '../../components/format';
import { readableReason } from './project-failure';

/**
 * Follows the create task until it ends; then opens the editor, or shows the task's error with
 * the next steps (another file, or the same entries again) and tells the form (`onFailed`).
 */
export function CreateTaskProgress({
  taskId,
  projectId,
  startedAt,
  onEditAgain,
  onAnotherFile,
  onFailed,
}: {
  taskId: string;
  projectId: string;
  startedAt: number;
  onEditAgain: () => void;
  onAnotherFile: () => void;
  onFailed: () => void;
}) {
  const task = useQuery(taskQuery(useApiClient(), taskId, projectId));
  const navigate = useNavigate();
  const status = task.data?.status;
  const ended = status !== undefined && isTerminalStatus(status);
  const now = useNow(!ended);
  const failed = ended && status !== 'completed' && status !== 'finalized';
  useEffect(() => {
    if (status === 'completed' || status === 'finalized')
      void navigate(`/projects/${encodeURIComponent(projectId)}`);
  }, [status, projectId, navigate]);
  useEffect(() => {
    if (failed) onFailed();
    // Once per failure: the callback's identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);

  if (task.isError)
    return (
      <ErrorNotice
        error={task.error}
        action="Could not follow the project's task"
        onRetry={() => void task.refetch()}
      />
    );
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
            <strong>The project could not be prepared.</strong> {readableReason(task.data?.error)}
          </p>
          <p>Your entries are kept in the form above.</p>
          <p className="form-actions">
            <button type="button" className="primary" onClick={onAnotherFile}>
              New project from another file
            </button>
            <button type="button" onClick={onEditAgain}>
              Edit and try again
            </button>
            <Link to={`/projects/${encodeURIComponent(projectId)}/tasks`}>See its tasks</Link>
          </p>
        </div>
      )}
    </section>
  );
}
