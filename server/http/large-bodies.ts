import { availableParallelism } from 'node:os';
import { parentPort, type Transferable } from 'node:worker_threads';
import { WorkerPool, WorkerUnavailableError, servePool } from '../workers/pool';
import { lowerThreadPriority } from '../workers/priority';
import { spawnTsWorker } from '../workers/spawn';
import { HttpError } from './problem';

/** Bodies above this are parsed in a worker thread; smaller ones cost less than the hand-off. */
export const WORKER_BODY_BYTES = 256 * 1024;

/** A body parser: pure, so it runs inline or in a worker thread (its outcome is cloned back). */
export type BodyParse<Outcome> = (raw: Uint8Array) => Outcome;

/**
 * Large request bodies, bounded (docs/adr/0010): at most `slots` are read and parsed at once
 * (each costs a few times its size in memory while parsed), up to `queue` more wait their turn,
 * and beyond that the service answers 503 with Retry-After instead of taking more memory. A
 * route's parser runs in worker threads of the entry the route names (one pool per entry, started
 * on demand), so the event loop keeps answering meanwhile. What the bodies are is the routes'.
 */
export class LargeBodies {
  private readonly pools = new Map<string, WorkerPool<Uint8Array, unknown>>();
  /** Worker entries whose threads could not start: their bodies are parsed in-process. */
  private readonly inProcess = new Set<string>();
  private active = 0;
  private readonly waiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly log: (line: string) => void,
    readonly slots = Math.max(2, Math.min(4, availableParallelism())),
    readonly queue = 16,
  ) {}

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

  /**
   * Runs `parse` on the bytes: inline when they are small or no `worker` entry is named, else in
   * a thread of that entry (which serves the same parser, `serveBodyParser`). The bytes move to
   * the worker (no copy) when the buffer owns all of its memory.
   */
  async parse<Outcome>(
    parser: { parse: BodyParse<Outcome>; worker?: URL | undefined },
    raw: Buffer,
  ): Promise<Outcome> {
    const { parse, worker } = parser;
    if (!worker || raw.length < WORKER_BODY_BYTES || this.inProcess.has(worker.href)) {
      return parse(raw);
    }
    const owns = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength;
    const bytes = owns ? raw : Uint8Array.prototype.slice.call(raw);
    try {
      return (await this.poolFor(worker).run(bytes, [bytes.buffer as ArrayBuffer])) as Outcome;
    } catch (error) {
      if (!(error instanceof WorkerUnavailableError)) throw error;
      this.log(`Body worker unavailable, parsing in-process: ${error.message}`);
      this.inProcess.add(worker.href);
      return parse(raw);
    }
  }

  private poolFor(entry: URL): WorkerPool<Uint8Array, unknown> {
    let pool = this.pools.get(entry.href);
    if (!pool) {
      if (this.closed) throw new Error('the service is stopping');
      pool = new WorkerPool<Uint8Array, unknown>(
        this.slots,
        () => spawnTsWorker(entry),
        (message) => new Error(message),
        this.log,
      );
      this.pools.set(entry.href, pool);
    }
    return pool;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }
}

/**
 * The body of a worker entry that parses a route's large bodies: serves `parse` to the pool and
 * hands back the buffers `transfer` names (moved, not copied). The thread runs below the one that
 * answers requests (a 100k-item body takes a core for a while: the pollers and small requests come
 * first) and above background tasks (niced by 10).
 */
export function serveBodyParser<Outcome>(
  parse: BodyParse<Outcome>,
  transfer: (outcome: Outcome) => Transferable[] = () => [],
): void {
  lowerThreadPriority(5);
  servePool<Uint8Array, Outcome>(
    parentPort,
    (raw) => {
      const result = parse(raw);
      return Promise.resolve({ result, transfer: transfer(result) });
    },
    () => false,
  );
}

/** The buffer behind `bytes` when they own all of it (it can then be transferred, not copied). */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer[] {
  const buffer = bytes.buffer;
  return buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
    ? [buffer]
    : [];
}
