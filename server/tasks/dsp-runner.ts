import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DspJob, DspResult, Progress } from './dsp-jobs';
import { DspUserError } from './dsp-errors';

type Reply =
  | { ready: true }
  | { id: number; result: DspResult }
  | { id: number; progress: number }
  | { id: number; error: string; user: boolean };

/**
 * Runs DSP jobs in one worker thread (docs/adr/0004-dsp-in-a-worker-thread.md). The worker loads
 * our TypeScript through tsx's register API, which works the same under `tsx`, vitest and vite's
 * ssrLoadModule. If the thread cannot start, jobs run in-process instead (slower API meanwhile).
 */
export class DspRunner {
  private worker: Worker | undefined;
  private starting: Promise<Worker | undefined> | undefined;
  private readonly waiting = new Map<
    number,
    { resolve: (r: DspResult) => void; reject: (e: Error) => void; progress?: Progress }
  >();
  private nextId = 1;

  constructor(private readonly log: (line: string) => void) {}

  private start(): Promise<Worker | undefined> {
    this.starting ??= new Promise((resolve) => {
      let worker: Worker;
      try {
        const require = createRequire(import.meta.url);
        const tsx = require
          .resolve('tsx/package.json')
          .replace(/package\.json$/, 'dist/esm/api/index.mjs');
        const entry = new URL('./dsp-worker.ts', import.meta.url).href;
        const boot = `import { register } from ${JSON.stringify(pathToFileURL(tsx).href)};
register();
await import(${JSON.stringify(entry)});`;
        worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`));
      } catch (error) {
        this.log(`DSP worker unavailable, running in-process: ${(error as Error).message}`);
        resolve(undefined);
        return;
      }
      worker.on('message', (reply: Reply) => {
        if ('ready' in reply) {
          if (this.waiting.size === 0) worker.unref();
          this.worker = worker;
          resolve(worker);
          return;
        }
        const waiter = this.waiting.get(reply.id);
        if ('progress' in reply) {
          waiter?.progress?.(reply.progress);
          return;
        }
        this.waiting.delete(reply.id);
        // Keep the process alive only while a job is out (the keys CLI and seeding exit after).
        if (this.waiting.size === 0) worker.unref();
        if ('result' in reply) waiter?.resolve(reply.result);
        else waiter?.reject(reply.user ? new DspUserError(reply.error) : new Error(reply.error));
      });
      worker.on('error', (error) => {
        this.log(`DSP worker failed: ${error.message}`);
        for (const waiter of this.waiting.values()) waiter.reject(error);
        this.waiting.clear();
        if (!this.worker) resolve(undefined);
        this.worker = undefined;
        this.starting = undefined;
      });
    });
    return this.starting;
  }

  /** Runs `job`; `progress` hears the job's progress (0..1) while it runs. */
  async run(job: DspJob, progress?: Progress): Promise<DspResult> {
    const worker = await this.start();
    if (!worker) {
      const { runDspJob } = await import('./dsp-jobs');
      return runDspJob(job, progress);
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, ...(progress ? { progress } : {}) });
      worker.ref();
      worker.postMessage({ id, job });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.starting = undefined;
    for (const waiter of this.waiting.values()) waiter.reject(new Error('the service is stopping'));
    this.waiting.clear();
    if (worker) await worker.terminate();
  }
}
