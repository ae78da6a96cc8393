import type { KaraokeSource } from '../../karaoke-preview/window';
import { karaokeLinesFor } from './karaoke-lines';
import { lineRowItems, type RowIndex } from './row-index';

const sources = new WeakMap<RowIndex, KaraokeSource>();

/**
 * The open document as the karaoke preview reads it: its karaoke lines (kept per row index,
 * re-read only where a re-timing changed them) and the items of a few lines at a time, so a
 * 100,000-item document is neither copied nor laid out whole on an edit.
 */
export function previewSource(index: RowIndex): KaraokeSource {
  let source = sources.get(index);
  if (!source) {
    const lines = karaokeLinesFor(index);
    source = {
      lines,
      size: index.doc.size,
      itemsOf: (from, to) => lines.slice(from, to).flatMap((l) => lineRowItems(index, l.header)),
    };
    sources.set(index, source);
  }
  return source;
}
