/**
 * What the panels need from the player; the page adapts the stem player to it.
 * `subscribe` fires on play, pause, seek and rate changes (not per frame: panels poll `getTime`
 * in requestAnimationFrame while playing).
 */
export interface PlaybackClock {
  getTime(): number;
  seek(time: number): void;
  isPlaying(): boolean;
  play(): void | Promise<void>;
  subscribe(listener: () => void): () => void;
}
