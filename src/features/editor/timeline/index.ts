export { TimelineCanvas, type TimelineCanvasProps } from './timeline-canvas';
export { TimelineOverview, type TimelineOverviewProps } from './overview';
export {
  bucketSpans,
  overviewValueText,
  type OverviewSource,
  type OverviewSpans,
} from './overview-model';
export { DARK_OVERVIEW_COLORS, type OverviewColors } from './overview-render';
export { autoScrollStep, DEFAULT_AUTO_SCROLL, type AutoScrollOptions } from './auto-scroll';
export { renderTimeline, renderOnsetTicks, type RenderStats } from './render-timeline';
export { renderOverlay, type OverlayScene } from './overlay';
export { hitTest, cursorFor, EDGE_ZONE_PX, type Hit, type HitPart } from './hit-test';
export {
  PointerTool,
  DEFAULT_TOOL_OPTIONS,
  type ToolContext,
  type ToolOptions,
} from './pointer-tool';
export type { TimelineIntent, PointerInput, SelectMode, MarqueeRect } from './intents';
export { keysInRect } from './marquee';
export {
  snapEdges,
  buildSnapIndex,
  thinOnsets,
  snapTuning,
  DEFAULT_SNAP_TUNING,
  type SnapIndex,
  type SnapTuning,
  type SnapResult,
} from './snapping';
export { createCullIndex, lowerBoundByStart, arrayItems, type CullIndex } from './cull-index';
export { applyWheel, zoomStep, fitTo, followPlayhead, ZOOM_STEP } from './wheel';
export { revealRange, overlapsView } from './reveal';
export {
  clampView,
  zoomAround,
  fitView,
  scrollBy,
  timeToX,
  xToTime,
  DEFAULT_ZOOM_LIMITS,
  type ZoomLimits,
} from './viewport';
export { RULER_HEIGHT, laneLayout, laneOf } from './layout';
export { DARK_TIMELINE_COLORS, SINGER_COLORS, singerColor } from './colors';
export type { TimelineTestHook } from './test-hook';
export type {
  TimelineItem,
  TimelineItems,
  TimelineView,
  TimelineScene,
  TimelineColors,
  DragPreview,
  LaneMode,
} from './types';
