import { availableParallelism } from 'node:os';
import { spawnTsWorker } from '../workers/spawn';
import { WorkerPool, WorkerUnavailableError } from '../workers/pool';
import type { DspJob, DspResult, Progress } from './dsp-jobs';
import { DspUserError } from './dsp-errors';

/**
 * How many tasks run at once: one per core, at least two (so a short task never waits for a long
 * one even on a one-core machine: the OS shares the core), at most four (each may hold hundreds
 * of MB of audio). `TASK_CONCURRENCY` overrides it.
 */
export function defaultTaskConcurrency(): number {
  const env = Number(process.env.TASK_CONCURRENCY);
  if (Number.isInteger(env) && env > 0) return env;
  return Math.min(4, Math.max(2, availableParallelism()));
}

/**
 * Runs DSP jobs in a pool of worker threads (docs/adr/0004, 0010): one job per thread, as many
 * threads as tasks may run at once. If no thread can start, jobs run in-process instead (the API
 * is then slower while a task runs).
 */
export class DspRunner {
  private readonly pool: WorkerPool<DspJob, DspResult>;
  private inProcess = false;

  constructor(
    private readonly log: (line: string) => void,
    readonly threads = defaultTaskConcurrency(),
  ) {
    this.pool = new WorkerPool<DspJob, DspResult>(
      threads,
      () => spawnTsWorker(new URL('./dsp-worker.ts', import.meta.url)),
      (message) => new DspUserError(message),
      log,
    );
  }

  /**
   * Runs `job`; `progress` hears the job's progress (0..1) while it runs; `signal` stops it (its
   * thread is terminated; a job run in-process runs to its end).
   */
  async run(job: DspJob, progress?: Progress, signal?: AbortSignal): Promise<DspResult> {
    if (!this.inProcess) {
      try {
        return await this.pool.run(job, [], progress, signal);
      } catch (error) {
        if (!(error instanceof WorkerUnavailableError)) throw error;
        this.log(`DSP worker unavailable, running in-process: ${error.message}`);
        this.inProcess = true;
      }
    }
    const { runDspJob } = await import('./dsp-jobs');
    return runDspJob(job, progress);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
