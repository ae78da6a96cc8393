import { cursorFor, EDGE_ZONE_PX, hitTest, type Hit } from './hit-test';
import type { MarqueeRect, PointerInput, SelectMode, TimelineIntent } from './intents';
import { RULER_HEIGHT } from './layout';
import { keysInRect } from './marquee';
import {
  buildSnapIndex,
  EMPTY_SNAP_INDEX,
  snapEdges,
  snapIndexStale,
  snapTuning,
  type SnapIndex,
  type SnapSources,
} from './snapping';
import type { TimelineItem, TimelineScene } from './types';

export interface ToolOptions {
  snapping: boolean;
  snapThresholdPx: number;
  edgeZonePx: number;
  /** Pointer travel before a press becomes a drag. */
  dragThresholdPx: number;
  minDurationSeconds: number;
}

export const DEFAULT_TOOL_OPTIONS: ToolOptions = {
  snapping: true,
  snapThresholdPx: 12,
  edgeZonePx: EDGE_ZONE_PX,
  dragThresholdPx: 3,
  minDurationSeconds: 0.02,
};

/** What the tool reads from the page at each event. */
export interface ToolContext {
  scene: TimelineScene;
  playheadTime: number | null;
  onsets?: readonly number[];
  /** Per onset its strength (1 = strongest in the song); ranks and thins the onset targets. */
  onsetStrengths?: readonly number[];
  options?: Partial<ToolOptions>;
}

/** Alt held: snapping is bypassed for this move (Shift and Ctrl/Cmd already mean selection). */
export const isSnapBypassed = (e: PointerInput) => e.altKey;

/** Where a press happened, with the view of that moment: the point stays put in time. */
interface Anchor {
  downX: number;
  downStart: number;
  downPps: number;
}

/**
 * Where the press point is now (CSS px): it moves with the content when the view scrolled or
 * zoomed since (auto-scroll, wheel). Exactly `downX` while the view is unchanged.
 */
const anchorX = (a: Anchor, view: TimelineScene['view']): number =>
  a.downX * (view.pxPerSecond / a.downPps) - (view.startTime - a.downStart) * view.pxPerSecond;

type Gesture =
  | { kind: 'idle'; hoverKey: string | null }
  | (Anchor & {
      kind: 'press';
      hit: Hit | null;
      downY: number;
      mods: SelectMode | null;
      wasSelected: boolean;
    })
  | { kind: 'seek' }
  | (Anchor & { kind: 'move'; keys: Set<string>; grab: TimelineItem; minStart: number })
  | { kind: 'resize'; item: TimelineItem; side: 'start' | 'end'; time: number }
  | { kind: 'roll'; left: TimelineItem; right: TimelineItem; time: number }
  | (Anchor & { kind: 'marquee'; rect: MarqueeRect; mode: SelectMode });

type Dragging = Extract<Gesture, { kind: 'move' | 'resize' | 'roll' }>;

const modsOf = (e: PointerInput): SelectMode | null =>
  e.ctrlKey || e.metaKey ? 'toggle' : e.shiftKey ? 'range' : null;

/**
 * Pointer logic of the timeline as a small state machine: pointer events in, intents out.
 * No DOM, no store: the component feeds it and the page applies the intents.
 */
export class PointerTool {
  private g: Gesture = { kind: 'idle', hoverKey: null };
  private targets: SnapIndex = EMPTY_SNAP_INDEX;
  /** What the targets were built from: rebuilt when the zoom changed during the drag. */
  private sources: SnapSources | null = null;
  private lastValue = 0;
  private lastInput: PointerInput | null = null;

  get gesture(): Gesture['kind'] {
    return this.g.kind;
  }

  /** A drag that follows the content: the view should auto-scroll near the edges. */
  get autoScrolls(): boolean {
    const k = this.g.kind;
    return k === 'move' || k === 'resize' || k === 'roll' || k === 'marquee';
  }

  /** The pointer position of the gesture in progress (null when idle). */
  get pointer(): PointerInput | null {
    return this.g.kind === 'idle' ? null : this.lastInput;
  }

  /**
   * The view moved under a still pointer (auto-scroll): run the last move again so the preview
   * follows the content. Nothing when no drag is in progress.
   */
  replay(ctx: ToolContext): TimelineIntent[] {
    const e = this.lastInput;
    return e && this.autoScrolls ? this.move(e, ctx) : [];
  }

