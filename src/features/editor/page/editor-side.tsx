import type { Project } from '../../../contract';
import { EditorStylePanel, useEditorPreviewStyle } from '../../style/editor-style-panel';
import { KaraokePreview, TapSyncPanel, ValidationPanel, type PlaybackClock } from '../panels';
import { useStagedMount } from './use-staged-mount';

interface Props {
  project: Project;
  clock: PlaybackClock;
  duration: number;
  /** The translations the preview shows under the lines. */
  languages: readonly string[];
  onJump: (time: number) => void;
  tapRate: number;
  onTapRateChange: (rate: number) => void;
}

/** The karaoke preview's width / height for a style's aspect ratio ("16:9" when unknown). */
function previewAspect(ratio: string | undefined): string {
  const [w, h] = (ratio ?? '16:9').split(':').map(Number);
  return w && h ? `${w} / ${h}` : '16 / 9';
}

/**
 * The side column: the karaoke preview, the style panel, the checks and tap-sync; mounted after
 * the timeline has painted and a first input could be answered, a panel a frame (ADR 0018).
 */
export function EditorSide({ project, clock, duration, languages, onJump, ...tap }: Props) {
  // The unsaved style draft (Settings page or the panel below) shows here at once.
  const style = useEditorPreviewStyle(project);
  // The preview (its lines and first frame) a frame after the word list mounts (stage 2 of
  // EditorWords): one task each, not one render of both.
  const stage = useStagedMount(3);
  return (
    <aside className="editor-side" aria-label="Preview and checks">
      {stage >= 3 ? (
        <KaraokePreview
          player={clock}
          style={style ?? undefined}
          title={project.title}
          artists={project.artists}
          duration={duration || undefined}
          languages={languages}
        />
      ) : (
        // the preview's frame, kept for it: nothing below moves when it comes
        <p
          className="karaoke-preview muted"
          role="status"
          style={{ aspectRatio: previewAspect(style?.aspectRatio) }}
        >
          Preparing the preview…
        </p>
      )}
      {stage >= 1 && project.settings && (
        <EditorStylePanel project={project} settings={project.settings} />
      )}
      {stage >= 1 && <ValidationPanel onJump={onJump} getTime={() => clock.getTime()} />}
      {stage >= 1 && <TapSyncPanel rate={tap.tapRate} onRateChange={tap.onTapRateChange} />}
    </aside>
  );
}
