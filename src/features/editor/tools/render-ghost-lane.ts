import { forEachItem, visibleRange, type TimingDoc } from '../../../timing';
import type { Canvas2D } from '../timeline/canvas-context';

export interface GhostLaneScene {
  /** The comparison's words (read-only). */
  doc: TimingDoc;
  view: {
    startTime: number;
    pxPerSecond: number;
    width: number;
    height: number;
    devicePixelRatio: number;
  };
  /** Keys (line/word positions as `line/word`) of the working words in the selection: emphasised. */
  selectedPositions?: ReadonlySet<string>;
}

export const GHOST_COLORS = {
  background: '#111318',
  box: 'rgba(160, 170, 190, 0.16)',
  edge: 'rgba(200, 208, 224, 0.75)',
  selected: 'rgba(255, 208, 138, 0.9)',
  text: '#b9c1cf',
};

const FONT = '11px system-ui, sans-serif';
const MIN_LABEL_PX = 22;
const MAX_LABELS = 1500;

export interface GhostStats {
  drawn: number;
  skipped: number;
  labels: number;
}

/**
 * The comparison as outlined boxes on the timeline's time axis. Culled like the timeline: a binary
 * search finds the first word in view, drawing stops past the right edge, and boxes under one
 * device pixel already painted are skipped, so a zoomed-out hour costs the view's width.
 */
export function renderGhostLane(ctx: Canvas2D, scene: GhostLaneScene): GhostStats {
  const { doc, view } = scene;
  const stats: GhostStats = { drawn: 0, skipped: 0, labels: 0 };
  ctx.fillStyle = GHOST_COLORS.background;
  ctx.fillRect(0, 0, view.width, view.height);
  const end = view.startTime + view.width / view.pxPerSecond;
  const { from, to } = visibleRange(doc, view.startTime, end);
  const top = 3;
  const h = Math.max(4, view.height - 6);
  let lastPx = -Infinity;
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.lineWidth = 1;
  forEachItem(doc, from, to, (item) => {
    if (item.end < view.startTime || item.start > end) return;
    const x = (item.start - view.startTime) * view.pxPerSecond;
    const w = (item.end - item.start) * view.pxPerSecond;
    const selected = scene.selectedPositions?.has(`${item.line}/${item.word}`) === true;
    if (w < 1 && !selected) {
      const px = Math.floor(x * view.devicePixelRatio);
      if (px <= lastPx) {
        stats.skipped++;
        return;
      }
      lastPx = px;
    }
    ctx.fillStyle = GHOST_COLORS.box;
    ctx.fillRect(x, top, Math.max(1, w), h);
    ctx.strokeStyle = selected ? GHOST_COLORS.selected : GHOST_COLORS.edge;
    if (w >= 3) ctx.strokeRect(x + 0.5, top + 0.5, w - 1, h - 1);
    stats.drawn++;
    if (w >= MIN_LABEL_PX && stats.labels < MAX_LABELS && item.text) {
      const left = Math.max(x, 0) + 3;
      const room = Math.min(x + w, view.width) - left - 3;
      // Cut with an ellipsis (never squeezed): ~6.5 px a character at 11 px.
      const chars = Math.floor(room / 6.5);
      const text =
        item.text.length <= chars
          ? item.text
          : chars >= 2
            ? `${item.text.slice(0, chars - 1)}…`
            : '';
      if (text) {
        ctx.fillStyle = GHOST_COLORS.text;
        ctx.fillText(text, left, top + h / 2);
        stats.labels++;
      }
    }
  });
  return stats;
}

/** `line/word` of each selected working word (the positions "take from comparison" replaces). */
export function positionsOf(
  doc: TimingDoc,
  keys: Iterable<string>,
  get: (doc: TimingDoc, key: string) => { line: number; word: number } | undefined,
): ReadonlySet<string> {
  const out = new Set<string>();
  for (const key of keys) {
    const item = get(doc, key);
    if (item) out.add(`${item.line}/${item.word}`);
  }
  return out;
}
