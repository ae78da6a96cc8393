import type { Project } from '../../../contract';
import { EditorStylePanel, useEditorPreviewStyle } from '../../style/editor-style-panel';
import { KaraokePreview, TapSyncPanel, ValidationPanel, type PlaybackClock } from '../panels';

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

/** The side column: the karaoke preview, the style panel, the checks and tap-sync. */
export function EditorSide({ project, clock, duration, languages, onJump, ...tap }: Props) {
  // The unsaved style draft (Settings page or the panel below) shows here at once.
  const style = useEditorPreviewStyle(project);
  return (
    <aside className="editor-side" aria-label="Preview and checks">
      <KaraokePreview
        player={clock}
        style={style ?? undefined}
        title={project.title}
        artists={project.artists}
        duration={duration || undefined}
        languages={languages}
      />
      {project.settings && <EditorStylePanel project={project} settings={project.settings} />}
      <ValidationPanel onJump={onJump} getTime={() => clock.getTime()} />
      <TapSyncPanel rate={tap.tapRate} onRateChange={tap.onTapRateChange} />
    </aside>
  );
}
