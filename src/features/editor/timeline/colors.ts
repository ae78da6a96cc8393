import type { TimelineColors } from './types';

/**
 * Duets: a word's fill by its singer (singer n: entry n % 6). Dark enough for the white labels,
 * and apart from the state colours (selected orange, problem red, estimated violet, preview
 * green, plain blue for words without a singer). The preview and the legend use the same list.
 */
export const SINGER_COLORS: readonly string[] = [
  '#1f7a6d',
  '#9c3b6e',
  '#6b7a1f',
  '#1f5f9c',
  '#8a5a1f',
  '#4a4f9c',
];

/** The colour of a singer's words (undefined: none, the plain item colour is used). */
export const singerColor = (singer: number | undefined, colors = SINGER_COLORS) =>
  singer === undefined ? undefined : colors[singer % colors.length];

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
  uncertain: '#ffb224',
  onset: 'rgba(86, 214, 160, 0.75)',
  preview: '#3fa46a',
  playhead: '#ff5a5f',
  marqueeFill: 'rgba(111, 168, 220, 0.15)',
  marqueeStroke: '#6fa8dc',
  snapGuide: '#f5e663',
  singers: SINGER_COLORS,
};
