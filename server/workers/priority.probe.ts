/** Test helper thread for priority.test.ts: lowers itself and reports its nice value before and after. */
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from './priority';

// The 19th field of /proc/thread-self/stat is the calling thread's nice value.
const nice = () =>
  Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16]);

parentPort?.once('message', () => {
  const before = nice();
  const ok = lowerThreadPriority();
  parentPort?.postMessage({ ok, before, after: nice() });
});
