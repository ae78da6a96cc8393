import type { StemState } from './stem-player';

export interface MixerControls {
  setMuted(id: string, muted: boolean): void;
  setSolo(id: string, solo: boolean): void;
  setVolume(id: string, volume: number): void;
  toggleSoloType(type?: string): void;
}

export interface MixerProps {
  stems: readonly StemState[];
  controls: MixerControls;
}

const button = (on: boolean, color: string) => ({
  minWidth: 28,
  padding: '2px 6px',
  border: '1px solid #3a4252',
  borderRadius: 4,
  background: on ? color : '#1f232b',
  color: on ? '#111' : '#c9d1dd',
  fontWeight: 600,
  cursor: 'pointer',
});

/** Per stem: mute, solo, volume; a stem that failed to load says why and the rest still work. */
export function Mixer({ stems, controls }: MixerProps) {
  const vocals = stems.filter((s) => s.type === 'vocals');
  const vocalsOnly = vocals.length > 0 && stems.every((s) => s.solo === (s.type === 'vocals'));
  return (
    <section aria-label="Mixer" style={{ display: 'grid', gap: 6, fontSize: 13 }}>
      {stems.map((s) => (
        <div
          key={s.id}
          role="group"
          aria-label={s.label}
          style={{ display: 'flex', gap: 6, alignItems: 'center' }}
        >
          <span style={{ width: 96, overflow: 'hidden', textOverflow: 'ellipsis' }}>{s.label}</span>
          {(
            [
              ['Mute', 'M', s.muted, '#e5a93b', (on: boolean) => controls.setMuted(s.id, on)],
              ['Solo', 'S', s.solo, '#6fcf97', (on: boolean) => controls.setSolo(s.id, on)],
            ] as const
          ).map(([name, letter, on, color, set]) => (
            <button
              key={name}
              type="button"
              aria-label={`${name} ${s.label}`}
              aria-pressed={on}
              style={button(on, color)}
              onClick={() => set(!on)}
            >
              {letter}
            </button>
          ))}
          <input
            type="range"
            min={0}
            max={1}
            step={0.01}
            value={s.volume}
            aria-label={`Volume of ${s.label}`}
            aria-valuetext={`${Math.round(s.volume * 100)} %`}
            disabled={s.status === 'error'}
            onChange={(e) => controls.setVolume(s.id, Number(e.currentTarget.value))}
          />
          {s.status === 'loading' && <span style={{ color: '#8a93a3' }}>loading…</span>}
          {s.status === 'error' && (
            <span role="alert" style={{ color: '#e5484d' }}>
              {s.label} could not be loaded: {s.error}
            </span>
          )}
        </div>
      ))}
      {vocals.length > 0 && (
        <button
          type="button"
          aria-pressed={vocalsOnly}
          style={{ ...button(vocalsOnly, '#6fcf97'), justifySelf: 'start' }}
          onClick={() => controls.toggleSoloType('vocals')}
        >
          Vocals only
        </button>
      )}
    </section>
  );
}
