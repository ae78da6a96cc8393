import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { projectQuery, queryKeys, useApiClient, useTaskWatch, type TaskNotice } from '../../api';
import { StatusBadge } from '../../components/status-badge';
import { taskResult, TASK_TYPE_NAMES } from './task-labels';
import './tasks.css';

/** Announces tasks that ended in this session, each naming the task and linking to its result. */
export function TaskNotices() {
  const notices = useTaskWatch((state) => state.notices);
  if (notices.length === 0) return null;
  return (
    <section className="task-notices" aria-label="Task notices" aria-live="polite">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </section>
  );
}

function NoticeItem({ notice }: { notice: TaskNotice }) {
  const project = useQuery(projectQuery(useApiClient(), notice.projectId));
  const queryClient = useQueryClient();
  // The notice may come from the single-task poll, ahead of the project's task list: refresh the
  // list so the panel does not show the task as still running next to its "completed" notice.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.projectTasks(notice.projectId) });
  }, [queryClient, notice.projectId, notice.id]);
  const dismiss = (id: string) => useTaskWatch.getState().dismiss(id);
  const ok = notice.status === 'completed' || notice.status === 'finalized';
  const result = taskResult(notice.projectId, notice.type, notice.status, notice.taskId);
  const name = TASK_TYPE_NAMES[notice.type];
  const where = project.data ? ` for “${project.data.title}”` : '';
  return (
    <div className={`notice ${ok ? 'notice-ok' : 'notice-error'}`} role="status">
      <span>
        {name}
        {where}: <StatusBadge status={notice.status} />
      </span>
      <Link to={result.path} onClick={() => dismiss(notice.id)}>
        {result.label}
      </Link>
      <button
        type="button"
        aria-label={`Dismiss the ${name.toLowerCase()} notice`}
        onClick={() => dismiss(notice.id)}
      >
        Dismiss
      </button>
    </div>
  );
}
