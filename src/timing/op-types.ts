import type { AlignmentItem } from '../contract';

/** What happens to neighbours of the same singer when a word moves or resizes into them. */
export type OverlapPolicy = 'allow' | 'stop' | 'push';

export interface NudgeSteps {
  fine: number;
  normal: number;
  coarse: number;
}

export const DEFAULT_NUDGE_STEPS: NudgeSteps = { fine: 0.01, normal: 0.05, coarse: 0.25 };

export interface EditSettings {
  overlap: OverlapPolicy;
  nudgeSteps?: NudgeSteps;
}

export const DEFAULT_EDIT_SETTINGS: EditSettings = { overlap: 'allow' };

/** What a split makes of the second part: the next sub-word of the same word, or a new word. */
export type SplitInto = 'subwords' | 'words';

/** Every editing operation. Times are seconds; `key` is `keyOf(item)`. */
export type TimingOp =
  | { type: 'move'; keys: readonly string[]; delta: number }
  | {
      type: 'nudge';
      keys: readonly string[];
      direction: 1 | -1;
      step: keyof NudgeSteps;
      edge?: 'both' | 'start' | 'end';
    }
  | { type: 'setStart'; key: string; time: number }
  | { type: 'setEnd'; key: string; time: number }
  | { type: 'roll'; leftKey: string; rightKey: string; time: number }
  | { type: 'stretch'; keys: readonly string[]; start: number; end: number }
  /** Tap-sync press: the word starts at time - latency, the previous word ends there. */
  | { type: 'tap'; key: string; prevKey?: string; time: number; latency: number }
  /** Tap-sync release after a hold: the word ends at time - latency. */
  | { type: 'holdEnd'; key: string; time: number; latency: number }
  /**
   * Splits a word's text after `at` characters. `into: 'subwords'` (default) makes the second part
   * the next sub-word of the same word; `'words'` makes it a word of its own (later sub-words of the
   * word go with it, later words of the line are renumbered).
   */
  | { type: 'split'; key: string; at: number; time?: number; into?: SplitInto }
  | { type: 'mergeWords'; keys: readonly string[] }
  /** Removes `keys` and adds `items`, as one change (take words from another alignment). */
  | { type: 'replace'; keys: readonly string[]; items: readonly AlignmentItem[] }
  | { type: 'insert'; items: readonly AlignmentItem[]; estimated?: boolean }
  | { type: 'insertWord'; afterKey: string; text: string }
  | { type: 'delete'; keys: readonly string[] }
  | { type: 'setText'; key: string; text: string }
  | { type: 'setLineText'; line: number; text: string }
  | { type: 'setSinger'; keys: readonly string[]; singer: number | undefined }
  /** One item's translation (a word's reading when on its first sub-word). */
  | { type: 'setTranslation'; key: string; lang: string; text: string | null }
  /** A line's translation, held on its first item in lyric order (ADR 0017). */
  | { type: 'setLineTranslation'; line: number; lang: string; text: string | null }
  /** Every item's translation `from` moved to `to` (null: removed). */
  | { type: 'renameLanguage'; from: string; to: string | null }
  /** A new line starts at the word of `key`; later lines are renumbered. */
  | { type: 'splitLine'; key: string }
  /** The next line joins `line` (its translations appended to this line's). */
  | { type: 'joinLines'; line: number };

/**
 * What an edit changed: the item objects it took out and the ones it put in (a moved word is one
 * of each), and the estimated flags it turned off and on. History, drafts and rebase all store
 * changes, never document copies; a step costs what it changed.
 */
export interface Change {
  readonly removed: readonly AlignmentItem[];
  readonly added: readonly AlignmentItem[];
  readonly estimatedOff: readonly string[];
  readonly estimatedOn: readonly string[];
}
