import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Checkpoints the WAL of `file` on a thread of its own, with its own connection, so that the
 * connection that answers requests never does: SQLite's automatic checkpoint runs inside the
 * COMMIT that crosses 1,000 pages, and after a 100,000-item save (5.5 MB) that was 20-36 ms of the
 * event loop on every save (pollers waited behind it). `kick()` after a commit asks for a
 * PASSIVE checkpoint (it never blocks readers or the writer); the kicks of 200 ms share one.
 * Returns undefined when no thread can start: the caller then keeps SQLite's automatic checkpoint.
 */
export function startCheckpointer(
  file: string,
): { kick: () => void; stop: () => Promise<void> } | undefined {
  // Plain JavaScript evaluated in the thread (no TypeScript loader to boot): a connection that
  // checkpoints when kicked.
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const Sqlite = require(workerData.addon);
    const conn = new Sqlite(workerData.file);
    conn.pragma('busy_timeout = 1000');
    // Kicks within the delay share one checkpoint: at most a few a second, however many writes.
    let timer;
    parentPort.on('message', (m) => {
      if (m === 'stop') { clearTimeout(timer); conn.close(); parentPort.close(); return; }
      timer ??= setTimeout(() => {
        timer = undefined;
        try { conn.pragma('wal_checkpoint(PASSIVE)'); } catch {}
      }, workerData.delayMs);
    });`;
  let worker: Worker;
  try {
    const addon = createRequire(import.meta.url).resolve('better-sqlite3');
    worker = new Worker(source, { eval: true, workerData: { file, addon, delayMs: 200 } });
  } catch {
    return undefined;
  }
  worker.unref();
  // A checkpoint is an optimisation: a thread that dies leaves the WAL to the next open.
  worker.on('error', () => undefined);
  let stopped = false;
  return {
    kick: () => {
      if (!stopped) worker.postMessage('checkpoint');
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // The thread closes its connection and ends (a checkpoint in progress finishes first).
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      const late = setTimeout(() => void worker.terminate(), 5000);
      await exited;
      clearTimeout(late);
    },
  };
}

export type Checkpointer = NonNullable<ReturnType<typeof startCheckpointer>>;
