// The editor's karaoke preview on 100,000 items: `npm run bench karaoke-preview`.
// What the main thread does for the preview after an edit (its lines from the row index, the
// scene, the window's layout and the frame) and per animation frame while playing (the frame at
// the playhead; a new window's layout when playback reaches it). Drawing on the canvas is a few
// lines of text per frame and is not measured here (no canvas in Node). Figures are this
// process's CPU time (process.cpuUsage), not wall-clock time, so other work on a shared machine
// does not count; the first 10 edits warm the JIT and are not counted.
import { report } from './report';
import { itemAt, keyOf } from '../src/timing';
import { song } from '../src/timing/test-items';
import { defaultStyle } from '../src/contract';
import { createEditorStore } from '../src/features/editor/store';
import { rowIndexFor } from '../src/features/editor/panels/row-index';
import { previewSource } from '../src/features/editor/panels/preview-source';
import { createScene } from '../src/features/karaoke-preview/scene';

const N = 100_000;
const items = song(N, true);
const duration = items[N - 1]!.end + 10;
const store = createEditorStore({
  items,
  revision: 'r1',
  selectionRevision: 's1',
  duration,
  validationDelayMs: 0,
});
const style = defaultStyle();
const time = (fn: () => void) => {
  const before = process.cpuUsage();
  fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

// Warm up: the first index and lines (opening the editor builds them for the word list too).
rowIndexFor(store.getState().doc);
const edits: number[] = [];
let layouts = 0;
for (let i = 0; i < 70; i++) {
  const k = (i * 7919) % N;
  const item = itemAt(store.getState().doc, k)!;
  store.getState().actions.setStart(keyOf(item), item.start - 0.05);
  const t = item.start;
  const ms = time(() => {
    const source = previewSource(rowIndexFor(store.getState().doc));
    const scene = createScene({ source, style, title: 'Bench', duration });
    scene.at(t);
    layouts += scene.layouts;
  });
  if (i >= 10) edits.push(ms);
}
report('karaoke preview: after a re-timing, lines + layout + frame (100k items)', edits, 16);

// Playing through the song at 60 frames a second from a few places.
const source = previewSource(rowIndexFor(store.getState().doc));
const scene = createScene({ source, style, title: 'Bench', duration });
const frames: number[] = [];
for (const from of [0, duration / 3, (2 * duration) / 3]) {
  for (let f = 0; f < 3000; f++) {
    const t = from + f / 60;
    frames.push(time(() => void scene.at(t)));
  }
}
report('karaoke preview: frame at the playhead while playing (100k items)', frames, 2);
console.error(`layouts after edits: ${layouts} (one window each); while playing: ${scene.layouts}`);
