import { useId } from 'react';
import type { Project } from '../../contract';
import {
  AUDIO_LABELS,
  EXPORT_AUDIO,
  EXPORT_FPS,
  EXPORT_QUALITIES,
  EXPORT_RESOLUTIONS,
  hasInstrumental,
  QUALITY_LABELS,
  RESOLUTION_LABELS,
  type RenderOptions,
} from './render-options';

interface Props {
  project: Pick<Project, 'stems' | 'alignments'>;
  value: RenderOptions;
  onChange: (next: RenderOptions) => void;
}

/** The render's options: which timing, size, frame rate, quality, audio, transparency, speed. */
export function RenderOptionsFields({ project, value, onChange }: Props) {
  const set = <K extends keyof RenderOptions>(key: K, next: RenderOptions[K]) =>
    onChange({ ...value, [key]: next });
  const noStemId = useId();
  const noAlignmentId = useId();
  const instrumental = hasInstrumental(project);
  return (
    <div className="render-fields">
      <label>
        Timing
        <select
          value={value.alignmentId}
          onChange={(event) => set('alignmentId', event.target.value)}
          aria-describedby={project.alignments.length === 0 ? noAlignmentId : undefined}
          disabled={project.alignments.length === 0}
        >
          {project.alignments.length === 0 && <option value="">No timing yet</option>}
          {project.alignments.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name || a.model}
              {a.selected ? ' (active)' : ''} · {a.alignment.items.length} items
            </option>
          ))}
        </select>
      </label>
      {project.alignments.length === 0 && (
        <p id={noAlignmentId} className="field-hint error-text">
          This project has no lyric timing yet: sync its lyrics first (Tasks).
        </p>
      )}
      <label>
        Resolution
        <select
          value={value.resolution}
          onChange={(event) => set('resolution', event.target.value as RenderOptions['resolution'])}
        >
          {EXPORT_RESOLUTIONS.map((r) => (
            <option key={r} value={r}>
              {RESOLUTION_LABELS[r]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Frame rate
        <select
          value={value.fps}
          onChange={(event) => set('fps', Number(event.target.value) as RenderOptions['fps'])}
        >
          {EXPORT_FPS.map((fps) => (
            <option key={fps} value={fps}>
              {fps} fps
            </option>
          ))}
        </select>
      </label>
      <label>
        Quality
        <select
          value={value.quality}
          onChange={(event) => set('quality', event.target.value as RenderOptions['quality'])}
        >
          {EXPORT_QUALITIES.map((q) => (
            <option key={q} value={q}>
              {QUALITY_LABELS[q]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Audio
        <select
          value={value.audio}
          onChange={(event) => set('audio', event.target.value as RenderOptions['audio'])}
          aria-describedby={instrumental ? undefined : noStemId}
        >
          {EXPORT_AUDIO.map((a) => (
            <option key={a} value={a} disabled={a === 'instrumental' && !instrumental}>
              {AUDIO_LABELS[a]}
            </option>
          ))}
        </select>
      </label>
      {!instrumental && (
        <p id={noStemId} className="field-hint muted">
          No instrumental stem yet: a stem separation (Tasks) makes one for a karaoke track.
        </p>
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={value.transparent}
          onChange={(event) => set('transparent', event.target.checked)}
        />
        Transparent background (WebM with alpha, for overlaying on other video)
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={value.fast}
          onChange={(event) => set('fast', event.target.checked)}
        />
        Fast mode (renders sooner, larger file)
      </label>
    </div>
  );
}
