import { create } from 'zustand';
import { isTerminalStatus, type TaskStatus, type TaskType } from '../contract';

export interface WatchedTask {
  taskId: string;
  projectId: string;
  type: TaskType;
  status: TaskStatus;
}

export interface TaskNotice extends WatchedTask {
  /** Unique per notice. */
  id: string;
  endedAt: number;
}

interface TaskWatchState {
  /** Tasks seen in this session, across projects. */
  tasks: Record<string, WatchedTask>;
  /** Tasks seen running that have since ended: the header shows these as notices. */
  notices: TaskNotice[];
  observe(
    projectId: string,
    tasks: readonly { id: string; type: TaskType; status: TaskStatus }[],
  ): void;
  dismiss(noticeId: string): void;
}

/** Session-wide record of tasks seen: the header counts running ones and announces ended ones. */
export const useTaskWatch = create<TaskWatchState>()((set) => ({
  tasks: {},
  notices: [],
  observe: (projectId, seen) =>
    set((state) => {
      let changed = false;
      const tasks = { ...state.tasks };
      const notices = [...state.notices];
      for (const task of seen) {
        const known = tasks[task.id];
        if (known?.status === task.status) continue;
        changed = true;
        const next: WatchedTask = {
          taskId: task.id,
          projectId,
          type: task.type,
          status: task.status,
        };
        tasks[task.id] = next;
        if (known && !isTerminalStatus(known.status) && isTerminalStatus(task.status))
          notices.push({ ...next, id: `${task.id}:${task.status}`, endedAt: Date.now() });
      }
      return changed ? { tasks, notices } : state;
    }),
  dismiss: (noticeId) =>
    set((state) => ({ notices: state.notices.filter((notice) => notice.id !== noticeId) })),
}));

export const selectRunningCount = (state: TaskWatchState) =>
  Object.values(state.tasks).filter((task) => !isTerminalStatus(task.status)).length;
