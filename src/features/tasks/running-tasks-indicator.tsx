import { selectRunningCount, useTaskWatch } from '../../api';

/** Tasks running across the projects opened in this session. */
export function RunningTasksIndicator() {
  const running = useTaskWatch(selectRunningCount);
  if (running === 0) return null;
  return (
    <span className="badge" role="status" aria-label={`${running} tasks running`}>
      {running} running
    </span>
  );
}
