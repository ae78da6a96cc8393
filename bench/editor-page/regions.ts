import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin from 'wavesurfer.js/plugins/regions';
import type { TimelineItem } from '../../src/features/editor/timeline/types';

/** wavesurfer + Regions, the usual alternative: one labelled DOM region per word. */
export class RegionsScenario {
  private ws: WaveSurfer | null = null;
  private regions: ReturnType<typeof RegionsPlugin.create> | null = null;

  async mount(
    container: HTMLElement,
    items: TimelineItem[],
    duration: number,
    viewSeconds: number,
  ) {
    const peaks = new Float32Array(Math.ceil(duration * 50)).map((_, i) => Math.sin(i / 7) * 0.6);
    this.regions = RegionsPlugin.create();
    this.ws = WaveSurfer.create({
      container,
      height: 160,
      peaks: [peaks],
      duration,
      minPxPerSec: container.clientWidth / viewSeconds,
      waveColor: '#3a4658',
      progressColor: '#3a4658',
      cursorWidth: 0,
      interact: false,
      plugins: [this.regions],
    });
    await new Promise<void>((resolve) => this.ws?.once('ready', () => resolve()));
    const t0 = performance.now();
    for (const it of items) {
      this.regions.addRegion({
        id: it.key,
        start: it.start,
        end: it.end,
        content: it.text,
        color: 'rgba(47, 93, 138, 0.6)',
      });
    }
    await settled();
    return performance.now() - t0;
  }

  scrollTo(time: number): void {
    this.ws?.setScrollTime(time);
  }

  /** Client point of a region's body centre. */
  pointOf(key: string): { x: number; y: number } | null {
    const region = this.regions?.getRegions().find((r) => r.id === key);
    const rect = region?.element?.getBoundingClientRect();
    return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null;
  }

  startOf(key: string): number | null {
    return this.regions?.getRegions().find((r) => r.id === key)?.start ?? null;
  }

  destroy(): void {
    this.ws?.destroy();
    this.ws = null;
    this.regions = null;
  }
}

/** Queued timeouts (regions lay out labels in 10 ms timeouts) have run and a frame was made. */
export function settled(): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), 30),
  );
}
