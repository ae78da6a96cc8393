import { createAudioElement, describeMediaError, type MediaFactory, type MediaLike } from './media';
import { clampRate, effectiveGains, toggleSoloOf, type StemMix } from './mix';

/*
 * Why media elements and element volume (not one AudioContext with a GainNode per stem):
 * - pitch-preserving 0.5x-1.5x comes free with `preservesPitch`; AudioBufferSourceNode would need
 *   a time-stretch worklet, and decoding every stem of a long song costs ~600 MB of PCM;
 * - element volume needs no CORS (MediaElementAudioSourceNode outputs silence for a cross-origin
 *   stem without it) and no suspended-context dance; mute/solo/volume 0..1 is all we need.
 * The cost is drift between elements, which we measure and bound: followers are re-seeked to the
 * leader's clock when they are more than `driftThreshold` apart.
 */

export interface StemSource {
  id: string;
  /** Shown in the mixer and used in accessible names ("Mute vocals"). */
  label: string;
  url: string;
  /** original, vocals, instrumental, ... */
  type: string;
}

export type StemStatus = 'loading' | 'ready' | 'error';

export interface StemState extends StemMix {
  label: string;
  type: string;
  status: StemStatus;
  error: string | null;
}

export interface LoopRange {
  start: number;
  end: number;
}

export interface PlayerSnapshot {
  stems: readonly StemState[];
  playing: boolean;
  rate: number;
  loop: LoopRange | null;
  duration: number;
  leaderId: string | null;
}

export interface DriftStats {
  /** Last measured follower - leader offset per stem, seconds. */
  perStem: ReadonlyMap<string, number>;
  /** Every |drift| measured while playing, seconds (for the bench and a debug readout). */
  samples: readonly number[];
  corrections: number;
}

export interface StemPlayerOptions {
  createMedia?: MediaFactory;
  now?: () => number;
  driftThreshold?: number;
  /** Drift check and loop period while playing, ms. */
  tickMs?: number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

interface Stem {
  state: StemState;
  media: MediaLike;
  off: () => void;
}

const MAX_DRIFT_SAMPLES = 10_000;

export class StemPlayer {
  private stems: Stem[] = [];
  private readonly sources: readonly StemSource[];
  private readonly create: MediaFactory;
  /** Mix settings survive a disconnect/connect (React StrictMode mounts twice). */
  private mixMemory = new Map<string, Pick<StemState, 'volume' | 'muted' | 'solo'>>();
  private listeners = new Set<() => void>();
  private snapshot: PlayerSnapshot;
  private playing = false;
  private rate = 1;
  private loop: LoopRange | null = null;
  private position = 0;
  private anchor = { media: 0, perf: 0 };
  private timer: unknown = null;
  private drift = new Map<string, number>();
  private driftSamples: number[] = [];
  private corrections = 0;
  private connected = false;
  private readonly now: () => number;
  private readonly threshold: number;
  private readonly opts: StemPlayerOptions;

  constructor(sources: readonly StemSource[], options: StemPlayerOptions = {}) {
    this.opts = options;
    this.now = options.now ?? (() => performance.now());
    this.threshold = options.driftThreshold ?? 0.03;
    this.sources = sources;
    this.create = options.createMedia ?? createAudioElement;
    this.snapshot = this.buildSnapshot();
  }

  /**
   * Creates the media elements and starts loading. Construction has no side effects (safe in
   * render); connect/dispose pair up in an effect and may repeat.
   */
  connect(): void {
    if (this.connected) return;
    this.connected = true;
    this.stems = this.sources.map((src) => this.attach(src, this.create(src.url)));
    this.applyGains();
    this.emit();
  }

  /** A stem before its media answers: loading, with the mix the user last gave it. */
  private initialState(src: StemSource): StemState {
    return {
      id: src.id,
      label: src.label,
      type: src.type,
      status: 'loading',
      error: null,
      volume: 1,
      muted: false,
      solo: false,
      ...this.mixMemory.get(src.id),
    };
  }

