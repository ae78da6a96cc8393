import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnTsWorker } from './spawn';

// The 19th field of /proc/thread-self/stat is the calling thread's nice value.
const nice = () =>
  Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16]);

describe.runIf(process.platform === 'linux')('lowerThreadPriority', () => {
  it('lowers only the calling thread, not the thread that answers requests', async () => {
    const mainBefore = nice();
    // A thread started the way the DSP pool starts its threads.
    const worker = spawnTsWorker(new URL('./priority.probe.ts', import.meta.url));
    const answer = await new Promise<{ ok: boolean; before: number; after: number }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage('go');
      },
    );
    await worker.terminate();
    expect(answer.ok).toBe(true);
    expect(answer.after).toBe(Math.min(19, answer.before + 10));
    expect(nice()).toBe(mainBefore);
  });
});