  down(e: PointerInput, ctx: ToolContext): TimelineIntent[] {
    const opt = { ...DEFAULT_TOOL_OPTIONS, ...ctx.options };
    const view = ctx.scene.view;
    this.lastInput = e;
    if (e.y < RULER_HEIGHT) {
      this.g = { kind: 'seek' };
      return [{ type: 'seek', time: Math.max(0, view.startTime + e.x / view.pxPerSecond) }];
    }
    const hit = hitTest(ctx.scene, e.x, e.y, opt.edgeZonePx);
    const mods = modsOf(e);
    const wasSelected = hit !== null && ctx.scene.selection.has(hit.key);
    this.g = {
      kind: 'press',
      hit,
      downX: e.x,
      downY: e.y,
      downStart: view.startTime,
      downPps: view.pxPerSecond,
      mods,
      wasSelected,
    };
    // Pressing an unselected word selects it at once so that a drag moves what the user sees.
    if (hit && hit.part === 'body' && !wasSelected) {
      return [{ type: 'select', keys: [hit.key], mode: mods ?? 'replace' }];
    }
    return [];
  }

  move(e: PointerInput, ctx: ToolContext): TimelineIntent[] {
    const opt = { ...DEFAULT_TOOL_OPTIONS, ...ctx.options };
    const scene = ctx.scene;
    const view = scene.view;
    const g = this.g;
    if (g.kind !== 'idle') this.lastInput = e;
    switch (g.kind) {
      case 'idle': {
        const hit = hitTest(scene, e.x, e.y, opt.edgeZonePx);
        const key = hit?.key ?? null;
        const out: TimelineIntent[] = [{ type: 'cursor', cursor: cursorFor(hit) }];
        if (key !== g.hoverKey) out.push({ type: 'hover', key });
        this.g = { kind: 'idle', hoverKey: key };
        return out;
      }
      case 'seek':
        return [{ type: 'seek', time: Math.max(0, view.startTime + e.x / view.pxPerSecond) }];
      case 'press': {
        const dx = e.x - anchorX(g, view);
        if (Math.hypot(dx, e.y - g.downY) < opt.dragThresholdPx) return [];
        this.startDrag(g, ctx);
        return this.move(e, ctx);
      }
      case 'marquee': {
        g.rect = { x0: anchorX(g, view), y0: g.rect.y0, x1: e.x, y1: e.y };
        return [{ type: 'marquee', rect: g.rect }];
      }
      case 'move':
      case 'resize':
      case 'roll':
        return this.drag(g, e, ctx, opt);
    }
  }

  up(e: PointerInput, ctx: ToolContext): TimelineIntent[] {
    const g = this.g;
    this.g = { kind: 'idle', hoverKey: null };
    this.lastInput = null;
    switch (g.kind) {
      case 'idle':
      case 'seek':
        return [];
      case 'press': {
        if (!g.hit) return g.mods ? [] : [{ type: 'select', keys: [], mode: 'replace' }];
        // An unselected word was selected on press already. A click on a selected one collapses
        // the selection to it (or toggles it out with Ctrl/Cmd); edges select on click.
        if (g.hit.part === 'body' && !g.wasSelected) return [];
        return [{ type: 'select', keys: [g.hit.key], mode: g.mods ?? 'replace' }];
      }
      case 'marquee': {
        const x0 = anchorX(g, ctx.scene.view);
        const keys = keysInRect(ctx.scene, { x0, y0: g.rect.y0, x1: e.x, y1: e.y });
        return [
          { type: 'marquee', rect: null },
          { type: 'select', keys, mode: g.mode },
        ];
      }
      case 'move': {
        const out: TimelineIntent[] = [{ type: 'preview', preview: null, snapGuide: null }];
        if (this.lastValue !== 0) {
          out.push({ type: 'move', keys: [...g.keys], deltaSeconds: this.lastValue });
        }
        return out;
      }
      case 'resize': {
        const out: TimelineIntent[] = [{ type: 'preview', preview: null, snapGuide: null }];
        const changed = g.side === 'start' ? g.time !== g.item.start : g.time !== g.item.end;
        if (changed) {
          const type = g.side === 'start' ? 'resize-start' : 'resize-end';
          out.push({ type, key: g.item.key, time: g.time });
        }
        return out;
      }
      case 'roll': {
        const out: TimelineIntent[] = [{ type: 'preview', preview: null, snapGuide: null }];
        if (g.time !== g.left.end) {
          out.push({ type: 'roll', leftKey: g.left.key, rightKey: g.right.key, time: g.time });
        }
        return out;
      }
    }
  }

  /** Escape: drop the preview, commit nothing. */
  cancel(): TimelineIntent[] {
    const kind = this.g.kind;
    this.g = { kind: 'idle', hoverKey: null };
    this.lastInput = null;
    if (kind === 'marquee') return [{ type: 'marquee', rect: null }];
    if (kind === 'move' || kind === 'resize' || kind === 'roll') {
      return [{ type: 'preview', preview: null, snapGuide: null }];
    }
    return [];
  }

