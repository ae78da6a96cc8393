/** Worker-thread entry: runs DSP jobs off the main thread so the API answers while a task runs. */
import { parentPort } from 'node:worker_threads';
import { DspUserError } from './dsp-errors';
import { type DspJob, runDspJob } from './dsp-jobs';

parentPort?.on('message', (message: { id: number; job: DspJob }) => {
  const progress = (fraction: number) =>
    parentPort?.postMessage({ id: message.id, progress: fraction });
  runDspJob(message.job, progress).then(
    (result) => parentPort?.postMessage({ id: message.id, result }),
    (error: unknown) =>
      parentPort?.postMessage({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
        user: error instanceof DspUserError,
      }),
  );
});
parentPort?.postMessage({ ready: true });
