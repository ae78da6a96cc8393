/** Worker-thread entry: runs DSP jobs off the main thread so the API answers while tasks run. */
import { parentPort } from 'node:worker_threads';
import { servePool } from '../workers/pool';
import { DspUserError } from './dsp-errors';
import { type DspJob, type DspResult, runDspJob } from './dsp-jobs';

servePool<DspJob, DspResult>(
  parentPort,
  async (job, progress) => ({ result: await runDspJob(job, progress) }),
  (error) => error instanceof DspUserError,
);
