/** The editing tools: see CONTEXT.md. */
export { EditingToolbar } from './editing-toolbar';
export { GhostLane } from './ghost-lane';
export { SpectrogramView } from './spectrogram-view';
export { useEditingTools, type EditingTools } from './use-editing-tools';
export { alignmentLabel } from './alignment-label';
