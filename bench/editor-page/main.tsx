import { createRoot, type Root } from 'react-dom/client';
import { TimelineCanvas } from '../../src/features/editor/timeline/timeline-canvas';
import type { TimelineItem } from '../../src/features/editor/timeline/types';
import { BenchStore, generateItems } from './bench-store';
import { FrameProbe } from './frame-probe';
import { RegionsScenario, settled } from './regions';

const probe = new FrameProbe();
const status = document.getElementById('status');
let root: Root | null = null;
let store: BenchStore | null = null;
let regions: RegionsScenario | null = null;
let json = '';

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

const bench = {
  /** Data as it would arrive from the API (not timed). */
  prepare(n: number, duration: number) {
    json = JSON.stringify({ items: generateItems(n, duration) });
    return json.length;
  },

  /** Data -> first frame: parse, index, mount and draw. Resolves with the ms it took. */
  async mountCanvas(duration: number, viewSeconds: number, select?: string[]) {
    bench.unmount();
    const t0 = performance.now();
    const items = (JSON.parse(json) as { items: TimelineItem[] }).items;
    store = new BenchStore(items, duration, viewSeconds);
    if (select) store.set({ selection: new Set(select) });
    const s = store;
    let firstFrame: () => void = () => {};
    const drawn = new Promise<void>((r) => (firstFrame = r));
    const el = document.getElementById('root') as HTMLElement;
    root = createRoot(el);
    root.render(
      <TimelineCanvas
        getScene={s.getScene}
        subscribe={s.subscribe}
        getPlayheadTime={() => s.playhead}
        onIntent={s.apply}
        onRender={(_stats, ms) => {
          probe.addWork(ms);
          firstFrame();
        }}
        zoomLimits={{ minPxPerSecond: 0.05, maxPxPerSecond: 2000, duration }}
        exposeTestHook
        ariaLabel="Timeline"
        className="timeline"
      />,
    );
    await drawn;
    await nextFrame();
    if (status) status.textContent = `${items.length.toLocaleString()} items`;
    return performance.now() - t0;
  },

  setView(startTime: number, viewSeconds: number) {
    const s = store;
    if (!s) return;
    const width = s.scene.view.width;
    s.apply({
      type: 'view',
      view: { ...s.scene.view, startTime, pxPerSecond: width / viewSeconds },
    });
  },

  getView: () => store?.scene.view ?? null,

  setPlayhead(t: number) {
    if (store) store.playhead = t;
  },

  unmount() {
    root?.unmount();
    root = null;
    store = null;
    regions?.destroy();
    regions = null;
  },

  async mountRegions(n: number, duration: number, viewSeconds: number) {
    bench.unmount();
    regions = new RegionsScenario();
    const el = document.getElementById('regions') as HTMLElement;
    return regions.mount(el, generateItems(n, duration), duration, viewSeconds);
  },
  regionsScrollTo: (t: number) => regions?.scrollTo(t),
  regionPoint: (key: string) => regions?.pointOf(key) ?? null,
  regionStart: (key: string) => regions?.startOf(key) ?? null,
  itemStart(key: string) {
    const items = store?.scene.items;
    if (!items) return null;
    for (let i = 0; i < items.count; i++)
      if (items.itemAt(i).key === key) return items.itemAt(i).start;
    return null;
  },

  startProbe: () => probe.start(),
  stopProbe: () => probe.stop(),
  settleCount: () => probe.settle.length,
  settled,
};

declare global {
  interface Window {
    bench: typeof bench;
  }
}
window.bench = bench;
if (new URLSearchParams(location.search).has('demo')) {
  void import('./demo').then((m) => m.mountDemo(document.getElementById('root') as HTMLElement));
}
if (status) status.textContent = 'ready';
