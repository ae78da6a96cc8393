import { useId } from 'react';
import { Checkbox, SelectField } from '../../components/fields';
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
  const noTiming = project.alignments.length === 0;
  const timings = noTiming
    ? [{ value: '', label: 'No timing yet' }]
    : project.alignments.map((a) => ({
        value: a.id,
        label: `${a.name || a.model}${a.selected ? ' (active)' : ''} · ${a.alignment.items.length} items`,
      }));
  return (
    <div className="render-fields">
      <SelectField
        label="Timing"
        value={value.alignmentId}
        options={timings}
        onChange={(id) => set('alignmentId', id)}
        describedBy={noTiming ? noAlignmentId : undefined}
        disabled={noTiming}
      />
      {noTiming && (
        <p id={noAlignmentId} className="field-hint error-text">
          This project has no lyric timing yet: sync its lyrics first (Tasks).
        </p>
      )}
      <SelectField
        label="Resolution"
        value={value.resolution}
        options={EXPORT_RESOLUTIONS.map((r) => ({ value: r, label: RESOLUTION_LABELS[r] }))}
        onChange={(r) => set('resolution', r)}
      />
      <SelectField
        label="Frame rate"
        value={value.fps}
        options={EXPORT_FPS.map((fps) => ({ value: fps, label: `${fps} fps` }))}
        onChange={(fps) => set('fps', fps)}
      />
      <SelectField
        label="Quality"
        value={value.quality}
        options={EXPORT_QUALITIES.map((q) => ({ value: q, label: QUALITY_LABELS[q] }))}
        onChange={(q) => set('quality', q)}
      />
      <SelectField
        label="Audio"
        value={value.audio}
        options={EXPORT_AUDIO.map((a) => ({
          value: a,
          label: AUDIO_LABELS[a],
          disabled: a === 'instrumental' && !instrumental,
        }))}
        onChange={(a) => set('audio', a)}
        describedBy={instrumental ? undefined : noStemId}
      />
      {!instrumental && (
        <p id={noStemId} className="field-hint muted">
          No instrumental stem yet: a stem separation (Tasks) makes one for a karaoke track.
        </p>
      )}
      <Checkbox
        className="check"
        checked={value.transparent}
        onChange={(on) => set('transparent', on)}
      >
        Transparent background (WebM with alpha, for overlaying on other video)
      </Checkbox>
      <Checkbox className="check" checked={value.fast} onChange={(on) => set('fast', on)}>
        Fast mode (renders sooner, larger file)
      </Checkbox>
    </div>
  );
}
