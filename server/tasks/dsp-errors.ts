/** Kept apart from dsp-jobs.ts so the main thread never loads the (WASM) decoders. */

/** A failure whose message is meant for the user (it becomes the task's `error`). */
export class DspUserError extends Error {
  override name = 'DspUserError';
}

export const LYRICS_NEEDED = 'Lyrics are needed to sync: the lyrics text is empty.';
