/**
 * The editor's shortcuts as data: the help overlay lists this map and the matcher reads it, so a
 * rebinding (a changed copy of the map) changes both. Key syntax: modifiers `Mod` (Ctrl, or Cmd on
 * macOS), `Shift`, `Alt`, joined by `+` before a `KeyboardEvent.key` value (`Space` for ' ').
 */

export type CommandId =
  | 'playPause'
  | 'nudgeLeft'
  | 'nudgeRight'
  | 'nudgeLeftCoarse'
  | 'nudgeRightCoarse'
  | 'nudgeLeftFine'
  | 'nudgeRightFine'
  | 'setStartAtPlayhead'
  | 'setEndAtPlayhead'
  | 'selectNext'
  | 'selectPrevious'
  | 'selectFirst'
  | 'selectLast'
  | 'undo'
  | 'redo'
  | 'save'
  | 'help'
  | 'soloVocals'
  | 'nextProblem'
  | 'nextUncertain'
  | 'previousUncertain'
  | 'zoomIn'
  | 'zoomOut'
  | 'zoomFit'
  | 'deleteSelection'
  | 'escape'
  | 'toggleTapMode'
  | 'loopSelection'
  | 'tapDown'
  | 'tapUp'
  | 'splitWord'
  | 'mergeWithNext'
  | 'shiftSelection'
  | 'stretchSelection'
  | 'takeFromComparison'
  | 'toggleSpectrogram'
  | 'toggleSnapping'
  | 'findWord';

export type KeyGroup =
  'Playback' | 'Selection' | 'Timing' | 'Editing' | 'Tools' | 'View' | 'Tap-sync';

export interface KeyBinding {
  readonly id: CommandId;
  /** Alternatives; the first is the one shown first. */
  readonly keys: readonly string[];
  readonly label: string;
  readonly group: KeyGroup;
  /** Also fires while typing in a field (save, undo, redo, Escape). */
  readonly allowInFields?: boolean;
  /** Held keys repeat the command (nudges); others fire once per press. */
  readonly repeat?: boolean;
  /**
   * 'focus-free': only when nothing focusable owns the key (page body or an element marked
   * `data-editor-keys`, e.g. the timeline canvas): the timeline's own arrows, Home and End.
   */
  readonly scope?: 'anywhere' | 'focus-free';
  /** Active only while tap mode is on. */
  readonly whenTapMode?: boolean;
  /** Command run when the key is released (tap: the release ends a held word). */
  readonly release?: CommandId;
}

export type KeyMap = readonly KeyBinding[];

