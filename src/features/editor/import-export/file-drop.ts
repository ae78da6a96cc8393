import type { DragEvent } from 'react';
import type { EditorStore } from '../store';

/**
 * A file dropped on the timeline goes to the Import timings control of the same alignment. The
 * two live in different parts of the page; this keeps the page files free of the plumbing.
 */
const receivers = new WeakMap<EditorStore, (file: File) => void>();

/** The Import timings control takes dropped files for `store` until the returned function runs. */
export function receiveDroppedFiles(store: EditorStore, receive: (file: File) => void) {
  receivers.set(store, receive);
  return () => {
    if (receivers.get(store) === receive) receivers.delete(store);
  };
}

const carriesFile = (e: DragEvent<HTMLElement>) => e.dataTransfer.types.includes('Files');

/** Spread on the drop target: `<section {...timingFileDrop(store)}>`. */
export function timingFileDrop(store: EditorStore) {
  return {
    onDragOver(e: DragEvent<HTMLElement>) {
      if (!carriesFile(e) || !receivers.has(store)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      e.currentTarget.dataset.fileOver = 'true';
    },
    onDragLeave(e: DragEvent<HTMLElement>) {
      // Leaving for a child is not leaving the target.
      if (!e.currentTarget.contains(e.relatedTarget as Node | null))
        delete e.currentTarget.dataset.fileOver;
    },
    onDrop(e: DragEvent<HTMLElement>) {
      delete e.currentTarget.dataset.fileOver;
      const file = e.dataTransfer.files[0];
      const receive = receivers.get(store);
      if (!file || !receive) return;
      e.preventDefault();
      receive(file);
    },
  };
}
