import { useId, useState } from 'react';
import { getItem, useEditor } from '../store';
import './panels.css';

export const TAP_RATES = [0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1] as const;

export interface TapSyncPanelProps {
  /** Playback rate while tapping; the page applies it to the player (pitch kept). */
  rate: number;
  onRateChange: (rate: number) => void;
  /** The tap key as shown to the user (the key map's tap binding). */
  tapKey?: string;
}

const MIN_LATENCY_MS = -500;
const MAX_LATENCY_MS = 1000;

/** A typed tap latency in milliseconds, or null when it is no number in the allowed range. */
export function parseLatencyMs(text: string): number | null {
  const ms = Number(text);
  if (text.trim() === '' || !Number.isFinite(ms)) return null;
  return ms >= MIN_LATENCY_MS && ms <= MAX_LATENCY_MS ? ms : null;
}

/** The word the next tap starts and the one tapped last (while tap mode is on). */
function TapProgress() {
  const tap = useEditor((s) => s.tap);
  const doc = useEditor((s) => s.doc);
  if (!tap) return null;
  const nextKey = tap.order[tap.cursor];
  const next = nextKey === undefined ? undefined : getItem(doc, nextKey);
  const current = tap.current == null ? undefined : getItem(doc, tap.current);
  return (
    <div aria-live="polite">
      {next ? (
        <p>
          Next: <span className="tap-current">{next.text}</span>
        </p>
      ) : (
        <p>All words tapped. Stop to keep the result.</p>
      )}
      {current && <p className="muted">Last tapped: {current.text}</p>}
    </div>
  );
}

/**
 * The rate and latency fields. A valid latency is kept at once; anything else stays as typed
 * with the message under the fields until corrected or the field is left.
 */
function TapFields({ rate, onRateChange }: Pick<TapSyncPanelProps, 'rate' | 'onRateChange'>) {
  const latency = useEditor((s) => s.settings.tapLatency);
  const actions = useEditor((s) => s.actions);
  const [latencyText, setLatencyText] = useState<string | null>(null);
  const errorId = useId();
  const latencyMs = Math.round(latency * 1000);
  const valid = latencyText === null || parseLatencyMs(latencyText) !== null;
  return (
    <>
      <div className="tap-fields">
        <label>
          Tap playback rate
          <select value={String(rate)} onChange={(e) => onRateChange(Number(e.target.value))}>
            {TAP_RATES.map((r) => (
              <option key={r} value={String(r)}>
                {r.toFixed(2).replace(/0$/, '')}x
              </option>
            ))}
          </select>
        </label>
        <label>
          Tap latency (ms)
          <input
            type="number"
            step={5}
            min={MIN_LATENCY_MS}
            max={MAX_LATENCY_MS}
            value={latencyText ?? String(latencyMs)}
            aria-invalid={!valid}
            aria-describedby={valid ? undefined : errorId}
            onChange={(e) => {
              const ms = parseLatencyMs(e.target.value);
              if (ms === null) return setLatencyText(e.target.value);
              actions.setSettings({ tapLatency: ms / 1000 });
              setLatencyText(null);
            }}
            onBlur={() => setLatencyText(null)}
          />
        </label>
      </div>
      {!valid && (
        <p id={errorId} className="error-text" role="alert">
          Latency is a number of milliseconds from {MIN_LATENCY_MS} to {MAX_LATENCY_MS}.
        </p>
      )}
    </>
  );
}

/** Tap-sync: on/off, the word the next tap starts, rate and latency; the run is one undo step. */
export function TapSyncPanel({ rate, onRateChange, tapKey = 'J' }: TapSyncPanelProps) {
  const tap = useEditor((s) => s.tap);
  const actions = useEditor((s) => s.actions);
  const hintId = useId();
  return (
    <section className="tap-sync-panel" aria-label="Tap-sync">
      <div className="panel-header">
        <h2>Tap-sync</h2>
        <span role="status" className={tap ? 'tap-state-on' : 'muted'}>
          {tap ? 'Tap mode on' : 'Tap mode off'}
        </span>
      </div>
      <p id={hintId} className="muted">
        Press {tapKey} on each word; hold to set its end.
      </p>
      <TapProgress />
      <TapFields rate={rate} onRateChange={onRateChange} />
      <div>
        {tap ? (
          <button type="button" className="primary" onClick={() => actions.stopTapSync()}>
            Stop tap-sync
          </button>
        ) : (
          <button type="button" aria-describedby={hintId} onClick={() => actions.startTapSync()}>
            Start tap-sync
          </button>
        )}
      </div>
    </section>
  );
}
