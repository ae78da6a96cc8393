export { KaraokeCanvas, type KaraokeCanvasProps, type PreviewClock } from './karaoke-canvas';
export { createScene, referenceSize, WHOLE_SONG_ITEMS, type KaraokeScene } from './scene';
export { itemsSource, type KaraokeSource } from './window';
