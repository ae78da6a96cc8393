import type { StyleObject } from '../../../contract';
import { KaraokeCanvas } from '../../karaoke-preview';
import { useEditor } from '../store';
import type { PlaybackClock } from './playback-clock';
import { previewSource } from './preview-source';
import { rowIndexFor } from './row-index';
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
  /** The project's displayLanguages: their translations under the lines (ADR 0017). */
  languages?: readonly string[];
}

/**
 * The karaoke video's frame at the playhead, drawn from the same layout as the rendered video
 * (src/karaoke-layout, drawn by src/features/karaoke-preview): what the user sees while editing
 * is what the video shows. Follows the player every animation frame while it plays.
 */
export function KaraokePreview({ player, ...shown }: KaraokePreviewProps) {
  const doc = useEditor((s) => s.doc);
  const source = previewSource(rowIndexFor(doc));
  return (
    <section className="karaoke-preview" aria-label="Karaoke preview">
      <KaraokeCanvas
        {...shown}
        source={source}
        clock={player}
        label="Karaoke video preview at the playhead"
      />
    </section>
  );
}
