/** The editor store: see CONTEXT.md. */
export {
  createEditorStore,
  DEFAULT_SETTINGS,
  editSettingsOf,
  type EditorStore,
} from './editor-store';
export { EditorStoreProvider } from './EditorStoreProvider';
export { useEditor, useEditorShallow, useEditorStore } from './use-editor';
export type * from './types';
export {
  forEachItem,
  getItem,
  indexAtTime,
  indexOfKey,
  isEstimated,
  itemAt,
  keyOf,
  nextProblem,
  timeToX,
  toArray,
  visibleRange,
  xToTime,
  type MergeConflict,
  type TimingDoc,
  type TimingOp,
  type ValidationIssue,
  type ValidationResult,
  type Viewport,
} from '../../../timing';