  private attach(src: StemSource, media: MediaLike): Stem {
    media.preservesPitch = true;
    const stem: Stem = {
      media,
      off: () => {},
      state: this.initialState(src),
    };
    const onReady = () => {
      if (stem.state.status === 'ready') return;
      this.setStem(stem, { status: 'ready', error: null });
      if (this.playing && stem !== this.leader()) {
        media.currentTime = this.getTime();
        void this.playMedia(stem);
      }
    };
    const onError = () => {
      media.pause();
      this.setStem(stem, { status: 'error', error: describeMediaError(media) });
    };
    const onEnded = () => {
      if (stem === this.leader() && this.playing && !this.loop) this.pause();
    };
    media.addEventListener('canplay', onReady);
    media.addEventListener('loadedmetadata', onReady);
    media.addEventListener('error', onError);
    media.addEventListener('ended', onEnded);
    stem.off = () => {
      media.removeEventListener('canplay', onReady);
      media.removeEventListener('loadedmetadata', onReady);
      media.removeEventListener('error', onError);
      media.removeEventListener('ended', onEnded);
    };
    return stem;
  }

  // --- subscription (for useSyncExternalStore): mix, status and transport, never the time ---
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = (): PlayerSnapshot => this.snapshot;

  private buildSnapshot(): PlayerSnapshot {
    const durations = this.stems
      .map((s) => s.media.duration)
      .filter((d) => Number.isFinite(d) && d > 0);
    const states: StemState[] = this.connected
      ? this.stems.map((s) => s.state)
      : this.sources.map((src) => this.initialState(src));
    return {
      stems: states,
      playing: this.playing,
      rate: this.rate,
      loop: this.loop,
      duration: durations.length ? Math.max(...durations) : 0,
      leaderId: this.leader()?.state.id ?? null,
    };
  }

  private emit(): void {
    this.snapshot = this.buildSnapshot();
    for (const l of this.listeners) l();
  }

  private setStem(stem: Stem, patch: Partial<StemState>): void {
    stem.state = { ...stem.state, ...patch };
    this.applyGains();
    this.emit();
  }

  /** The clock: the first stem that loaded (a failed stem is never the leader). */
  private leader(): Stem | undefined {
    return this.stems.find((s) => s.state.status === 'ready');
  }

  private live(): Stem[] {
    return this.stems.filter((s) => s.state.status !== 'error');
  }

  private applyGains(): void {
    const gains = effectiveGains(this.stems.map((s) => s.state));
    for (const s of this.stems) s.media.volume = gains.get(s.state.id) ?? 0;
  }

  /** Playhead time in seconds; cheap, call it from requestAnimationFrame. */
  getTime(): number {
    const leader = this.leader();
    if (!this.playing || !leader) return this.position;
    const mediaTime = leader.media.currentTime;
    const now = this.now();
    // currentTime advances in steps; extrapolate between steps so the playhead moves smoothly.
    if (mediaTime !== this.anchor.media) this.anchor = { media: mediaTime, perf: now };
    const ahead = Math.min(0.25, ((now - this.anchor.perf) / 1000) * this.rate);
    return this.anchor.media + ahead;
  }

  async play(): Promise<void> {
    if (this.playing || !this.connected) return;
    const start =
      this.loop && (this.position < this.loop.start || this.position >= this.loop.end)
        ? this.loop.start
        : this.position;
    this.playing = true;
    for (const s of this.live()) s.media.currentTime = start;
    this.anchor = { media: start, perf: this.now() };
    this.position = start;
    this.startTimer();
    this.emit();
    await Promise.all(this.live().map((s) => this.playMedia(s)));
  }

