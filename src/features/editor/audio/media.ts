/** The part of HTMLMediaElement the player uses; a fake implements it in tests. */
export interface MediaLike {
  src: string;
  currentTime: number;
  readonly paused: boolean;
  readonly duration: number;
  readonly readyState: number;
  readonly error: { code: number; message?: string } | null;
  playbackRate: number;
  preservesPitch: boolean;
  volume: number;
  muted: boolean;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export type MediaFactory = (url: string) => MediaLike;

/** A detached <audio> element: nothing in the DOM, so unmounting React never cuts the sound. */
export const createAudioElement: MediaFactory = (url) => {
  const el = new Audio();
  el.preload = 'auto';
  el.preservesPitch = true;
  el.src = url;
  return el;
};

const MEDIA_ERRORS: Record<number, string> = {
  1: 'loading was aborted',
  2: 'network error',
  3: 'could not decode the audio',
  4: 'format not supported or file not found',
};

export function describeMediaError(media: MediaLike): string {
  const err = media.error;
  if (!err) return 'failed to load';
  // The code reads better than the browser's message (e.g. "PipelineStatus::DEMUXER_ERROR...").
  return MEDIA_ERRORS[err.code] ?? (err.message || `media error ${err.code}`);
}
