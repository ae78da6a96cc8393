import type { DragPreview, TimelineView } from './types';

export type SelectMode = 'replace' | 'add' | 'toggle' | 'range';

export interface MarqueeRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * What the timeline's tools ask for. Store-agnostic: the page maps each to a store action.
 * `preview` and `marquee` are transient (not undo steps); move/resize/roll are one undo step each.
 */
export type TimelineIntent =
  | { type: 'select'; keys: string[]; mode: SelectMode }
  | { type: 'preview'; preview: DragPreview | null; snapGuide: number | null }
  | { type: 'move'; keys: string[]; deltaSeconds: number }
  | { type: 'resize-start'; key: string; time: number }
  | { type: 'resize-end'; key: string; time: number }
  | { type: 'roll'; leftKey: string; rightKey: string; time: number }
  | { type: 'marquee'; rect: MarqueeRect | null }
  | { type: 'seek'; time: number }
  | { type: 'hover'; key: string | null }
  | { type: 'cursor'; cursor: string }
  | { type: 'view'; view: TimelineView };

export interface PointerInput {
  /** CSS px relative to the canvas. */
  x: number;
  y: number;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}