export const DEFAULT_KEY_MAP: KeyMap = [
  { id: 'playPause', keys: ['Space'], label: 'Play / pause', group: 'Playback' },
  { id: 'soloVocals', keys: ['v'], label: 'Solo the vocals (toggle)', group: 'Playback' },
  { id: 'loopSelection', keys: ['l'], label: 'Loop the selection (toggle)', group: 'Playback' },
  // The timeline is one tab stop: arrows move between its words, Tab leaves it (never a trap).
  {
    id: 'selectNext',
    keys: ['ArrowRight'],
    label: 'Select the next word (on the timeline)',
    group: 'Selection',
    repeat: true,
    scope: 'focus-free',
  },
  {
    id: 'selectPrevious',
    keys: ['ArrowLeft'],
    label: 'Select the previous word (on the timeline)',
    group: 'Selection',
    repeat: true,
    scope: 'focus-free',
  },
  {
    id: 'selectFirst',
    keys: ['Home'],
    label: 'Select the first word (on the timeline)',
    group: 'Selection',
    scope: 'focus-free',
  },
  {
    id: 'selectLast',
    keys: ['End'],
    label: 'Select the last word (on the timeline)',
    group: 'Selection',
    scope: 'focus-free',
  },
  { id: 'nextProblem', keys: ['n'], label: 'Go to the next problem', group: 'Selection' },
  {
    id: 'nextUncertain',
    keys: ['u'],
    label: 'Go to the next word the sync is unsure of',
    group: 'Selection',
  },
  {
    id: 'previousUncertain',
    keys: ['Shift+u'],
    label: 'Go to the previous word the sync is unsure of',
    group: 'Selection',
  },
  {
    id: 'findWord',
    keys: ['/'],
    label: 'Find a word by its text (in the word list)',
    group: 'Selection',
  },
  {
    id: 'escape',
    keys: ['Escape'],
    label: 'Cancel the drag, or clear the selection',
    group: 'Selection',
    allowInFields: true,
  },
  {
    id: 'nudgeLeft',
    keys: ['Alt+ArrowLeft'],
    label: 'Nudge earlier',
    group: 'Timing',
    repeat: true,
  },
  {
    id: 'nudgeRight',
    keys: ['Alt+ArrowRight'],
    label: 'Nudge later',
    group: 'Timing',
    repeat: true,
  },
  {
    id: 'nudgeLeftCoarse',
    keys: ['Shift+Alt+ArrowLeft'],
    label: 'Nudge earlier (coarse)',
    group: 'Timing',
    repeat: true,
  },
  {
    id: 'nudgeRightCoarse',
    keys: ['Shift+Alt+ArrowRight'],
    label: 'Nudge later (coarse)',
    group: 'Timing',
    repeat: true,
  },
  {
    id: 'nudgeLeftFine',
    keys: [','],
    label: 'Nudge earlier (fine)',
    group: 'Timing',
    repeat: true,
  },
  { id: 'nudgeRightFine', keys: ['.'], label: 'Nudge later (fine)', group: 'Timing', repeat: true },
  {
    id: 'setStartAtPlayhead',
    keys: ['['],
    label: 'Set word start at the playhead',
    group: 'Timing',
  },
  { id: 'setEndAtPlayhead', keys: [']'], label: 'Set word end at the playhead', group: 'Timing' },
  {
    id: 'undo',
    keys: ['Mod+z'],
    label: 'Undo',
    group: 'Editing',
    allowInFields: true,
    repeat: true,
  },
  {
    id: 'redo',
    keys: ['Mod+Shift+z', 'Mod+y'],
    label: 'Redo',
    group: 'Editing',
    allowInFields: true,
    repeat: true,
  },
  { id: 'save', keys: ['Mod+s'], label: 'Save', group: 'Editing', allowInFields: true },
  {
    id: 'toggleSnapping',
    keys: ['g'],
    label: 'Snapping on / off (or hold Alt while dragging)',
    group: 'Editing',
  },
  {
    id: 'deleteSelection',
    keys: ['Delete', 'Backspace'],
    label: 'Delete the selected words',
    group: 'Editing',
  },
  // The editing tools (tools/editing-toolbar.tsx); each also has a button.
  { id: 'splitWord', keys: ['s'], label: 'Split the selected word…', group: 'Tools' },
  { id: 'mergeWithNext', keys: ['m'], label: 'Merge with the next word', group: 'Tools' },
  { id: 'shiftSelection', keys: ['o'], label: 'Shift the selection by an offset…', group: 'Tools' },
  {
    id: 'stretchSelection',
    keys: ['e'],
    label: 'Stretch the selection between two times…',
    group: 'Tools',
  },
  {
    id: 'takeFromComparison',
    keys: ['c'],
    label: 'Take the selected words from the comparison',
    group: 'Tools',
  },
  { id: 'toggleSpectrogram', keys: ['f'], label: 'Spectrogram on / off', group: 'Tools' },
  { id: 'zoomIn', keys: ['+', '='], label: 'Zoom in', group: 'View', repeat: true },
  { id: 'zoomOut', keys: ['-'], label: 'Zoom out', group: 'View', repeat: true },
  { id: 'zoomFit', keys: ['0'], label: 'Fit the song', group: 'View' },
  { id: 'help', keys: ['?'], label: 'Show keyboard shortcuts', group: 'View' },
  { id: 'toggleTapMode', keys: ['t'], label: 'Tap-sync mode on / off', group: 'Tap-sync' },
  {
    id: 'tapDown',
    keys: ['j'],
    label: 'Tap: start the next word (hold to set its end)',
    group: 'Tap-sync',
    whenTapMode: true,
    release: 'tapUp',
  },
];

export const KEY_GROUPS: readonly KeyGroup[] = [
  'Playback',
  'Selection',
  'Timing',
  'Editing',
  'Tools',
  'View',
  'Tap-sync',
];
