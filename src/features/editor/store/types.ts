import type { AlignmentItem } from '../../../contract';
import type {
  Change,
  MergeConflict,
  MergeResult,
  NudgeSteps,
  OverlapPolicy,
  SplitInto,
  TimingDoc,
  TimingOp,
  ValidationResult,
} from '../../../timing';

/** The alignment as last loaded or saved (what the server holds). */
export interface EditorBase {
  readonly items: readonly AlignmentItem[];
  readonly revision: string;
  readonly selectionRevision: string;
  readonly doc: TimingDoc;
}

export interface SavedAlignment {
  readonly items: readonly AlignmentItem[];
  readonly revision: string;
  readonly selectionRevision: string;
}

export interface EditorSettings {
  overlapPolicy: OverlapPolicy;
  snapping: boolean;
  snapThresholdPx: number;
  nudgeSteps: NudgeSteps;
  /** Seconds subtracted from every tap time (reaction + output latency). */
  tapLatency: number;
  /** A press longer than this (seconds) is a hold: its release sets the word's end. */
  holdThreshold: number;
}

export type DragMode = 'move' | 'start' | 'end' | 'roll';

export interface DragStart {
  mode: DragMode;
  /** The word under the pointer. 'move' drags the selection when the word is in it. */
  key: string;
  /** Pointer time in seconds. */
  time: number;
  /** Current zoom: converts the pixel snap threshold to seconds. */
  pxPerSecond: number;
  /** Extra snap targets, all in seconds. */
  playhead?: number;
  gridStep?: number;
  onsets?: readonly number[];
}

export interface DragState extends DragStart {
  readonly keys: readonly string[];
  /** Last snapped time the preview was built for (null: none yet). */
  readonly snappedTo: number | null;
}

export interface TapState {
  /** Keys in lyric order for the run. */
  readonly order: readonly string[];
  /** Index in `order` of the word the next tap starts. */
  readonly cursor: number;
  /** Time of the press in progress (null: released). */
  readonly downAt: number | null;
  /** The word the last press started (null before the first tap). */
  readonly current: string | null;
  /** The last press was a hold: its release already ended the word, the next tap leaves it. */
  readonly held: boolean;
}

/** A draft as what changed relative to its base: removed keys, added items, estimated keys. */
export interface DraftChanges {
  readonly removedKeys: readonly string[];
  readonly added: readonly AlignmentItem[];
  readonly estimated: readonly string[];
}

export interface PendingMerge {
  readonly theirs: SavedAlignment;
  readonly conflicts: readonly MergeConflict[];
  readonly result: MergeResult;
}

export type ConflictChoice = 'mine' | 'theirs';

export interface HistoryView {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly undoSteps: number;
  readonly redoSteps: number;
}

