import type { MediaLike } from './media';

/**
 * A media element for tests: time advances only when `advance` is called, optionally with a
 * skew (0.01 = runs 1 % fast) to produce drift.
 */
export class FakeMedia implements MediaLike {
  src: string;
  currentTime = 0;
  paused = true;
  duration = NaN;
  readyState = 0;
  error: { code: number; message?: string } | null = null;
  playbackRate = 1;
  preservesPitch = false;
  volume = 1;
  muted = false;
  preload = '';
  skew = 0;
  playRejection: Error | null = null;
  seeks = 0;
  private listeners = new Map<string, Set<() => void>>();

  constructor(url: string) {
    this.src = url;
  }

  play(): Promise<void> {
    if (this.playRejection) return Promise.reject(this.playRejection);
    this.paused = false;
    return Promise.resolve();
  }
  pause(): void {
    this.paused = true;
  }
  load(): void {}
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
  addEventListener(type: string, listener: () => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }
  listenerCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
  fire(type: string): void {
    for (const l of [...(this.listeners.get(type) ?? [])]) l();
  }
  /** Loads: metadata then canplay. */
  becomeReady(duration = 200): void {
    this.duration = duration;
    this.readyState = 4;
    this.fire('loadedmetadata');
    this.fire('canplay');
  }
  fail(code = 4, message = ''): void {
    this.error = { code, message };
    this.fire('error');
  }
  advance(seconds: number): void {
    if (!this.paused) this.currentTime += seconds * this.playbackRate * (1 + this.skew);
  }
}
