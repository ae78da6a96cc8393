export {
  StemPlayer,
  type StemSource,
  type StemState,
  type StemStatus,
  type PlayerSnapshot,
  type LoopRange,
  type DriftStats,
  type StemPlayerOptions,
} from './stem-player';
export { useStemPlayer } from './use-stem-player';
export { Waveform, type WaveformProps, type WaveformView } from './waveform';
export { Mixer, type MixerProps, type MixerControls } from './mixer';
export {
  Transport,
  PLAYBACK_RATES,
  type TransportProps,
  type TransportControls,
} from './transport';
export { effectiveGains, clampRate, MIN_RATE, MAX_RATE } from './mix';
export { formatTime } from './format-time';
export type { MediaLike, MediaFactory } from './media';
export { useOnsets, type OnsetBox, type OnsetStatus } from './use-onsets';
export { loadOnsets, ANALYSIS_RATE, type OnsetSourceOptions } from './onset-source';
export { detectOnsets, onsetSteps, DEFAULT_ONSET_OPTIONS, type OnsetOptions } from './onset-detect';
