import type { TaskListEntry } from '../../contract';
import { isTerminalStatus } from '../../contract';
import { DataTable } from '../../components/data-table';
import { formatDate } from '../../components/format';
import { StatusBadge } from '../../components/status-badge';
import { elapsedText, TASK_TYPE_NAMES } from './task-labels';
import { useNow } from '../../components/use-now';

export function TasksTable({ tasks }: { tasks: readonly TaskListEntry[] }) {
  const now = useNow(tasks.some((task) => !isTerminalStatus(task.status)));
  return (
    <DataTable
      label="Tasks"
      rows={tasks}
      rowKey={(task) => task.id}
      columns={[
        { header: 'Type', cell: (task) => TASK_TYPE_NAMES[task.type] },
        { header: 'Status', cell: (task) => <StatusBadge status={task.status} /> },
        { header: 'Created', cell: (task) => formatDate(task.createdAt) },
        { header: 'Updated', cell: (task) => formatDate(task.updatedAt) },
        { header: 'Elapsed', cell: (task) => elapsedText(task, now) },
        {
          header: 'Error',
          cell: (task) => task.error ?? '—',
          cellClass: (task) => (task.error ? 'error-text' : 'muted'),
        },
      ]}
    />
  );
}
