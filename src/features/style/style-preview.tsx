import { useMemo } from 'react';
import { songClock } from '../../components/format';
import type { AlignmentItem, Project, StyleObject } from '../../contract';
import { estimateTextWidth, layoutKaraoke, type KaraokeLayout } from '../../karaoke-layout';
import { KaraokeCanvas } from '../karaoke-preview';
import { frameSize } from './overflow';
import { videoAlignment } from './project-lyrics';
import { SampleRender } from './sample-render';
import { usePreviewPlayer } from './use-preview-player';

const formatTime = songClock;

/** Moments worth looking at in this layout: title card, first lead-in, first line, first break. */
export function landmarks(layout: KaraokeLayout): { label: string; time: number }[] {
  const out: { label: string; time: number }[] = [];
  if (layout.titleCard) out.push({ label: 'Title card', time: layout.titleCard.from + 0.5 });
  const lead = layout.leadIns[0];
  if (lead) out.push({ label: 'Lead-in', time: lead.from + (lead.to - lead.from) * 0.4 });
  const first = layout.lines[0];
  if (first) out.push({ label: 'First line', time: first.start + (first.end - first.start) * 0.5 });
  const brk = layout.breaks.find((b) => b.start > 0) ?? layout.breaks[0];
  if (brk) {
    const from = brk.countdown?.from ?? brk.progress?.from ?? brk.start;
    out.push({ label: 'A break', time: Math.min(brk.end - 0.3, from + 0.8) });
  }
  return out;
}

/**
 * The video's look at any moment: the project's real lyrics drawn by the shared KaraokeCanvas
 * (src/features/karaoke-preview, from the same layout module as the renderer) in the style's
 * aspect ratio, with the song's audio, a scrubber, jumps to the title card, a lead-in, the first
 * line and a break, and a real 10-second render to compare.
 */
export function StylePreview({
  project,
  style,
  languages,
  beforeRender,
}: {
  project: Project | undefined;
  style: StyleObject;
  /** The translations shown under each line, in order (the draft's `displayLanguages`). */
  languages?: readonly string[];
  beforeRender?: () => Promise<boolean>;
}) {
  const alignment = project ? videoAlignment(project) : null;
  const items = alignment?.alignment.items;
  const stem = project?.stems.find((s) => s.type === 'original') ?? project?.stems[0];
  const lastEnd = useMemo(() => (items ?? []).reduce((m, i) => Math.max(m, i.end), 0), [items]);
  const player = usePreviewPlayer();
  const duration = Math.max(project?.duration ?? 0, player.audioDuration, lastEnd, 1);
  const marks = usePreviewMarks(project, items, style, duration);
  const { time } = player;
  const seek = (t: number) => player.seek(t, duration);

  return (
    <section className="style-preview" aria-label="Preview of the video">
      <div className={`style-preview-box ratio-${style.aspectRatio.replace(':', 'x')}`}>
        <KaraokeCanvas
          items={items}
          style={style}
          title={project?.title}
          artists={project?.artists}
          duration={duration}
          time={time}
          languages={languages}
          label={`Preview of the video (${style.aspectRatio}) at ${formatTime(time)}`}
        />
      </div>
      {!items?.length && (
        <p className="muted">
          This project has no timed lyrics yet: the preview shows the title card and background.
        </p>
      )}
      <PreviewTransport
        playing={player.playing}
        canPlay={!!stem}
        onToggle={player.togglePlay}
        time={time}
        duration={duration}
        onSeek={seek}
      />
      {marks.length > 0 && (
        <div className="preview-marks" role="group" aria-label="Jump to">
          {marks.map((m) => (
            <button key={m.label} type="button" onClick={() => seek(m.time)}>
              {m.label}
            </button>
          ))}
        </div>
      )}
      {stem && <audio src={stem.url} preload="metadata" {...player.audioProps} />}
      {project && (
        <SampleRender
          project={project}
          alignmentId={alignment?.id}
          start={time}
          duration={duration}
          beforeRender={beforeRender}
          onFollow={player.setTime}
        />
      )}
    </section>
  );
}

/** The moments worth a look, from the video's own layout (its measure, its frame size). */
function usePreviewMarks(
  project: Project | undefined,
  items: readonly AlignmentItem[] | undefined,
  style: StyleObject,
  duration: number,
) {
  const title = project?.title;
  const artists = project?.artists;
  return useMemo(() => {
    const layout = layoutKaraoke({
      items: items ?? [],
      style,
      ...frameSize(style.aspectRatio),
      measure: estimateTextWidth,
      title,
      artists,
      duration,
    });
    return landmarks(layout);
  }, [items, style, title, artists, duration]);
}

/** Play / Pause the song, the scrubber ("Preview time") and the time shown. */
function PreviewTransport({
  playing,
  canPlay,
  onToggle,
  time,
  duration,
  onSeek,
}: {
  playing: boolean;
  canPlay: boolean;
  onToggle: () => void;
  time: number;
  duration: number;
  onSeek: (time: number) => void;
}) {
  return (
    <div className="preview-transport">
      <button type="button" onClick={onToggle} disabled={!canPlay} aria-pressed={playing}>
        {playing ? 'Pause' : 'Play'}
      </button>
      <label className="preview-scrub">
        <span className="visually-hidden">Preview time</span>
        <input
          type="range"
          min={0}
          max={duration}
          step={0.1}
          value={Math.min(time, duration)}
          aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
          onChange={(e) => onSeek(Number(e.target.value))}
        />
      </label>
      <span className="preview-time" aria-hidden="true">
        {formatTime(time)} / {formatTime(duration)}
      </span>
    </div>
  );
}
