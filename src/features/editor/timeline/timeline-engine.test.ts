import { describe, expect, it } from 'vitest';
import { createRecordingContext } from './fake-context';
import { renderTimeline } from './render-timeline';
import { regularItems, sceneFromArray } from './test-scene';
import { TimelineEngine, type TimelineLayer } from './timeline-engine';
import type { DragPreview, TimelineScene } from './types';

/** A recording context that can also copy a layer (counts the copies). */
function mainContext() {
  const ctx = createRecordingContext();
  const copies: unknown[] = [];
  return Object.assign(ctx, { copies, drawImage: (image: unknown) => void copies.push(image) });
}

describe('TimelineEngine', () => {
  it('paints a drag’s base once, then per frame copies it and paints only the dragged words', () => {
    const items = regularItems(400, 0.4, 0.3);
    const keys = new Set(['w10']);
    let preview: DragPreview | null = null;
    let selection: ReadonlySet<string> = keys;
    const scene = (): TimelineScene =>
      sceneFromArray(items, {
        view: { startTime: 0, pxPerSecond: 80, width: 800, height: 200, devicePixelRatio: 1 },
        selection,
        preview,
        snapGuide: null,
      });
    const layerCtx = createRecordingContext();
    const sizes: number[][] = [];
    const image = {} as CanvasImageSource;
    const layer: TimelineLayer = {
      image,
      context: (w, h) => (sizes.push([w, h]), layerCtx),
    };
    const engine = new TimelineEngine(() => layer);
    engine.connect({ getScene: scene, onIntent: () => {} }, () => {});
    engine.resize({ width: 800, height: 200, devicePixelRatio: 1 });
    const main = mainContext();
    const overlay = createRecordingContext();
    const frame = () => {
      engine.dirty = true;
      main.calls.length = 0;
      engine.frame(0, main, overlay);
    };

    frame(); // no drag: painted whole, no layer
    expect(layerCtx.calls).toHaveLength(0);
    expect(main.copies).toHaveLength(0);
    const whole = main.calls.length;

    for (let k = 1; k <= 5; k++) {
      preview = { kind: 'shift', keys, deltaSeconds: k * 0.05 };
      frame();
      // each frame: one copy of the base and the dragged word on top, as painting all of it would
      expect(main.copies).toHaveLength(k);
      const expected = createRecordingContext();
      renderTimeline(expected, scene(), 'top');
      expect(main.calls).toEqual(expected.calls);
      expect(main.calls.length).toBeLessThan(whole / 5);
    }
    const baseCalls = layerCtx.calls.length;
    expect(baseCalls).toBeGreaterThan(whole / 2); // painted once, at the first drag frame
    expect(sizes).toEqual(Array.from({ length: 5 }, () => [800, 200]));

    // anything but the drag changed: the base is painted again
    selection = new Set(['w10', 'w11']);
    frame();
    expect(layerCtx.calls.length).toBeGreaterThan(baseCalls);
    // the drag over: painted whole again
    preview = null;
    frame();
    expect(main.copies).toHaveLength(6);
    expect(main.calls.length).toBeGreaterThan(whole / 2);
  });
});
