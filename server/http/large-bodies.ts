import { availableParallelism } from 'node:os';
import { prepareReplacement, type PrepareOutcome } from '../routes/alignment-body';
import { WorkerPool, WorkerUnavailableError } from '../workers/pool';
import { spawnTsWorker } from '../workers/spawn';
import { HttpError } from './problem';

/** Bodies above this are parsed in a worker thread; smaller ones cost less than the hand-off. */
export const WORKER_BODY_BYTES = 256 * 1024;

/**
 * Large request bodies, bounded (docs/adr/0010): at most `slots` are read and prepared at once
 * (each costs a few times its size in memory while parsed), up to `queue` more wait their turn,
 * and beyond that the service answers 503 with Retry-After instead of taking more memory. Their
 * JSON is parsed and checked in worker threads, so the event loop keeps answering meanwhile.
 */
export class LargeBodies {
  private readonly pool: WorkerPool<Uint8Array, PrepareOutcome>;
  private active = 0;
  private readonly waiters: (() => void)[] = [];
  private inProcess = false;

  constructor(
    private readonly log: (line: string) => void,
    readonly slots = Math.max(2, Math.min(4, availableParallelism())),
    readonly queue = 16,
  ) {
    this.pool = new WorkerPool<Uint8Array, PrepareOutcome>(
      slots,
      () => spawnTsWorker(new URL('./body-worker.ts', import.meta.url)),
      (message) => new Error(message),
      log,
    );
  }

  /** Waits for a slot; 503 when too many large bodies already wait. Call the result to release. */
  async acquire(): Promise<() => void> {
    if (this.active >= this.slots) {
      if (this.waiters.length >= this.queue) {
        throw new HttpError(
          503,
          'The service is receiving too many large bodies right now; retry shortly.',
          {},
          { 'Retry-After': '2' },
        );
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    } else {
      this.active++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      // Hand the slot straight to the next waiter (the count stays), or free it.
      if (next) next();
      else this.active--;
    };
  }

  /** Prepares an alignment replacement body: in a worker when it is large. */
  async prepareReplacement(raw: Buffer): Promise<PrepareOutcome> {
    if (raw.length < WORKER_BODY_BYTES || this.inProcess) return prepareReplacement(raw);
    // The bytes move to the worker (no copy) when the buffer owns all of its memory.
    const owns = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength;
    const bytes = owns ? raw : Uint8Array.prototype.slice.call(raw);
    try {
      return await this.pool.run(bytes, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      if (!(error instanceof WorkerUnavailableError)) throw error;
      this.log(`Body worker unavailable, parsing in-process: ${error.message}`);
      this.inProcess = true;
      return prepareReplacement(raw);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
