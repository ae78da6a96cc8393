/** Worker-thread entry: prepares large request bodies off the main thread (docs/adr/0010). */
import { parentPort } from 'node:worker_threads';
import { prepareReplacement, type PrepareOutcome } from '../routes/alignment-body';
import { servePool } from '../workers/pool';
import { lowerThreadPriority } from '../workers/priority';

/** Transfers the items' bytes back when they own their memory (else they are copied). */
function transferable(bytes: Uint8Array): ArrayBuffer[] {
  const buffer = bytes.buffer;
  return buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
    ? [buffer]
    : [];
}

// Below the thread that answers requests (a 100k-item body takes a core for a while: the pollers
// and small requests come first), above background tasks (niced by 10).
lowerThreadPriority(5);

servePool<Uint8Array, PrepareOutcome>(
  parentPort,
  (raw) => {
    const result = prepareReplacement(raw);
    return Promise.resolve({
      result,
      transfer: result.ok ? transferable(result.value.itemsJson) : [],
    });
  },
  () => false,
);
