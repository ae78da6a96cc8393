/**
 * Measures, the same way for the canvas timeline and for wavesurfer Regions:
 * - work: main-thread ms per frame spent in input handlers plus the timeline redraw;
 * - latency: input event -> the frame that shows it has been produced (posted after rAF);
 * - intervals: rAF to rAF;
 * - settle: pointerup -> the end of the last busy stretch of the main thread it caused (commit,
 *   redraw, or the Regions plugin's label layout timeouts).
 */
export class FrameProbe {
  recording = false;
  work: number[] = [];
  latency: number[] = [];
  intervals: number[] = [];
  settle: number[] = [];
  /** pointerdown -> settled after pointerup: the whole gesture. */
  gesture: number[] = [];
  private downAt = 0;
  private acc = 0;
  private inputs: number[] = [];
  private inputStart = 0;
  private lastFrame = 0;
  private channel = new MessageChannel();

  constructor() {
    this.channel.port1.onmessage = () => this.afterFrame();
    const capture = () => {
      this.inputStart = performance.now();
      if (this.recording) this.inputs.push(this.inputStart);
    };
    const bubble = () => {
      if (this.recording) this.acc += performance.now() - this.inputStart;
    };
    for (const type of ['pointermove', 'pointerdown', 'pointerup', 'wheel']) {
      window.addEventListener(type, capture, { capture: true, passive: true });
      window.addEventListener(type, bubble, { passive: true });
    }
    window.addEventListener('pointerdown', () => (this.downAt = this.inputStart));
    window.addEventListener('pointerup', () => {
      if (!this.recording) return;
      const up = this.inputStart;
      const down = this.downAt;
      void Promise.all([untilIdle(up), afterQueuedTimers()]).then(([idle, timers]) => {
        // A timer that ran late ran after work (the plugin's label layout): up to then counts.
        // One that ran on time only measured our own wait, not work.
        const ms = Math.max(idle, timers === null ? 0 : timers - up);
        this.settle.push(ms);
        this.gesture.push(up + ms - down);
      });
    });
    const loop = (now: number) => {
      if (this.recording && this.lastFrame) this.intervals.push(now - this.lastFrame);
      this.lastFrame = now;
      this.channel.port2.postMessage(0);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }

  /** The timeline's redraw time (TimelineCanvas onRender). */
  addWork(ms: number): void {
    if (this.recording) this.acc += ms;
  }

  private afterFrame(): void {
    if (!this.recording) return;
    if (this.acc > 0) this.work.push(this.acc);
    this.acc = 0;
    const now = performance.now();
    for (const t of this.inputs) this.latency.push(now - t);
    this.inputs = [];
  }

  start(): void {
    this.work = [];
    this.latency = [];
    this.intervals = [];
    this.settle = [];
    this.gesture = [];
    this.acc = 0;
    this.inputs = [];
    this.lastFrame = 0;
    this.recording = true;
  }

  stop() {
    this.recording = false;
    return {
      work: this.work,
      latency: this.latency,
      intervals: this.intervals,
      settle: this.settle,
      gesture: this.gesture,
    };
  }
}

/**
 * Waits for the timeouts queued by this pointerup to run: the Regions plugin lays out every label
 * in a 10 ms timeout at drag end. Our listener runs before the plugin's (registered first), so the
 * 11 ms timer is armed from a later task to come after theirs. Resolves with performance.now()
 * when our timer ran late (something ran before it: that work ended then), or null when it ran on
 * time (nothing did; the 11 ms are our own wait). The zero-delay chain in untilIdle alone can
 * starve timers and see "idle" too early.
 */
function afterQueuedTimers(lateMs = 8): Promise<number | null> {
  return new Promise((resolve) =>
    setTimeout(() => {
      const armed = performance.now();
      setTimeout(() => {
        const now = performance.now();
        resolve(now - armed - 11 > lateMs ? now : null);
      }, 11);
    }, 0),
  );
}

/**
 * Ms from `t0` to the end of the last main-thread stretch longer than `gapMs`, found by a chain
 * of MessageChannel posts (not setTimeout: nested timeouts are clamped to 4 ms): a long gap
 * between two of them means something else ran. Ends after `quietMs` without one (or 90 s).
 */
export function untilIdle(t0: number, gapMs = 8, quietMs = 150): Promise<number> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    let last = t0;
    let busyEnd = performance.now();
    channel.port1.onmessage = () => {
      const now = performance.now();
      if (now - last > gapMs) busyEnd = now;
      last = now;
      if (now - busyEnd > quietMs || now - t0 > 90_000) {
        channel.port1.close();
        resolve(busyEnd - t0);
      } else channel.port2.postMessage(0);
    };
    channel.port2.postMessage(0);
  });
}
