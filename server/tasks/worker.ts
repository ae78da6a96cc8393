/**
 * The worker side of the queue: runs up to `limits.global` tasks of any `TaskQueue` at once in
 * this process (one account gets its share, fair-picker.ts), each under a lease it renews while
 * working; stops a task's processor when it is cancelled or no longer ours; commits its results
 * with "completed", or marks it failed (refunded) with a message a user can read. Knows the queue
 * only through its port (queue.ts), so it is tested without a database (worker.test.ts).
 */
import { hostname } from 'node:os';
import type { TaskRow } from '../db/tasks';
import { newId } from '../db/ids';
import { DomainError } from '../errors';
import { DspUserError } from './dsp-errors';
import { limitsFor, type FairLimits } from './fair-picker';
import { TaskCancelled, type Processor, type QueueEvent, type TaskQueue } from './queue';

export interface WorkerOptions {
  /** Tasks this process runs at once (its DSP threads); one account gets half (limitsFor). */
  concurrency?: number;
  /** How often a worker looks for tasks enqueued by other processes or left by dead ones. */
  pollMs?: number;
  /** A single-process database (SQLite): tasks in progress at start were ours, resume at once. */
  resumeOnStart?: boolean;
}

export class TaskWorker {
  private readonly running = new Map<string, number>();
  /** The tasks this process runs now, to stop one when it is cancelled. */
  private readonly controllers = new Map<string, AbortController>();
  private readonly inFlight = new Set<Promise<void>>();
  private pumping: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private poller: NodeJS.Timeout | undefined;
  private unwatch: (() => void) | undefined;
  readonly limits: FairLimits;
  readonly workerId = `${hostname()}:${process.pid}:${newId('wrk')}`;

  constructor(
    private readonly queue: TaskQueue,
    private readonly process: Processor,
    private readonly log: (line: string) => void,
    private readonly options: WorkerOptions = {},
  ) {
    this.limits = limitsFor(options.concurrency ?? 1);
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.unwatch = this.queue.watch((event) => this.onEvent(event));
    if (this.options.resumeOnStart) {
      const resumed = await this.queue.resumeInterrupted();
      if (resumed > 0) this.log(`Resuming ${resumed} interrupted task(s).`);
    }
    this.poller = setInterval(() => this.kick(), this.options.pollMs ?? 1000);
    this.poller.unref();
    this.kick();
  }

  private onEvent(event: QueueEvent): void {
    if (event.type === 'enqueued') this.kick();
    else this.controllers.get(event.taskId)?.abort(new TaskCancelled());
  }

  /** Looks for work: on enqueue, at start, on every poll and whenever a task ends. */
  kick(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.again = false;
    this.pumping = this.fill()
      .catch((error: unknown) => this.log(`Task queue: ${String(error)}`))
      .finally(() => {
        this.pumping = undefined;
        if (this.again) this.kick();
      });
  }

  /** Claims tasks until every slot of this process is taken or nothing is runnable. */
  private async fill(): Promise<void> {
    while (!this.stopped && this.inFlight.size < this.limits.global) {
      const task = await this.queue.claim(this.workerId, this.limits);
      if (!task) return;
      this.running.set(task.account_id, (this.running.get(task.account_id) ?? 0) + 1);
      const done: Promise<void> = this.runOne(task).finally(() => {
        this.inFlight.delete(done);
        const left = (this.running.get(task.account_id) ?? 1) - 1;
        if (left > 0) this.running.set(task.account_id, left);
        else this.running.delete(task.account_id);
        this.kick();
      });
      this.inFlight.add(done);
    }
  }

  private async runOne(task: TaskRow): Promise<void> {
    let lost = false;
    const controller = new AbortController();
    this.controllers.set(task.id, controller);
    const heartbeat = setInterval(() => {
      this.queue.renew(task).then(
        (held) => {
          if (held) return;
          lost = true;
          controller.abort(new TaskCancelled());
        },
        (error: unknown) => this.log(`Task ${task.id}: lease not renewed: ${String(error)}`),
      );
    }, this.queue.leaseMs / 3);
    heartbeat.unref();
    try {
      const finished = await this.process(task, {
        signal: controller.signal,
        report: (output) => this.queue.report(task, output),
      });
      if (this.stopped || lost || controller.signal.aborted) {
        await finished.discard?.();
        return;
      }
      let committed: boolean;
      try {
        committed = await this.queue.complete(task, (tx) => finished.commit(tx));
      } catch (error) {
        await finished.discard?.();
        throw error;
      }
      if (!committed) {
        await finished.discard?.();
        return;
      }
      await finished.after?.();
    } catch (error) {
      // Stopping cut the work off: leave it in progress, it resumes on the next start.
      if (this.stopped) return;
      await this.fail(task, error);
    } finally {
      clearInterval(heartbeat);
      this.controllers.delete(task.id);
    }
  }

  private async fail(task: TaskRow, error: unknown): Promise<void> {
    const message =
      error instanceof DspUserError || error instanceof DomainError
        ? error.message
        : `The task failed: ${(error as Error).message}`;
    if (!(error instanceof DspUserError)) this.log(`Task ${task.id} failed: ${String(error)}`);
    await this.queue.fail(task, message);
  }

  /** How many tasks run now in this process, by account (tests and diagnostics). */
  runningCounts(): ReadonlyMap<string, number> {
    return this.running;
  }

  /** Stops taking tasks, stops the running ones' processes and waits for them to let go. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatch?.();
    for (const controller of this.controllers.values()) controller.abort(new TaskCancelled());
    clearInterval(this.poller);
    await this.pumping;
    await Promise.all([...this.inFlight]);
  }
}
