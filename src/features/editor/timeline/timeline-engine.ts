import { autoScrollStep } from './auto-scroll';
import type { Canvas2D } from './canvas-context';
import { laneRuleOf, prepareLod } from './lod';
import type { MarqueeRect, PointerInput, TimelineIntent } from './intents';
import { renderOverlay } from './overlay';
import { PointerTool, type ToolContext, type ToolOptions } from './pointer-tool';
import { renderTimeline, type RenderStats } from './render-timeline';
import type { TimelineScene } from './types';

/** An offscreen canvas the engine keeps a drag's base in (see TimelineEngine.paint). */
export interface TimelineLayer {
  /** Its context with the backing store at `width` x `height` device px (null: none to be had). */
  context(width: number, height: number): Canvas2D | null;
  readonly image: CanvasImageSource;
}

/** What a drag's base depends on: all of the scene but the preview's times and the snap guide. */
type BaseKey = unknown[];

function baseKeyOf(s: TimelineScene): BaseKey {
  const { view, preview } = s;
  return [
    s.items,
    view.startTime,
    view.pxPerSecond,
    view.width,
    view.height,
    view.devicePixelRatio,
    s.laneMode,
    s.laneCount,
    s.singerLanes,
    s.selection,
    s.hoverKey,
    s.problemKeys,
    s.estimatedKeys,
    s.conflictKeys,
    s.uncertainKeys,
    s.onsets,
    s.onsetStrengths,
    s.colors,
    // the dragged words (outlined in the base): the same set, or the same keys
    preview?.kind === 'shift' ? preview.keys : preview?.kind === 'replace' ? preview.items : null,
  ];
}

function sameKeys(
  a: ReadonlySet<string> | ReadonlyMap<string, unknown> | null,
  b: ReadonlySet<string> | ReadonlyMap<string, unknown> | null,
): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const key of a.keys()) if (!b.has(key)) return false;
  return true;
}

function sameBase(a: BaseKey, b: BaseKey): boolean {
  const last = a.length - 1;
  for (let k = 0; k < last; k++) if (a[k] !== b[k]) return false;
  return sameKeys(a[last] as never, b[last] as never);
}
import type { CanvasSize } from './use-canvas-size';
import { DEFAULT_ZOOM_LIMITS, scrollBy, type ZoomLimits } from './viewport';
import { applyWheel, type WheelInput } from './wheel';

/** What the engine reads of `TimelineCanvas`'s props, always the latest. */
export interface EngineInputs {
  getScene: () => TimelineScene;
  getPlayheadTime?: () => number | null;
  getOnsets?: () => readonly number[];
  getOnsetStrengths?: () => readonly number[];
  onIntent: (intent: TimelineIntent) => void;
  toolOptions?: Partial<ToolOptions>;
  zoomLimits?: ZoomLimits;
  onRender?: (stats: RenderStats, ms: number) => void;
}

/** What the overlay last showed: it is redrawn only when one of these changed. */
interface OverlayShown {
  time: number | null;
  start: number;
  pps: number;
  marquee: MarqueeRect | null;
}

/**
 * The timeline without React: the pointer tool, the scene at the measured size, one redraw of
 * the static canvas per frame when something changed, the overlay (playhead, marquee) when it
 * moved, auto-scroll while a drag holds the pointer at an edge, and the wheel. `TimelineCanvas`
 * wires it to the DOM.
 */
export class TimelineEngine {
  readonly tool = new PointerTool();
  /** The drag's base (layer.ts of the DOM): made at the first drag, kept. */
  private layer: TimelineLayer | null = null;
  /** What the layer holds (null: nothing valid). */
  private base: BaseKey | null = null;

  /** `makeLayer`: an offscreen canvas for a drag's base (none: every frame paints it all). */
  constructor(private readonly makeLayer: () => TimelineLayer | null = () => null) {}
  /** The static canvas needs a redraw (the scene or the size changed). */
  dirty = true;
  private marquee: MarqueeRect | null = null;
  /** Timestamp of the previous auto-scroll frame (null: no drag in progress). */
  private scrolledAt: number | null = null;
  private shown: OverlayShown = { time: NaN, start: NaN, pps: NaN, marquee: null };

  private props: EngineInputs | null = null;
  /** Where a `cursor` intent goes (the canvas's style). */
  private setCursor: (cursor: string) => void = () => {};
  private measured: CanvasSize = { width: 0, height: 0, devicePixelRatio: 1 };

  /** The component's latest props (after each render) and where cursors go. */
  connect(props: EngineInputs, setCursor: (cursor: string) => void): void {
    this.props = props;
    this.setCursor = setCursor;
  }

  /** The canvases' measured size: the static scene is drawn again. */
  resize(size: CanvasSize): void {
    this.measured = size;
    this.dirty = true;
  }

  private inputs(): EngineInputs {
    if (!this.props) throw new Error('TimelineEngine: connect() it to its props first');
    return this.props;
  }

  private size(): CanvasSize {
    return this.measured;
  }

