import type { TaskStatus } from '../contract';

/** A task, export or media status, coloured by the shared .status-<status> classes. */
export function StatusBadge({ status }: { status: TaskStatus | 'processing' | 'ready' }) {
  return <span className={`status status-${status}`}>{status.replace('-', ' ')}</span>;
}
