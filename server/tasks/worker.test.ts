/**
 * The worker side alone, against the queue port: an in-memory `TaskQueue` (no database) records
 * what the worker asks of it. The driver on the tasks table is tested through the service
 * (server/test/*: uploads-tasks, fair-tasks, restart, worker-crash).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/database';
import type { TaskRow } from '../db/tasks';
import { DspUserError } from './dsp-errors';
import type { FairLimits } from './fair-picker';
import { progressWriter } from './progress';
import type { Finished, NewTask, Processor, QueueEvent, TaskQueue } from './queue';
import { TaskWorker } from './worker';

/** A transaction handle nobody may use: the worker never touches the database itself. */
const noDb = new Proxy({} as Db, {
  get(_target, key) {
    throw new Error(`The worker used the database (${String(key)}).`);
  },
});

class MemoryQueue implements TaskQueue {
  /** Short, so a lost lease is noticed within the test. */
  constructor(readonly leaseMs = 30) {}
  readonly rows = new Map<string, TaskRow>();
  readonly reports: { taskId: string; output: Record<string, unknown> }[] = [];
  readonly refunds: string[] = [];
  private readonly listeners = new Set<(event: QueueEvent) => void>();
  private seq = 0;

  enqueue(_db: Db, task: NewTask): Promise<TaskRow> {
    const id = `task_${++this.seq}`;
    const row: TaskRow = {
      id,
      account_id: task.accountId,
      project_id: typeof task.projectId === 'string' ? task.projectId : 'project',
      type: task.type,
      status: 'queued',
      error: null,
      input_json: JSON.stringify(task.input),
      output_json: null,
      cost: 1,
      attempts: 0,
      worker_id: null,
      lease_until: null,
      created_at: '',
      updated_at: '',
    };
    this.rows.set(id, row);
    this.emit({ type: 'enqueued' });
    return Promise.resolve(row);
  }

  async cancel(_accountId: string, taskId: string) {
    this.set(taskId, { status: 'cancelled' });
    this.refunds.push(taskId);
    this.emit({ type: 'cancelled', taskId });
    return Promise.reject(new Error('not needed by these tests'));
  }

  watch(listener: (event: QueueEvent) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: QueueEvent) {
    for (const listener of this.listeners) listener(event);
  }

  claim(workerId: string, _limits: FairLimits): Promise<TaskRow | undefined> {
    const next = [...this.rows.values()].find((r) => r.status === 'queued');
    if (!next) return Promise.resolve(undefined);
    const row = this.set(next.id, { status: 'in-progress', worker_id: workerId, attempts: 1 });
    return Promise.resolve({ ...row });
  }

  /** As the tasks table: held while in progress under the claiming worker's id. */
  private holds(task: TaskRow) {
    const row = this.rows.get(task.id);
    return row?.status === 'in-progress' && row.worker_id === task.worker_id;
  }

  renew(task: TaskRow) {
    return Promise.resolve(this.holds(task));
  }

  report(task: TaskRow, output: Record<string, unknown>) {
    if (!this.holds(task)) return Promise.resolve(false);
    this.reports.push({ taskId: task.id, output });
    return Promise.resolve(true);
  }

  async complete(task: TaskRow, commit: (tx: Db) => Promise<unknown>) {
    if (!this.holds(task)) return false;
    const output = await commit(noDb);
    this.set(task.id, { status: 'completed', output_json: JSON.stringify(output) });
    return true;
  }

  fail(task: TaskRow, message: string) {
    if (this.holds(task)) {
      this.set(task.id, { status: 'failed', error: message });
      this.refunds.push(task.id);
    }
    return Promise.resolve();
  }

  resumeInterrupted() {
    return Promise.resolve(0);
  }

  /** Another worker took the task over (this one's lease ran out). */
  takeOver(taskId: string) {
    this.set(taskId, { worker_id: 'another-worker' });
  }

