import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Project, StyleObject } from '../../contract';
import { frameAt, layoutKaraoke, type KaraokeLayout } from '../../karaoke-layout';
import { canvasMeasure } from './canvas-measure';
import { drawFrame } from './draw-frame';
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
 * The video's look at any moment: the project's real lyrics laid out by the same module as the
 * video (src/karaoke-layout), drawn on a canvas of the style's aspect ratio, with the song's audio,
 * a scrubber, jumps to the title card, a lead-in and a break, and a real 10-second render to compare.
 */
export function StylePreview({
  project,
  style,
  beforeRender,
}: {
  project: Project | undefined;
  style: StyleObject;
  beforeRender?: () => Promise<boolean>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(640);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [audioDuration, setAudioDuration] = useState(0);

  const alignment = project ? videoAlignment(project) : null;
  const items = alignment?.alignment.items;
  const stem = project?.stems.find((s) => s.type === 'original') ?? project?.stems[0];
  const lastEnd = useMemo(() => (items ?? []).reduce((m, i) => Math.max(m, i.end), 0), [items]);
  const duration = Math.max(project?.duration ?? 0, audioDuration, lastEnd, 1);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBoxWidth(Math.max(160, Math.floor(entry.contentRect.width)));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  // The canvas is the video's frame scaled to fit the column (portrait frames are capped in height).
  const frame = frameSize(style.aspectRatio);
  const maxHeight = 520;
  const cssWidth = Math.min(boxWidth, Math.round((maxHeight * frame.width) / frame.height));
  const cssHeight = Math.round((cssWidth * frame.height) / frame.width);
  const dpr = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);
  const pxWidth = Math.round(cssWidth * dpr);
  const pxHeight = Math.round(cssHeight * dpr);

  const layout = useMemo(
    () =>
      layoutKaraoke({
        items: items ?? [],
        style,
        width: pxWidth,
        height: pxHeight,
        measure: canvasMeasure(),
        title: project?.title,
        artists: project?.artists,
        duration,
      }),
    [items, style, pxWidth, pxHeight, project?.title, project?.artists, duration],
  );

  const draw = useCallback(
    (t: number) => {
      const ctx = canvasRef.current?.getContext('2d');
      if (ctx) drawFrame(ctx, layout, frameAt(layout, t));
    },
    [layout],
  );

  useEffect(() => draw(time), [draw, time]);
  // Fonts load late: draw again once they are ready.
  useEffect(() => {
    void document.fonts?.ready.then(() => draw(time));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draw]);

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

  const marks = useMemo(() => landmarks(layout), [layout]);
  const onScreen = frameAt(layout, time);
  const description = onScreen.titleCard
    ? `Title card: ${onScreen.titleCard.card.title.text}`
    : onScreen.lines.length
      ? onScreen.lines
          .map((l) => l.line.segments.map((s) => s.text + (s.space ? ' ' : '')).join(''))
          .join(' / ')
      : onScreen.countdown
        ? `Instrumental break, ${onScreen.countdown.value} before the next line`
        : onScreen.progress
          ? 'Instrumental break'
          : 'No lyrics on screen';

  return (
    <section className="style-preview" aria-label="Preview of the video">
      <div ref={boxRef} className="style-preview-box">
        <canvas
          ref={canvasRef}
          width={pxWidth}
          height={pxHeight}
          style={{ width: cssWidth, height: cssHeight }}
          role="img"
          aria-label={`Preview at ${formatTime(time)} (${style.aspectRatio}): ${description}`}
          data-testid="style-preview-canvas"
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
          onFollow={(t) => {
            setTime(t);
            draw(t);
          }}
        />
      )}
    </section>
  );
}
