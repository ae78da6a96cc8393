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