  private startDrag(g: Extract<Gesture, { kind: 'press' }>, ctx: ToolContext): void {
    const { scene } = ctx;
    const hit = g.hit;
    const anchor: Anchor = { downX: g.downX, downStart: g.downStart, downPps: g.downPps };
    this.lastValue = 0;
    if (!hit) {
      const mode: SelectMode = g.mods ? 'add' : 'replace';
      this.g = {
        kind: 'marquee',
        ...anchor,
        rect: { x0: g.downX, y0: g.downY, x1: g.downX, y1: g.downY },
        mode,
      };
      return;
    }
    if (hit.part === 'shared-edge' && hit.nextItem) {
      const { item: left, nextItem: right } = hit;
      this.collectTargets(ctx, new Set([left.key, right.key]), [left.end]);
      this.g = { kind: 'roll', left, right, time: left.end };
      return;
    }
    if (hit.part === 'start-edge' || hit.part === 'end-edge') {
      const side = hit.part === 'start-edge' ? 'start' : 'end';
      const time = side === 'start' ? hit.item.start : hit.item.end;
      this.collectTargets(ctx, new Set([hit.key]), [time]);
      this.g = {
        kind: 'resize',
        item: hit.item,
        side,
        time: side === 'start' ? hit.item.start : hit.item.end,
      };
      return;
    }
    // The selection as the page has it now (it applied our select intent from `down`).
    const keys = scene.selection.has(hit.key) ? new Set(scene.selection) : new Set([hit.key]);
    let minStart = hit.item.start;
    if (keys.size > 1) {
      for (let i = 0; i < scene.items.count; i++) {
        const it = scene.items.itemAt(i);
        if (keys.has(it.key)) {
          minStart = Math.min(minStart, it.start);
          break; // sorted by start: the first selected one is the earliest
        }
      }
    }
    this.collectTargets(ctx, keys, [hit.item.start, hit.item.end]);
    this.g = { kind: 'move', ...anchor, keys, grab: hit.item, minStart };
  }

  /** Snap targets of the drag that starts now (once per drag; binary searches per move). */
  private collectTargets(ctx: ToolContext, exclude: ReadonlySet<string>, held: number[]): void {
    this.sources = {
      exclude,
      held,
      playheadTime: ctx.playheadTime,
      ...(ctx.onsets ? { onsets: ctx.onsets } : {}),
      ...(ctx.onsetStrengths ? { strengths: ctx.onsetStrengths } : {}),
    };
    this.targets = EMPTY_SNAP_INDEX;
  }

  private drag(g: Dragging, e: PointerInput, ctx: ToolContext, opt: ToolOptions): TimelineIntent[] {
    const view = ctx.scene.view;
    const pps = view.pxPerSecond;
    const pointerTime = view.startTime + e.x / pps;
    const snapOn = opt.snapping && !isSnapBypassed(e);
    const tuning = snapTuning(opt.snapThresholdPx);
    // Built at the first move (the drag threshold passed); again only after a zoom or a long scroll.
    if (snapOn && this.sources && snapIndexStale(this.targets, view))
      this.targets = buildSnapIndex(ctx.scene, this.sources, tuning);
    const snap = (edges: number[]) => (snapOn ? snapEdges(edges, this.targets, pps, tuning) : null);
    switch (g.kind) {
      case 'move': {
        // From the press point in time, not in px: the view may have scrolled since.
        let delta = (e.x - anchorX(g, view)) / pps;
        const s = snap([g.grab.start + delta, g.grab.end + delta]);
        if (s) delta += s.delta;
        delta = Math.max(delta, -g.minStart);
        this.lastValue = delta;
        const guide = s && delta !== -g.minStart ? s.target : null;
        return [
          {
            type: 'preview',
            preview: { kind: 'shift', keys: g.keys, deltaSeconds: delta },
            snapGuide: guide,
          },
        ];
      }
      case 'resize': {
        const s = snap([pointerTime]);
        let t = s ? s.target : pointerTime;
        t =
          g.side === 'start'
            ? Math.min(Math.max(0, t), g.item.end - opt.minDurationSeconds)
            : Math.max(t, g.item.start + opt.minDurationSeconds);
        g.time = t;
        const item = g.side === 'start' ? { ...g.item, start: t } : { ...g.item, end: t };
        return [
          {
            type: 'preview',
            preview: { kind: 'replace', items: new Map([[item.key, item]]) },
            snapGuide: s && s.target === t ? t : null,
          },
        ];
      }
      case 'roll': {
        const s = snap([pointerTime]);
        let t = s ? s.target : pointerTime;
        t = Math.min(
          Math.max(t, g.left.start + opt.minDurationSeconds),
          g.right.end - opt.minDurationSeconds,
        );
        g.time = t;
        const items = new Map([
          [g.left.key, { ...g.left, end: t }],
          [g.right.key, { ...g.right, start: t }],
        ]);
        return [
          {
            type: 'preview',
            preview: { kind: 'replace', items },
            snapGuide: s && s.target === t ? t : null,
          },
        ];
      }
    }
  }
}
