import {
  DEFAULT_NUDGE_STEPS,
  type Change,
  type EditSettings,
  type TimingOp,
} from '../../../timing';
import type { EditorSettings, EditorState } from './types';

export const DEFAULT_SETTINGS: EditorSettings = {
  overlapPolicy: 'allow',
  snapping: true,
  snapThresholdPx: 12,
  nudgeSteps: DEFAULT_NUDGE_STEPS,
  tapLatency: 0,
  holdThreshold: 0.2,
};

/** The core's edit settings from the editor's. */
export const editSettingsOf = (
  settings: Pick<EditorSettings, 'overlapPolicy' | 'nudgeSteps'>,
): EditSettings => ({
  overlap: settings.overlapPolicy,
  nudgeSteps: settings.nudgeSteps,
});

/** What the action modules share: the store plus the commit path that owns history. */
export interface StoreKit {
  get(): EditorState;
  set(partial: Partial<EditorState>): void;
  editSettings(): EditSettings;
  /** Applies a change as an undo step (merged into the top step while `group` repeats). */
  commit(change: Change, group?: string | null): void;
  /** Plans and commits an op. */
  run(op: TimingOp, group?: string | null): void;
  seal(): void;
}
