import type { CreateExport, TaskStatus } from '../../contract';

export const SAMPLE_SECONDS = 10;

/** A sample being rendered or made: its task and the part of the song. */
export interface Sample {
  taskId: string;
  start: number;
  end: number;
}

/** The part of the song a sample from `start` covers: 10 s, inside the song, at least 1 s. */
export function sampleRange(start: number, duration: number): { start: number; end: number } {
  const from = Math.max(0, Math.min(start, duration - 1));
  return { start: from, end: Math.min(duration, from + SAMPLE_SECONDS) };
}

/** The export request of a sample: a 480p draft with the original audio, times to 10 ms. */
export function sampleRequest(
  range: { start: number; end: number },
  alignmentId: string | undefined,
): CreateExport {
  return {
    range: { start: Math.round(range.start * 100) / 100, end: Math.round(range.end * 100) / 100 },
    resolution: '480p',
    quality: 'draft',
    audio: 'original',
    ...(alignmentId ? { alignmentId } : {}),
  };
}

const ENDED: readonly string[] = ['completed', 'failed', 'cancelled', 'timed-out'];

/** The sample's task has not ended yet. */
export const sampleRunning = (status: TaskStatus | undefined): boolean =>
  !!status && !ENDED.includes(status);

/** The sample's task ended without a video. */
export const sampleFailed = (status: TaskStatus | undefined): boolean =>
  status === 'failed' || status === 'timed-out' || status === 'cancelled';
