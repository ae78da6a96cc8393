import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of the calling thread (Linux `nice`, per thread), so that
 * background work — stem separation, lyrics sync, and the programs it spawns, which inherit the
 * value — yields the CPU to the thread that answers HTTP requests. On a small machine a running task
 * then no longer shows in the pollers' slow tail. Best effort: elsewhere, or when not allowed, it
 * does nothing and says so in its result.
 */
export function lowerThreadPriority(by = 10): boolean {
  try {
    // "<pid>/task/<tid>": setpriority(PRIO_PROCESS, tid) changes only this thread on Linux.
    const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (!Number.isInteger(tid)) return false;
    setPriority(tid, Math.min(19, getPriority(tid) + by));
    return true;
  } catch {
    return false;
  }
}
