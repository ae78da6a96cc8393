import type { TimelineColors } from './types';

/** Dark theme close to what DAWs use: items readable at a glance, selection loud, problems red. */
export const DARK_TIMELINE_COLORS: TimelineColors = {
  background: '#15171c',
  laneAlt: '#1a1d23',
  laneDivider: '#262a33',
  rulerBackground: '#1f232b',
  rulerText: '#9aa3b2',
  rulerTick: '#4a5262',
  item: '#2f5d8a',
  itemEdge: '#6fa8dc',
  itemText: '#e8eef6',
  selected: '#c7832b',
  selectedEdge: '#ffd08a',
  hover: '#3d76ad',
  problem: '#e5484d',
  estimated: '#8b6bd6',
  conflict: '#ff5fd2',
  onset: 'rgba(86, 214, 160, 0.75)',
  preview: '#3fa46a',
  playhead: '#ff5a5f',
  marqueeFill: 'rgba(111, 168, 220, 0.15)',
  marqueeStroke: '#6fa8dc',
  snapGuide: '#f5e663',
};
