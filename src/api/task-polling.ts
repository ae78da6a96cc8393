import { isTerminalStatus, type TaskStatus } from '../contract';

export const POLL_MIN_MS = 1000;
export const POLL_MAX_MS = 5000;

/** 1 s, 1.5 s, 2.25 s … up to 5 s: quick feedback first, light load on long tasks. */
export function pollDelay(pollsSoFar: number): number {
  return Math.min(POLL_MAX_MS, Math.round(POLL_MIN_MS * 1.5 ** Math.max(0, pollsSoFar)));
}

/** A task that was not terminal before and is now: the moment its results appear. */
export function justEnded(previous: TaskStatus | undefined, next: TaskStatus): boolean {
  return isTerminalStatus(next) && (previous === undefined || !isTerminalStatus(previous));
}
