import type { TaskListEntry } from '../../contract';
import { isTerminalStatus } from '../../contract';
import { formatDate } from '../../components/format';
import { StatusBadge } from '../../components/status-badge';
import { elapsedText, TASK_TYPE_NAMES } from './task-labels';
import { useNow } from '../../components/use-now';

export function TasksTable({ tasks }: { tasks: readonly TaskListEntry[] }) {
  const now = useNow(tasks.some((task) => !isTerminalStatus(task.status)));
  return (
    <table className="data" aria-label="Tasks">
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Status</th>
          <th scope="col">Created</th>
          <th scope="col">Updated</th>
          <th scope="col">Elapsed</th>
          <th scope="col">Error</th>
        </tr>
      </thead>
      <tbody>
        {tasks.map((task) => (
          <tr key={task.id}>
            <td>{TASK_TYPE_NAMES[task.type]}</td>
            <td>
              <StatusBadge status={task.status} />
            </td>
            <td>{formatDate(task.createdAt)}</td>
            <td>{formatDate(task.updatedAt)}</td>
            <td>{elapsedText(task, now)}</td>
            <td className={task.error ? 'error-text' : 'muted'}>{task.error ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