  set(id: string, change: Partial<TaskRow>): TaskRow {
    const row = { ...(this.rows.get(id) as TaskRow), ...change };
    this.rows.set(id, row);
    return row;
  }

  status(id: string) {
    return this.rows.get(id)?.status;
  }
}

const NEW_TASK: NewTask = {
  accountId: 'acct',
  projectId: 'proj',
  type: 'sync-lyrics',
  input: {},
};

/** A processor whose runs the test finishes by hand, with what each one was given. */
function manualProcessor() {
  const runs: {
    task: TaskRow;
    signal: AbortSignal;
    finish(finished: Finished): void;
    fail(error: unknown): void;
  }[] = [];
  const processor: Processor = (task, run) =>
    new Promise<Finished>((resolve, reject) => {
      runs.push({ task, signal: run.signal, finish: resolve, fail: reject });
      run.signal.addEventListener('abort', () => reject(run.signal.reason as Error));
    });
  return { runs, processor };
}

/** A worker on a fresh in-memory queue, running one task (held by `manualProcessor`). */
async function oneRunning() {
  const queue = new MemoryQueue();
  const { runs, processor } = manualProcessor();
  await startWorker(queue, processor);
  const row = await queue.enqueue(noDb, NEW_TASK);
  await vi.waitFor(() => expect(runs).toHaveLength(1));
  return { queue, runs, row };
}

let worker: TaskWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

function startWorker(queue: TaskQueue, processor: Processor, concurrency = 2) {
  worker = new TaskWorker(queue, processor, () => undefined, { concurrency, pollMs: 5 });
  return worker.start();
}

