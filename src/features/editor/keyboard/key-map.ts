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

/** The bindings of one group, in order. */
const group = (name: KeyGroup, bindings: Omit<KeyBinding, 'group'>[]): KeyBinding[] =>
  bindings.map((binding) => ({ ...binding, group: name }));

export const DEFAULT_KEY_MAP: KeyMap = [
  ...group('Playback', [
    { id: 'playPause', keys: ['Space'], label: 'Play / pause' },
    { id: 'soloVocals', keys: ['v'], label: 'Solo the vocals (toggle)' },
    { id: 'loopSelection', keys: ['l'], label: 'Loop the selection (toggle)' },
  ]),
  ...group('Selection', [
    // The timeline is one tab stop: arrows move between its words, Tab leaves it (never a trap).
    {
      id: 'selectNext',
      keys: ['ArrowRight'],
      label: 'Select the next word (on the timeline)',
      repeat: true,
      scope: 'focus-free',
    },
    {
      id: 'selectPrevious',
      keys: ['ArrowLeft'],
      label: 'Select the previous word (on the timeline)',
      repeat: true,
      scope: 'focus-free',
    },
    {
      id: 'selectFirst',
      keys: ['Home'],
      label: 'Select the first word (on the timeline)',
      scope: 'focus-free',
    },
    {
      id: 'selectLast',
      keys: ['End'],
      label: 'Select the last word (on the timeline)',
      scope: 'focus-free',
    },
    { id: 'nextProblem', keys: ['n'], label: 'Go to the next problem' },
    { id: 'nextUncertain', keys: ['u'], label: 'Go to the next word the sync is unsure of' },
    {
      id: 'previousUncertain',
      keys: ['Shift+u'],
      label: 'Go to the previous word the sync is unsure of',
    },
    { id: 'findWord', keys: ['/'], label: 'Find a word by its text (in the word list)' },
    {
      id: 'escape',
      keys: ['Escape'],
      label: 'Cancel the drag, or clear the selection',
      allowInFields: true,
    },
  ]),
  ...group('Timing', [
    { id: 'nudgeLeft', keys: ['Alt+ArrowLeft'], label: 'Nudge earlier', repeat: true },
    { id: 'nudgeRight', keys: ['Alt+ArrowRight'], label: 'Nudge later', repeat: true },
    {
      id: 'nudgeLeftCoarse',
      keys: ['Shift+Alt+ArrowLeft'],
      label: 'Nudge earlier (coarse)',
      repeat: true,
    },
    {
      id: 'nudgeRightCoarse',
      keys: ['Shift+Alt+ArrowRight'],
      label: 'Nudge later (coarse)',
      repeat: true,
    },
    { id: 'nudgeLeftFine', keys: [','], label: 'Nudge earlier (fine)', repeat: true },
    { id: 'nudgeRightFine', keys: ['.'], label: 'Nudge later (fine)', repeat: true },
    { id: 'setStartAtPlayhead', keys: ['['], label: 'Set word start at the playhead' },
    { id: 'setEndAtPlayhead', keys: [']'], label: 'Set word end at the playhead' },
  ]),
  ...group('Editing', [
    { id: 'undo', keys: ['Mod+z'], label: 'Undo', allowInFields: true, repeat: true },
    {
      id: 'redo',
      keys: ['Mod+Shift+z', 'Mod+y'],
      label: 'Redo',
      allowInFields: true,
      repeat: true,
    },
    { id: 'save', keys: ['Mod+s'], label: 'Save', allowInFields: true },
    { id: 'toggleSnapping', keys: ['g'], label: 'Snapping on / off (or hold Alt while dragging)' },
    { id: 'deleteSelection', keys: ['Delete', 'Backspace'], label: 'Delete the selected words' },
  ]),
  ...group('Tools', [
    // The editing tools (tools/editing-toolbar.tsx); each also has a button.
    { id: 'splitWord', keys: ['s'], label: 'Split the selected word…' },
    { id: 'mergeWithNext', keys: ['m'], label: 'Merge with the next word' },
    { id: 'shiftSelection', keys: ['o'], label: 'Shift the selection by an offset…' },
    { id: 'stretchSelection', keys: ['e'], label: 'Stretch the selection between two times…' },
    { id: 'takeFromComparison', keys: ['c'], label: 'Take the selected words from the comparison' },
    { id: 'toggleSpectrogram', keys: ['f'], label: 'Spectrogram on / off' },
  ]),
  ...group('View', [
    { id: 'zoomIn', keys: ['+', '='], label: 'Zoom in', repeat: true },
    { id: 'zoomOut', keys: ['-'], label: 'Zoom out', repeat: true },
    { id: 'zoomFit', keys: ['0'], label: 'Fit the song' },
    { id: 'help', keys: ['?'], label: 'Show keyboard shortcuts' },
  ]),
  ...group('Tap-sync', [
    { id: 'toggleTapMode', keys: ['t'], label: 'Tap-sync mode on / off' },
    {
      id: 'tapDown',
      keys: ['j'],
      label: 'Tap: start the next word (hold to set its end)',
      whenTapMode: true,
      release: 'tapUp',
    },
  ]),
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