  /** The page's scene with the measured size. */
  scene(): TimelineScene {
    const s = this.inputs().getScene();
    return { ...s, view: { ...s.view, ...this.size() } };
  }

  toolContext(): ToolContext {
    const p = this.inputs();
    return {
      scene: this.scene(),
      playheadTime: p.getPlayheadTime?.() ?? null,
      onsets: p.getOnsets?.() ?? [],
      onsetStrengths: p.getOnsetStrengths?.() ?? [],
      options: p.toolOptions,
    };
  }

  emit(intents: TimelineIntent[]): void {
    for (const intent of intents) {
      if (intent.type === 'cursor') {
        this.setCursor(intent.cursor);
        continue;
      }
      if (intent.type === 'marquee') this.marquee = intent.rect;
      this.inputs().onIntent(intent);
    }
  }

  down = (input: PointerInput) => this.emit(this.tool.down(input, this.toolContext()));
  move = (input: PointerInput) => this.emit(this.tool.move(input, this.toolContext()));
  up = (input: PointerInput) => this.emit(this.tool.up(input, this.toolContext()));
  cancel = () => this.emit(this.tool.cancel());
  /** Escape ends a gesture in progress (preview cleared, nothing committed). */
  escape = () => {
    if (this.tool.gesture !== 'idle') this.cancel();
  };

  /** The wheel's new view (zoom with ctrl/cmd, else scroll), as a `view` intent. */
  wheel(input: WheelInput): void {
    const p = this.inputs();
    const view = applyWheel(this.scene().view, input, p.zoomLimits ?? DEFAULT_ZOOM_LIMITS);
    p.onIntent({ type: 'view', view });
  }

  /**
   * While a drag holds the pointer near an edge, scroll the view a little every frame and run the
   * drag's last move again, so what is dragged stays under the pointer in time.
   */
  autoScroll(now: number): void {
    const pointer = this.tool.autoScrolls ? this.tool.pointer : null;
    if (!pointer) {
      this.scrolledAt = null;
      return;
    }
    const dt = this.scrolledAt === null ? 0 : (now - this.scrolledAt) / 1000;
    this.scrolledAt = now;
    const dx = autoScrollStep(pointer.x, this.size().width, dt);
    if (dx === 0) return;
    const p = this.inputs();
    const view = this.scene().view;
    const next = scrollBy(view, dx, p.zoomLimits ?? DEFAULT_ZOOM_LIMITS);
    if (next.startTime === view.startTime) return;
    p.onIntent({ type: 'view', view: next });
    this.emit(this.tool.replay(this.toolContext()));
  }

  /**
   * Idle time: the words' level of detail for a zoom out (lod.ts `prepareLod`) while `more()`
   * says there is time. True when there is nothing (left) to make for the current scene.
   */
  idle(more: () => boolean): boolean {
    if (!this.props) return true;
    const s = this.inputs().getScene();
    return s.blocks ? prepareLod(s.blocks, laneRuleOf(s), more) : true;
  }

  /**
   * The static canvas. While a drag is shown, everything under it (the words, ruler, lanes: the
   * base) is painted once into an offscreen layer and each frame copies it and paints only the
   * dragged words and the snap guide; it is painted again when anything but the drag changed.
   */
  private paint(ctx: Canvas2D, s: TimelineScene): RenderStats {
    if ((s.preview !== null || s.snapGuide != null) && ctx.drawImage) {
      this.layer ??= this.makeLayer();
      const dpr = s.view.devicePixelRatio;
      const width = Math.max(1, Math.round(s.view.width * dpr));
      const height = Math.max(1, Math.round(s.view.height * dpr));
      const lctx = this.layer?.context(width, height);
      if (this.layer && lctx) {
        const key = baseKeyOf(s);
        if (!this.base || !sameBase(this.base, key)) {
          renderTimeline(lctx, s, 'base');
          this.base = key;
        }
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.drawImage(this.layer.image, 0, 0);
        return renderTimeline(ctx, s, 'top');
      }
    }
    this.base = null;
    return renderTimeline(ctx, s);
  }

  /** One animation frame: auto-scroll, the static scene if dirty, the overlay if it moved. */
  frame(now: number, ctx: Canvas2D, octx: Canvas2D): void {
    if (this.size().width === 0 || !this.props) return;
    this.autoScroll(now);
    const p = this.inputs();
    const s = this.scene();
    if (this.dirty) {
      this.dirty = false;
      const t0 = performance.now();
      const stats = this.paint(ctx, s);
      p.onRender?.(stats, performance.now() - t0);
    }
    const time = p.getPlayheadTime?.() ?? null;
    const last = this.shown;
    const { startTime, pxPerSecond } = s.view;
    if (
      time === last.time &&
      startTime === last.start &&
      pxPerSecond === last.pps &&
      this.marquee === last.marquee
    )
      return;
    this.shown = { time, start: startTime, pps: pxPerSecond, marquee: this.marquee };
    renderOverlay(octx, {
      view: s.view,
      playheadTime: time,
      marquee: this.marquee,
      colors: s.colors,
    });
  }
}