describe('the task worker, against the queue port', () => {
  it('runs an enqueued task and commits its output with "completed", then runs `after`', async () => {
    const queue = new MemoryQueue();
    const after = vi.fn(() => Promise.resolve());
    await startWorker(queue, async (task, run) => {
      const progress = progressWriter(run, task, { extra: { exportId: 'exp' } });
      progress(0.1);
      progress(0.104); // the same percent: not written again
      progress(0.5);
      // Written in order, one after the other, while the task runs.
      await vi.waitFor(() => expect(queue.reports).toHaveLength(2));
      return { commit: () => Promise.resolve({ done: task.id }), after };
    });
    const row = await queue.enqueue(noDb, NEW_TASK);
    await vi.waitFor(() => expect(after).toHaveBeenCalledOnce());
    expect(queue.status(row.id)).toBe('completed');
    expect(queue.rows.get(row.id)?.output_json).toBe(JSON.stringify({ done: row.id }));
    expect(queue.reports.map((r) => r.output)).toEqual([
      { projectId: 'proj', exportId: 'exp', progress: 0.1 },
      { projectId: 'proj', exportId: 'exp', progress: 0.5 },
    ]);
  });

  it('fails a task with the user-facing message and refunds it once', async () => {
    const queue = new MemoryQueue();
    const { runs, processor } = manualProcessor();
    await startWorker(queue, processor);
    const user = await queue.enqueue(noDb, NEW_TASK);
    const crash = await queue.enqueue(noDb, NEW_TASK);
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    runs[0]?.fail(new DspUserError('The project has no audio.'));
    runs[1]?.fail(new Error('disk full'));
    await vi.waitFor(() => expect(queue.status(crash.id)).toBe('failed'));
    await vi.waitFor(() => expect(queue.status(user.id)).toBe('failed'));
    expect(queue.rows.get(user.id)?.error).toBe('The project has no audio.');
    expect(queue.rows.get(crash.id)?.error).toBe('The task failed: disk full');
    expect(queue.refunds.sort()).toEqual([crash.id, user.id].sort());
  });

  it('stops a running task at once when it is cancelled, and keeps nothing it made', async () => {
    // A lease of a minute: the cancel's event, not the next renewal, stops it.
    const queue = new MemoryQueue(60_000);
    const discard = vi.fn(() => Promise.resolve());
    let seen: AbortSignal | undefined;
    await startWorker(queue, (_task, run) => {
      seen = run.signal;
      // The slow part ends as the cancel arrives: its result must be thrown away.
      return new Promise((resolve) =>
        run.signal.addEventListener('abort', () =>
          resolve({ commit: () => Promise.resolve({}), discard }),
        ),
      );
    });
    const row = await queue.enqueue(noDb, NEW_TASK);
    await vi.waitFor(() => expect(seen).toBeDefined());
    await queue.cancel('acct', row.id).catch(() => undefined);
    await vi.waitFor(() => expect(discard).toHaveBeenCalledOnce());
    expect(seen?.aborted).toBe(true);
    expect(queue.status(row.id)).toBe('cancelled');
  });

  it('aborts a task whose lease another worker took, and neither commits nor fails it', async () => {
    const { queue, runs, row } = await oneRunning();
    queue.takeOver(row.id);
    // The next renewal (every leaseMs / 3) finds the task gone and aborts it.
    await vi.waitFor(() => expect(runs[0]?.signal.aborted).toBe(true));
    expect(queue.rows.get(row.id)).toMatchObject({ status: 'in-progress', error: null });
    expect(queue.refunds).toEqual([]);
  });

  it('discards the result when the task is lost between the slow part and the commit', async () => {
    const { queue, runs, row } = await oneRunning();
    const commit = vi.fn(() => Promise.resolve({}));
    const discard = vi.fn(() => Promise.resolve());
    const after = vi.fn(() => Promise.resolve());
    queue.set(row.id, { status: 'queued', worker_id: null }); // e.g. put back by a restart
    runs[0]?.finish({ commit, discard, after });
    await vi.waitFor(() => expect(discard).toHaveBeenCalledOnce());
    expect(commit).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });

  it('runs no more tasks at once than its slots, and all of them in the end', async () => {
    const queue = new MemoryQueue();
    const { runs, processor } = manualProcessor();
    await startWorker(queue, processor, 2);
    const rows = await Promise.all([1, 2, 3, 4, 5].map(() => queue.enqueue(noDb, NEW_TASK)));
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    // Polls come and go; the third task waits for a free slot.
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toHaveLength(2);
    expect(worker?.runningCounts().get('acct')).toBe(2);
    for (let i = 0; i < rows.length; i++) {
      await vi.waitFor(() => expect(runs.length).toBeGreaterThan(i));
      runs[i]?.finish({ commit: () => Promise.resolve({}) });
    }
    await vi.waitFor(() =>
      expect(rows.map((r) => queue.status(r.id))).toEqual(Array(5).fill('completed')),
    );
    expect(runs).toHaveLength(5);
  });

  it('on stop, cuts the running tasks off and leaves them in progress (resumed at the next start)', async () => {
    const { queue, runs, row } = await oneRunning();
    await worker?.stop();
    expect(runs[0]?.signal.aborted).toBe(true);
    expect(queue.status(row.id)).toBe('in-progress');
    expect(queue.refunds).toEqual([]);
  });
});

describe('progressWriter', () => {
  it('calls onLost when a write finds the task no longer ours, and survives a failed write', async () => {
    const held = [true, false];
    const report = vi.fn(() => {
      const next = held.shift();
      return next === undefined
        ? Promise.reject(new Error('connection lost'))
        : Promise.resolve(next);
    });
    const onLost = vi.fn();
    const task = { id: 't', project_id: 'p' } as TaskRow;
    const progress = progressWriter({ report }, task, { onLost });
    progress(-1);
    progress(0.25);
    progress(2);
    await vi.waitFor(() => expect(report).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledOnce());
    expect(report.mock.calls.map((c) => (c as unknown[])[0])).toEqual([
      { projectId: 'p', progress: 0 },
      { projectId: 'p', progress: 0.25 },
      { projectId: 'p', progress: 1 },
    ]);
  });
});
