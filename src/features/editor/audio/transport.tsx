import { useEffect, useRef } from 'react';
import { formatTime } from './format-time';
import type { LoopRange, PlayerSnapshot } from './stem-player';

export interface TransportControls {
  toggle(): Promise<void>;
  setRate(rate: number): void;
  setLoop(range: LoopRange | null): void;
  getTime(): number;
}

export interface TransportProps {
  snapshot: PlayerSnapshot;
  controls: TransportControls;
  /** What the loop toggle loops: the selection or the current line (null: nothing to loop). */
  loopRange: LoopRange | null;
}

export const PLAYBACK_RATES = [0.5, 0.6, 0.75, 0.9, 1, 1.1, 1.25, 1.5];

/** Play/pause, a clock written straight to the DOM every frame, playback rate and loop. */
export function Transport({ snapshot, controls, loopRange }: TransportProps) {
  const clock = useRef<HTMLSpanElement>(null);
  const c = useRef(controls);
  useEffect(() => {
    c.current = controls;
  });
  const duration = formatTime(snapshot.duration);
  useEffect(() => {
    let raf = 0;
    let shown = '';
    const loop = () => {
      raf = requestAnimationFrame(loop);
      const text = `${formatTime(c.current.getTime())} / ${duration}`;
      if (text !== shown && clock.current) clock.current.textContent = shown = text;
    };
    loop();
    return () => cancelAnimationFrame(raf);
  }, [duration]);

  const playing = snapshot.playing;
  return (
    <div
      role="toolbar"
      aria-label="Transport"
      style={{ display: 'flex', gap: 10, alignItems: 'center', fontSize: 13 }}
    >
      <button type="button" onClick={() => void controls.toggle()} style={{ minWidth: 64 }}>
        {playing ? 'Pause' : 'Play'}
      </button>
      <span
        ref={clock}
        role="timer"
        aria-label="Playback position"
        style={{ fontVariantNumeric: 'tabular-nums', minWidth: 150 }}
      />
      <label>
        Playback rate{' '}
        <select
          value={String(snapshot.rate)}
          onChange={(e) => controls.setRate(Number(e.currentTarget.value))}
        >
          {PLAYBACK_RATES.map((r) => (
            <option key={r} value={String(r)}>
              {r}x
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        aria-pressed={snapshot.loop !== null}
        disabled={snapshot.loop === null && loopRange === null}
        onClick={() => controls.setLoop(snapshot.loop ? null : loopRange)}
      >
        Loop
      </button>
    </div>
  );
}
