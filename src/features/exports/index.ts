export { RenderVideoDialog, type RenderVideoDialogProps } from './render-video-dialog';
