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
    window.addEventListener('pointerup', () => {
      if (!this.recording) return;
      void untilIdle(this.inputStart).then((ms) => this.settle.push(ms));
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
    };
  }
}

/**
 * Ms from `t0` to the end of the last main-thread stretch longer than `gapMs`, found by a chain
 * of zero-delay timeouts: a long gap between two of them means something else ran. Ends after
 * `quietMs` without a long gap (or 60 s).
 */
export function untilIdle(t0: number, gapMs = 6, quietMs = 120): Promise<number> {
  return new Promise((resolve) => {
    let last = t0;
    let busyEnd = performance.now();
    const check = () => {
      const now = performance.now();
      if (now - last > gapMs) busyEnd = now;
      last = now;
      if (now - busyEnd > quietMs || now - t0 > 60_000) resolve(busyEnd - t0);
      else setTimeout(check, 0);
    };
    setTimeout(check, 0);
  });
}
