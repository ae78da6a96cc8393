/** Worker-thread entry: runs DSP jobs off the main thread so the API answers while tasks run. */
import { parentPort } from 'node:worker_threads';
import { servePool } from '../workers/pool';
import { lowerThreadPriority } from '../workers/priority';
import { DspUserError } from './dsp-errors';
import { type DspJob, type DspResult, runDspJob } from './dsp-jobs';

// Tasks are background work: the API's thread comes first (spawned tools inherit this).
lowerThreadPriority();

servePool<DspJob, DspResult>(
  parentPort,
  async (job, progress) => ({ result: await runDspJob(job, progress) }),
  (error) => error instanceof DspUserError,
);