export interface EditorActions {
  // selection
  select(keys: readonly string[], mode?: 'replace' | 'add' | 'toggle'): void;
  selectTimeRange(t0: number, t1: number, mode?: 'replace' | 'add'): void;
  selectAll(): void;
  clearSelection(): void;
  // operations (each is one undo step)
  apply(op: TimingOp): void;
  moveSelection(delta: number): void;
  nudge(direction: 1 | -1, step?: keyof NudgeSteps, edge?: 'both' | 'start' | 'end'): void;
  setStart(key: string, time: number): void;
  setEnd(key: string, time: number): void;
  /**
   * `[` and `]`: the first selected word's start/end at the playhead; past the other edge the word
   * moves whole (keeping its length). Returns a sentence to show when it did more or less than set
   * the edge (null: done as asked).
   */
  setStartAt(time: number): string | null;
  setEndAt(time: number): string | null;
  rollBoundary(leftKey: string, rightKey: string, time: number): void;
  stretchSelection(start: number, end: number): void;
  splitWord(key: string, at: number, time?: number): void;
  mergeSelection(): void;
  insertWord(afterKey: string, text: string): void;
  insertItems(items: readonly AlignmentItem[]): void;
  deleteSelection(): void;
  setText(key: string, text: string): void;
  setLineText(line: number, text: string): void;
  setSinger(keys: readonly string[], singer: number | undefined): void;
  setTranslation(key: string, lang: string, text: string | null): void;
  /** A line's translation (on its first item, ADR 0017); null or '' removes it. */
  setLineTranslation(line: number, lang: string, text: string | null): void;
  /** Every translation in `from` moved to `to`, or removed (null): one step. */
  renameLanguage(from: string, to: string | null): void;
  // editing tools (tool-actions.ts): one undo step each; a sentence when they cannot act
  /** The selected words ('words') or every word of their lines ('lines'). */
  scopeKeys(scope: 'words' | 'lines'): string[];
  splitWordInto(key: string, at: number, into: SplitInto, time?: number): string | null;
  mergeWithNext(): string | null;
  setSingerOf(scope: 'words' | 'lines', singer: number | undefined): string | null;
  shiftSelection(offset: number, scope: 'words' | 'lines'): string | null;
  stretchSelectionTo(start: number, end: number, scope: 'words' | 'lines'): string | null;
  /** Replaces the selected words (or their lines) by another alignment's, by lyric position. */
  takeFrom(source: readonly AlignmentItem[], scope: 'words' | 'lines'): string | null;
  // drag: preview only, commit is one step, cancel restores
  beginDrag(start: DragStart): void;
  updateDrag(time: number): void;
  commitDrag(): void;
  cancelDrag(): void;
  // tap-sync: a run is one undo step
  startTapSync(fromKey?: string): void;
  tapDown(time: number): void;
  tapUp(time: number): void;
  stopTapSync(): void;
  // history
  undo(): void;
  redo(): void;
  // settings
  setSettings(patch: Partial<EditorSettings>): void;
  setDuration(duration: number): void;
  // validation (debounced in the background; this forces it now)
  validateNow(): ValidationResult;
  /**
   * Validates the document in the background now, in slices of a few ms (the first validation
   * after a load: 100,000 words are never read in the task that makes the page usable).
   */
  validateSoon(): void;
  /** Languages the project shows: lines without one are warned about (missing-translation). */
  setShownLanguages(languages: readonly string[]): void;
  // server
  /** Items to PUT; remembers which document is being saved. */
  getSaveItems(): AlignmentItem[];
  markSaved(saved: SavedAlignment): void;
  /** Three-way merge of the draft onto a newer server alignment; returns the conflicts. */
  rebase(theirs: SavedAlignment): readonly MergeConflict[];
  resolveConflicts(choices: Readonly<Record<string, ConflictChoice>> | ConflictChoice): void;
  /** Applies a draft (changes relative to the base, from IndexedDB) as one undoable step. */
  restoreDraft(draft: DraftChanges): void;
  /**
   * Every item replaced by `items` (an imported file) as one undoable step; `estimated` keys are
   * flagged as guessed timing. Unchanged words stay as they are; the selection is cleared.
   */
  replaceAll(items: readonly AlignmentItem[], estimated?: Iterable<string>): void;
  /**
   * `replaceAll` with the new document built and diffed over several short tasks first (an
   * import of 100,000 words); the commit itself is one step. Edits meanwhile are kept: the diff
   * is then made again against them.
   */
  replaceAllInSlices(items: readonly AlignmentItem[], estimated?: Iterable<string>): Promise<void>;
  /** Stops the background timers. */
  destroy(): void;
}

export interface EditorState {
  readonly base: EditorBase;
  /** The committed document. */
  readonly doc: TimingDoc;
  /** The drag preview, or null. Renderers draw `preview ?? doc`. */
  readonly preview: TimingDoc | null;
  readonly history: HistoryView;
  readonly selection: ReadonlySet<string>;
  readonly settings: EditorSettings;
  /** The document differs from what the base (server) holds, as far as the store knows. */
  readonly dirty: boolean;
  /** Committed steps (including undo/redo) since the base was loaded or saved. */
  readonly editCount: number;
  /** Background validation of `doc`, or null while stale. */
  readonly validation: ValidationResult | null;
  readonly drag: DragState | null;
  readonly tap: TapState | null;
  readonly pendingMerge: PendingMerge | null;
  /** The last committed change (for drafts and renderers that redraw only what changed). */
  readonly lastChange: Change | null;
  readonly actions: EditorActions;
}

export interface EditorInit {
  items: readonly AlignmentItem[];
  revision: string;
  selectionRevision: string;
  /** Media duration in seconds (Infinity or omitted while unknown). */
  duration?: number;
  settings?: Partial<EditorSettings>;
  /** Undo steps kept (default 200). */
  historyLimit?: number;
  /**
   * A small commit is validated at once (incremental); after a big one (over 512 items) validation
   * runs this long after the last commit (default 300 ms); 0 disables that timer.
   */
  validationDelayMs?: number;
}
