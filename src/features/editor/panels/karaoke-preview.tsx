import type { StyleObject } from '../../../contract';
import { KaraokeCanvas, type KaraokeSource } from '../../karaoke-preview';
import { useEditor } from '../store';
import { karaokeLinesFor } from './karaoke-lines';
import type { PlaybackClock } from './playback-clock';
import { lineRowItems, rowIndexFor, type RowIndex } from './row-index';
import './panels.css';

export interface KaraokePreviewProps {
  player: PlaybackClock;
  /** The project's style; the spec's defaults when absent. */
  style?: StyleObject;
  /** The title card's text. */
  title?: string;
  artists?: readonly string[];
  /** Seconds of the song. */
  duration?: number;
}

const sources = new WeakMap<RowIndex, KaraokeSource>();

/**
 * The open document as the preview reads it: its karaoke lines (kept per row index, re-read only
 * where a re-timing changed them) and the items of a few lines at a time, so a 100,000-item
 * document is neither copied nor laid out whole on an edit.
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

/**
 * The karaoke video's frame at the playhead, drawn from the same layout as the rendered video
 * (src/karaoke-layout, drawn by src/features/karaoke-preview): what the user sees while editing
 * is what the video shows. Follows the player every animation frame while it plays.
 */
export function KaraokePreview({ player, style, title, artists, duration }: KaraokePreviewProps) {
  const doc = useEditor((s) => s.doc);
  const source = previewSource(rowIndexFor(doc));
  return (
    <section className="karaoke-preview" aria-label="Karaoke preview">
      <KaraokeCanvas
        source={source}
        style={style}
        title={title}
        artists={artists}
        duration={duration}
        clock={player}
        label="Karaoke video preview at the playhead"
      />
    </section>
  );
}