  private async playMedia(stem: Stem): Promise<void> {
    stem.media.playbackRate = this.rate;
    try {
      await stem.media.play();
    } catch (err) {
      // A pause() racing play() rejects with AbortError: not a failure of the stem.
      const name = err instanceof Error ? err.name : '';
      if (name !== 'AbortError' && this.playing) {
        this.setStem(stem, {
          status: 'error',
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }
  }

  pause(): void {
    if (!this.playing) return;
    this.position = this.getTime();
    this.playing = false;
    for (const s of this.stems) s.media.pause();
    this.stopTimer();
    this.emit();
  }

  toggle(): Promise<void> {
    if (this.playing) {
      this.pause();
      return Promise.resolve();
    }
    return this.play();
  }

  seek(time: number): void {
    const t = Math.max(0, Number.isFinite(time) ? time : 0);
    this.position = t;
    this.anchor = { media: t, perf: this.now() };
    for (const s of this.live()) s.media.currentTime = t;
    this.emit();
  }

  setRate(rate: number): void {
    this.rate = clampRate(rate);
    for (const s of this.stems) {
      s.media.preservesPitch = true;
      s.media.playbackRate = this.rate;
    }
    this.emit();
  }

  setLoop(range: LoopRange | null): void {
    this.loop = range && range.end > range.start ? { ...range } : null;
    this.emit();
  }

  setVolume(id: string, volume: number): void {
    this.patchStem(id, { volume: Math.min(1, Math.max(0, volume)) });
  }
  setMuted(id: string, muted: boolean): void {
    this.patchStem(id, { muted });
  }
  setSolo(id: string, solo: boolean): void {
    this.patchStem(id, { solo });
  }

  /** One call to solo the vocals (stems of that type), or to clear that solo. */
  toggleSoloType(type = 'vocals'): void {
    const ids = new Set(this.stems.filter((s) => s.state.type === type).map((s) => s.state.id));
    const next = toggleSoloOf(
      this.stems.map((s) => s.state),
      ids,
    );
    this.stems.forEach((s, i) => (s.state = next[i] ?? s.state));
    this.applyGains();
    this.emit();
  }

  private patchStem(id: string, patch: Partial<StemState>): void {
    const stem = this.stems.find((s) => s.state.id === id);
    if (stem) this.setStem(stem, patch);
  }

  /** Drift check and loop wrap; runs every `tickMs` while playing (tests call it directly). */
  tick(): void {
    if (!this.playing) return;
    const leader = this.leader();
    if (!leader) return;
    const t = leader.media.currentTime;
    if (this.loop && t >= this.loop.end) {
      this.seek(this.loop.start);
      return;
    }
    for (const s of this.stems) {
      if (s === leader || s.state.status !== 'ready') continue;
      const drift = s.media.currentTime - t;
      this.drift.set(s.state.id, drift);
      if (this.driftSamples.length < MAX_DRIFT_SAMPLES) this.driftSamples.push(Math.abs(drift));
      if (Math.abs(drift) > this.threshold) {
        s.media.currentTime = t;
        this.corrections++;
      }
    }
  }

  getDrift(): DriftStats {
    return {
      perStem: new Map(this.drift),
      samples: [...this.driftSamples],
      corrections: this.corrections,
    };
  }

  private startTimer(): void {
    this.stopTimer();
    const set = this.opts.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
    this.timer = set(() => this.tick(), this.opts.tickMs ?? 50);
  }

  private stopTimer(): void {
    if (this.timer === null) return;
    const clear = this.opts.clearInterval ?? ((h) => globalThis.clearInterval(h as number));
    clear(this.timer);
    this.timer = null;
  }

  /**
   * Stops and releases the media (removing src lets the browser drop its buffers). The position
   * and mix are kept, so a later connect() resumes where this left off.
   */
  dispose(): void {
    if (!this.connected) return;
    this.position = this.getTime();
    this.connected = false;
    this.playing = false;
    this.stopTimer();
    for (const s of this.stems) {
      const { volume, muted, solo } = s.state;
      this.mixMemory.set(s.state.id, { volume, muted, solo });
      s.off();
      s.media.pause();
      s.media.removeAttribute('src');
      s.media.load();
    }
    this.stems = [];
    this.emit();
  }
}
