import { useEffect, useMemo, useRef, useState } from 'react';
import type { Project, StyleObject } from '../../contract';
import { estimateTextWidth, layoutKaraoke, type KaraokeLayout } from '../../karaoke-layout';
import { KaraokeCanvas } from '../karaoke-preview';
import { frameSize } from './overflow';
import { videoAlignment } from './project-lyrics';
import { SampleRender } from './sample-render';

const formatTime = (s: number) => {
  const m = Math.floor(s / 60);
  const sec = Math.floor(s % 60);
  return `${m}:${String(sec).padStart(2, '0')}`;
};

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
  const audioRef = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [audioDuration, setAudioDuration] = useState(0);

  const alignment = project ? videoAlignment(project) : null;
  const items = alignment?.alignment.items;
  const stem = project?.stems.find((s) => s.type === 'original') ?? project?.stems[0];
  const lastEnd = useMemo(() => (items ?? []).reduce((m, i) => Math.max(m, i.end), 0), [items]);
  const duration = Math.max(project?.duration ?? 0, audioDuration, lastEnd, 1);

  // The moments worth a look, from the video's own layout (its measure, its frame size).
  const layout = useMemo(() => {
    const frame = frameSize(style.aspectRatio);
    return layoutKaraoke({
      items: items ?? [],
      style,
      ...frame,
      measure: estimateTextWidth,
      title: project?.title,
      artists: project?.artists,
      duration,
    });
  }, [items, style, project?.title, project?.artists, duration]);
  const marks = useMemo(() => landmarks(layout), [layout]);

  useEffect(() => {
    if (!playing) return;
    let raf = 0;
    const tick = () => {
      const audio = audioRef.current;
      if (audio) setTime(audio.currentTime);
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [playing]);

  const seek = (t: number) => {
    const next = Math.max(0, Math.min(duration, t));
    setTime(next);
    if (audioRef.current) audioRef.current.currentTime = next;
  };
  const togglePlay = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) {
      audio.currentTime = time;
      void audio.play().catch(() => setPlaying(false));
    } else audio.pause();
  };

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
      <div className="preview-transport">
        <button type="button" onClick={togglePlay} disabled={!stem} aria-pressed={playing}>
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
            onChange={(e) => seek(Number(e.target.value))}
          />
        </label>
        <span className="preview-time" aria-hidden="true">
          {formatTime(time)} / {formatTime(duration)}
        </span>
      </div>
      {marks.length > 0 && (
        <div className="preview-marks" role="group" aria-label="Jump to">
          {marks.map((m) => (
            <button key={m.label} type="button" onClick={() => seek(m.time)}>
              {m.label}
            </button>
          ))}
        </div>
      )}
      {stem && (
        <audio
          ref={audioRef}
          src={stem.url}
          preload="metadata"
          onLoadedMetadata={(e) => setAudioDuration(e.currentTarget.duration || 0)}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
        />
      )}
      {project && (
        <SampleRender
          project={project}
          alignmentId={alignment?.id}
          start={time}
          duration={duration}
          beforeRender={beforeRender}
          onFollow={setTime}
        />
      )}
    </section>
  );
}
