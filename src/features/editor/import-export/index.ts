/** Import timings / Export timings in the editor toolbar: see CONTEXT.md. */
export { TimingsControls } from './timings-controls';
export { timingFileDrop } from './file-drop';
