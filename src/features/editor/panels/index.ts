/** The editor's side panels. The page provides the store (EditorStoreProvider) and a PlaybackClock. */
export { WordList, type WordListProps } from './word-list';
export { KaraokePreview, type KaraokePreviewProps } from './karaoke-preview';
export { ValidationPanel, type ValidationPanelProps } from './validation-panel';
export { TapSyncPanel, TAP_RATES, type TapSyncPanelProps } from './tap-sync-panel';
export { goToNextProblem, jumpToIssue } from './next-problem';
export { formatTime, parseTime, type ParseResult } from './time-format';
export type { PlaybackClock } from './playback-clock';
export type { LivePreview, LivePreviewSource } from './live-preview';
