/** The editor's keyboard layer: key map, matcher, window binding hook and help overlay. */
export {
  DEFAULT_KEY_MAP,
  KEY_GROUPS,
  type CommandId,
  type KeyBinding,
  type KeyGroup,
  type KeyMap,
} from './key-map';
export {
  matchKey,
  matchKeyUp,
  parseChord,
  type KeyEventLike,
  type MatchContext,
} from './match-key';
export { chordLabel, chordText, isMac } from './format-keys';
export {
  useEditorKeyboard,
  type EditorKeyboardOptions,
  type KeyHandlers,
} from './use-editor-keyboard';
export { KeyboardHelp, type KeyboardHelpProps } from './keyboard-help';
