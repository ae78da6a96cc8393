import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { projectQuery, useApiClient, useTaskWatch, type TaskNotice } from '../../api';
import { StatusBadge } from './status-badge';
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
  const dismiss = (id: string) => useTaskWatch.getState().dismiss(id);
  const ok = notice.status === 'completed' || notice.status === 'finalized';
  const result = taskResult(notice.projectId, notice.type, notice.status);
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
