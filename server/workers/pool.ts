import type { Transferable, Worker } from 'node:worker_threads';

/** What a pooled worker posts back: `{ ready }` once, then one reply per job. */
export type PoolReply<R> =
  | { ready: true }
  | { id: number; result: R }
  | { id: number; progress: number }
  | { id: number; error: string; user?: boolean };

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('aborted');

/** No thread could be started (the caller may run the job in-process instead). */
export class WorkerUnavailableError extends Error {
  override readonly name = 'WorkerUnavailableError';
}

interface Slot {
  worker: Worker;
  ready: Promise<boolean>;
  busy: boolean;
}

interface Job<J, R> {
  id: number;
  job: J;
  transfer: Transferable[];
  resolve: (result: R) => void;
  reject: (error: Error) => void;
  /** Hears `{ id, progress }` messages the job posts while it runs (a task's progress, 0..1). */
  progress?: ((fraction: number) => void) | undefined;
}

/**
 * A fixed-size pool of worker threads, started on demand, one job per thread at a time (jobs are
 * CPU-bound: more jobs than threads would only share the same cores). A thread that dies fails its
 * job and is replaced by the next job that needs one. Threads are unref'd while idle, so a CLI that
 * used the pool still exits.
 */
export class WorkerPool<J, R> {
  private readonly slots: Slot[] = [];
  private readonly queue: Job<J, R>[] = [];
  private readonly running = new Map<Slot, Job<J, R>>();
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly spawn: () => Worker,
    private readonly userError: (message: string) => Error,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * Runs `job` on an idle thread (waiting for one); rejects if the thread fails. `progress` hears
   * the progress the job reports while it runs.
   */
  run(
    job: J,
    transfer: Transferable[] = [],
    progress?: (fraction: number) => void,
    signal?: AbortSignal,
  ): Promise<R> {
    if (this.closed) return Promise.reject(new Error('the service is stopping'));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<R>((resolve, reject) => {
      const entry: Job<J, R> = { id: this.nextId++, job, transfer, resolve, reject, progress };
      // Aborted: a waiting job leaves the queue; a running one's thread is terminated (its job
      // rejects with the abort's reason and the next job that needs a thread starts a new one).
      signal?.addEventListener(
        'abort',
        () => {
          const waiting = this.queue.indexOf(entry);
          if (waiting >= 0) {
            this.queue.splice(waiting, 1);
            reject(abortReason(signal));
            return;
          }
          for (const [slot, running] of this.running) {
            if (running !== entry) continue;
            this.running.delete(slot);
            const index = this.slots.indexOf(slot);
            if (index >= 0) this.slots.splice(index, 1);
            reject(abortReason(signal));
            void slot.worker.terminate();
            this.dispatch();
          }
        },
        { once: true },
      );
      this.queue.push(entry);
      this.dispatch();
    });
  }

  /** Jobs waiting for a thread (not counting running ones). */
  get waiting(): number {
    return this.queue.length;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) {
        try {
          slot = this.startSlot();
        } catch (error) {
          const unavailable = new WorkerUnavailableError((error as Error).message);
          for (const job of this.queue.splice(0)) job.reject(unavailable);
          return;
        }
      }
      if (!slot) return;
      const job = this.queue.shift() as Job<J, R>;
      this.send(slot, job);
    }
  }

  private send(slot: Slot, job: Job<J, R>): void {
    slot.busy = true;
    this.running.set(slot, job);
    slot.worker.ref();
    void slot.ready.then((ok) => {
      if (!ok) return; // the error handler already failed this job
      slot.worker.postMessage({ id: job.id, job: job.job }, job.transfer);
    });
  }

  private startSlot(): Slot {
    const worker = this.spawn();
    let markReady: (ok: boolean) => void = () => undefined;
    const slot: Slot = { worker, busy: false, ready: new Promise((r) => (markReady = r)) };
    this.slots.push(slot);
    worker.unref();
    worker.on('message', (reply: PoolReply<R>) => {
      if ('ready' in reply) {
        markReady(true);
        return;
      }
      const job = this.running.get(slot);
      if (!job || job.id !== reply.id) return;
      if ('progress' in reply) {
        job.progress?.(reply.progress);
        return;
      }
      this.running.delete(slot);
      slot.busy = false;
      worker.unref();
      if ('result' in reply) job.resolve(reply.result);
      else job.reject(reply.user ? this.userError(reply.error) : new Error(reply.error));
      this.dispatch();
    });
    const fail = (error: Error) => {
      markReady(false);
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      const job = this.running.get(slot);
      this.running.delete(slot);
      if (!this.closed) this.log(`Worker thread failed: ${error.message}`);
      job?.reject(error);
      if (!this.closed) this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the worker thread exited (code ${code})`)));
    return slot;
  }

  async close(): Promise<void> {
    this.closed = true;
    const stopping = new Error('the service is stopping');
    for (const job of this.queue.splice(0)) job.reject(stopping);
    for (const job of this.running.values()) job.reject(stopping);
    this.running.clear();
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}

/**
 * The worker side: answers `{ id, job }` messages with `run(job)`'s result; `run` may report
 * progress (posted as `{ id, progress }` before the result).
 */
export function servePool<J, R>(
  port: import('node:worker_threads').MessagePort | null,
  run: (
    job: J,
    progress: (fraction: number) => void,
  ) => Promise<{ result: R; transfer?: Transferable[] }>,
  isUserError: (error: unknown) => boolean,
): void {
  port?.on('message', (message: { id: number; job: J }) => {
    const progress = (fraction: number) => port.postMessage({ id: message.id, progress: fraction });
    run(message.job, progress).then(
      ({ result, transfer }) => port.postMessage({ id: message.id, result }, transfer ?? []),
      (error: unknown) =>
        port.postMessage({
          id: message.id,
          error: error instanceof Error ? error.message : String(error),
          user: isUserError(error),
        }),
    );
  });
  port?.postMessage({ ready: true });
}
